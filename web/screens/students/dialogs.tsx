// The register's dialogs: confirmations, enrolling one student or a selection, and
// 'Changer de Classe' (document 2 §2, §4).
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../components/Modal';
import { formatMoney } from '../../../worker/domain/money';
import { studentServerText as messages, studentText } from '../../i18n/students';
import { amountInput, type ClassOption, parseAmount } from './model';

type Currency = Parameters<typeof formatMoney>[1];

export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className={`btn${danger ? ' btn-danger' : ''}`} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{body}</p>
    </Modal>
  );
}

const feeLabel = (c: ClassOption, currency: Currency) =>
  c.mppa === null ? `${c.name} — ${studentText.enrol.noFee}` : `${c.name} — ${formatMoney(Math.round(c.mppa * 100), currency)}`;

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
  const id = useId();
  const [className, setClassName] = useState('');
  const [mppa, setMppa] = useState('');
  const [error, setError] = useState<string | null>(null);
  const choose = (name: string) => {
    setClassName(name);
    const fee = classes.find((c) => c.name === name)?.mppa;
    if (fee !== undefined && fee !== null) setMppa(amountInput(fee));
    setError(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!className) return setError(messages.classRequired);
    const amount = withAmount ? parseAmount(mppa) : null;
    if (withAmount && amount === null) return setError(messages.mppaRequired);
    onSubmit(className, amount);
  };
  return (
    <Modal
      title={title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {studentText.enrol.cancel}
          </button>
          <button type="submit" form={id} className="btn" disabled={busy}>
            {studentText.enrol.submit}
          </button>
        </>
      }
    >
      <form id={id} onSubmit={submit} noValidate>
        <p className="muted">{studentText.enrol.year(yearName)}</p>
        <div className="field">
          <label htmlFor={`${id}-class`}>{studentText.enrol.className}</label>
          <select id={`${id}-class`} className="input" value={className} onChange={(e) => choose(e.target.value)}>
            <option value="">{studentText.enrol.chooseClass}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.name}>
                {feeLabel(c, currency)}
              </option>
            ))}
          </select>
        </div>
        {withAmount ? (
          <div className="field">
            <label htmlFor={`${id}-mppa`}>{studentText.enrol.mppa}</label>
            <input id={`${id}-mppa`} className="input" inputMode="decimal" value={mppa} onChange={(e) => setMppa(e.target.value)} />
          </div>
        ) : (
          <p className="muted">{studentText.enrol.bulkMppa}</p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
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
  const id = useId();
  const t = studentText.changeClass;
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = targets.find((c) => c.id === target);
    if (!chosen) return setError(t.required);
    onSubmit(chosen);
  };
  return (
    <Modal
      title={t.title}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="submit" form={id} className="btn" disabled={busy || targets.length === 0}>
            {t.submit}
          </button>
        </>
      }
    >
      <form id={id} onSubmit={submit} noValidate>
        {targets.length === 0 ? (
          <p className="notice notice-warning" role="alert">
            {t.none}
          </p>
        ) : (
          <>
            <p>{t.body(count)}</p>
            <div className="field">
              <label htmlFor={`${id}-target`}>{t.destination}</label>
              <select
                id={`${id}-target`}
                className="input"
                value={target}
                onChange={(e) => {
                  setTarget(e.target.value);
                  setError(null);
                }}
              >
                <option value="">{t.choose}</option>
                {targets.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </>
        )}
      </form>
    </Modal>
  );
}
