// The enrolment of the selected year: for an enrolled student its MPPA (read-only without the
// right to change payments); otherwise the optional immediate enrolment, its class choice
// pre-filling the class fee.
import { formatMoney } from '../../../../worker/domain/money';
import { ClassSelect } from '../../../components/ClassSelect';
import { studentText } from '../../../i18n/students';
import type { SchoolYear } from '../../../layouts/school';
import { amountInput, type ClassOption, type Enrollment } from '../model';
import { TextField } from './BoundField';
import type { FormBinding } from './state';

const t = studentText.form;

export function EnrolmentFields({
  form,
  enrolled,
  year,
  classes,
  currency,
  canChangeMppa,
}: {
  form: FormBinding;
  enrolled: Enrollment | null;
  year: SchoolYear;
  classes: readonly ClassOption[];
  currency: Parameters<typeof formatMoney>[1];
  canChangeMppa: boolean;
}) {
  const { state } = form;
  const feeOf = (name: string) => classes.find((c) => c.name === name)?.mppa ?? null;
  const fee = feeOf(state.enrollmentClassName);
  const chooseClass = (name: string) => {
    const classFee = feeOf(name);
    form.update({
      enrollmentClassName: name,
      enrollmentMppa: classFee === null ? state.enrollmentMppa : amountInput(classFee),
    });
  };
  // The enrolment's MPPA field, called rather than rendered as a component (its input keeps its
  // focus): read-only for an enrolled student without the right; the class fee as a hint otherwise.
  const mppa = (props: { readOnly?: boolean; hint?: string }) => (
    <TextField form={form} name="enrollmentMppa" label={t.enrolmentMppa} required inputMode="decimal" {...props} />
  );
  return (
    <fieldset>
      <legend>{t.enrolment}</legend>
      {enrolled ? (
        <>
          <p>{t.enrolledIn(enrolled.className, year.name)}</p>
          {mppa({ readOnly: !canChangeMppa })}
        </>
      ) : (
        <>
          <label className="check">
            <input
              type="checkbox"
              checked={state.enrollNow}
              onChange={(e) => form.set('enrollNow', e.target.checked)}
            />
            {t.enrolNow(year.name)}
          </label>
          {state.enrollNow && (
            <div className="form-grid">
              <ClassSelect
                label={t.enrolmentClass}
                required
                error={form.errors.enrollmentClassName}
                dataField="enrollmentClassName"
                value={state.enrollmentClassName}
                onChange={chooseClass}
                classes={classes}
                none={studentText.enrol.chooseClass}
              />
              {mppa({
                hint: fee !== null ? `${t.mppaHint} (${formatMoney(Math.round(fee * 100), currency)})` : t.mppaHint,
              })}
            </div>
          )}
        </>
      )}
    </fieldset>
  );
}
