// Medical notes: blood group, allergies and known illnesses (one JSON text on the server).
import { studentText } from '../../../i18n/students';
import { BLOOD_GROUPS, MEDICAL_LIMITS } from '../../../../worker/domain/students';
import { BoundField, TextField } from './BoundField';
import type { FormBinding } from './state';
import { ValueOptions } from '../../../components/Field';

const t = studentText.form;

export function MedicalFields({ form }: { form: FormBinding }) {
  const { state, set } = form;
  return (
    <fieldset>
      <legend>{t.medical}</legend>
      <div className="form-grid">
        <BoundField form={form} name="blood_group" label={t.bloodGroup}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={state.blood_group}
              onChange={(e) => set('blood_group', e.target.value)}
            >
              <option value="">{t.bloodGroupUnspecified}</option>
              <ValueOptions values={BLOOD_GROUPS} />
            </select>
          )}
        </BoundField>
        <TextField form={form} name="allergies" label={t.allergies} maxLength={MEDICAL_LIMITS.allergies} />
        <BoundField form={form} name="illnesses" label={t.illnesses} wide>
          {(control) => (
            <textarea
              {...control}
              className="input"
              rows={2}
              value={state.illnesses}
              onChange={(e) => set('illnesses', e.target.value)}
              maxLength={MEDICAL_LIMITS.illnesses}
            />
          )}
        </BoundField>
      </div>
    </fieldset>
  );
}
