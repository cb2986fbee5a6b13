// The register's dialogs: enrolling one student or a selection, and 'Changer de Classe'
// (document 2 §2, §4).
import { useState } from 'react';
import { ClassSelect } from '../../components/ClassSelect';
import { FormDialog } from '../../components/Dialog';
import { InputField, SelectField, RowOptions } from '../../components/Field';
import { formatMoney } from '../../../worker/domain/money';
import { studentServerText as messages, studentText } from '../../i18n/students';
import { amountInput, type ClassOption, parseAmount } from './model';

type Currency = Parameters<typeof formatMoney>[1];

const feeLabel = (c: ClassOption, currency: Currency) =>
  c.mppa === null
    ? `${c.name} — ${studentText.enrol.noFee}`
    : `${c.name} — ${formatMoney(Math.round(c.mppa * 100), currency)}`;

/** Enrol one student (class and MPPA, pre-filled with the class fee of the year) or a selection (class only). */
export function EnrolDialog({
  title,
  yearName,
  classes,
  currency,
  withAmount,
  busy,
  onSubmit,
  onCancel,
}: {
  title: string;
  yearName: string;
  classes: ClassOption[];
  currency: Currency;
  /** One student: the MPPA can be changed; a selection gets each class fee. */
  withAmount: boolean;
  busy: boolean;
  onSubmit: (className: string, mppa: number | null) => void;
  onCancel: () => void;
}) {
  const t = studentText.enrol;
  const [className, setClassName] = useState('');
  const [mppa, setMppa] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = (name: string) => {
    setClassName(name);
    const fee = classes.find((c) => c.name === name)?.mppa;
    if (fee !== undefined && fee !== null) setMppa(amountInput(fee));
    setError(null);
  };
  const submit = () => {
    if (!className) return setError(messages.classRequired);
    const amount = withAmount ? parseAmount(mppa) : null;
    if (withAmount && amount === null) return setError(messages.mppaRequired);
    onSubmit(className, amount);
  };
  return (
    <FormDialog
      title={title}
      confirmLabel={t.submit}
      cancelLabel={t.cancel}
      busy={busy}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <p className="muted">{t.year(yearName)}</p>
      <ClassSelect
        label={t.className}
        value={className}
        onChange={choose}
        classes={classes}
        none={t.chooseClass}
        optionLabel={(c) => feeLabel(c, currency)}
      />
      {withAmount ? (
        <InputField label={t.mppa} inputMode="decimal" value={mppa} onChange={(e) => setMppa(e.target.value)} />
      ) : (
        <p className="muted">{t.bulkMppa}</p>
      )}
    </FormDialog>
  );
}

/** 'Changer de Classe': the destinations are the classes not represented in the selection. */
export function ChangeClassDialog({
  count,
  targets,
  busy,
  onSubmit,
  onCancel,
}: {
  count: number;
  targets: ClassOption[];
  busy: boolean;
  onSubmit: (target: ClassOption) => void;
  onCancel: () => void;
}) {
  const t = studentText.changeClass;
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const chosen = targets.find((c) => c.id === target);
    if (!chosen) return setError(t.required);
    onSubmit(chosen);
  };
  return (
    <FormDialog
      title={t.title}
      confirmLabel={t.submit}
      cancelLabel={t.cancel}
      busy={busy}
      disabled={targets.length === 0}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {targets.length === 0 ? (
        <p className="notice tone-warning" role="alert">
          {t.none}
        </p>
      ) : (
        <>
          <p>{t.body(count)}</p>
          <SelectField
            label={t.destination}
            value={target}
            onChange={(e) => {
              setTarget(e.target.value);
              setError(null);
            }}
          >
            <option value="">{t.choose}</option>
            <RowOptions rows={targets} />
          </SelectField>
        </>
      )}
    </FormDialog>
  );
}
