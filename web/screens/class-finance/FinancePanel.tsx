// The finance edit panel (document 2 §2, §4): a left slide-in form with the base amount, the
// payments and the adjustments of one enrolment, the live totals, changed-state tracking and
// the unsaved-changes confirmation.
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, type Queued } from '../../api/client';
import { submitWrite } from '../../api/write';
import { Modal } from '../../components/Modal';
import { financeText } from '../../i18n/finance';
import {
  type AdjustmentDraft,
  checkDraft,
  type Draft,
  draftOf,
  isChanged,
  newAdjustment,
  newPayment,
  type PaymentDraft,
  payloadOf,
  withPaymentAmount,
} from './draft';
import { type Enrollment, fullName } from './model';

const t = financeText.panel;

export interface FinancePanelProps {
  enrollment: Enrollment;
  money: (centimes: number) => string;
  onClose: () => void;
  /** After a save: the server answered (reload) or the save was queued (patch locally). */
  onSaved: (outcome: { queued: false } | { queued: true; body: ReturnType<typeof payloadOf> }) => void;
}

export function FinancePanel({ enrollment, money, onClose, onSaved }: FinancePanelProps) {
  const titleId = useId();
  const initial = useMemo(() => draftOf(enrollment), [enrollment]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [confirmClose, setConfirmClose] = useState(false);
  const [saving, setSaving] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const check = checkDraft(draft);
  const changed = isChanged(initial, draft);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const requestClose = () => (changed ? setConfirmClose(true) : onClose());

  const setPayment = (id: string, update: (p: PaymentDraft) => PaymentDraft) =>
    setDraft((d) => ({ ...d, payments: d.payments.map((p) => (p.id === id ? update(p) : p)) }));
  const setAdjustment = (id: string, update: (a: AdjustmentDraft) => AdjustmentDraft) =>
    setDraft((d) => ({ ...d, adjustments: d.adjustments.map((a) => (a.id === id ? update(a) : a)) }));

  async function save() {
    if (!check.valid || !changed || saving) return;
    setSaving(true);
    const body = payloadOf(draft, enrollment.version);
    const outcome = await submitWrite(api.put<{ message: string } | Queued>(`/enrollments/${enrollment.id}/payments`, body), {
      success: financeText.notices.saved,
      queued: financeText.notices.savedQueued,
    });
    setSaving(false);
    if (!outcome) return;
    onSaved(outcome.queued ? { queued: true, body } : { queued: false });
  }

  return (
    <div className="finance-panel-backdrop" onMouseDown={(e) => e.target === e.currentTarget && requestClose()}>
      <div
        className="finance-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        ref={panelRef}
        onKeyDown={(e) => e.key === 'Escape' && !confirmClose && requestClose()}
      >
        <header className="finance-panel-head">
          <div>
            <h2 id={titleId}>{t.title}</h2>
            <p className="muted">
              {fullName(enrollment)} — {enrollment.className}, {enrollment.year_name}
            </p>
          </div>
          <button type="button" className="btn btn-ghost icon-btn" aria-label={t.close} title={t.close} onClick={requestClose}>
            ×
          </button>
        </header>

        <form
          className="finance-panel-body"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          noValidate
        >
          <AmountField
            label={t.base}
            value={draft.mppaText}
            error={check.mppaError}
            onChange={(mppaText) => setDraft((d) => ({ ...d, mppaText }))}
          />

          <Section title={t.payments}>
            {draft.payments.length === 0 && <p className="muted">{t.noPayments}</p>}
            {draft.payments.map((p, i) => (
              <div className="line" key={p.id} role="group" aria-label={p.label.trim() || t.paymentLabel(i + 1)}>
                <div className="line-fields">
                  <Field label={t.label}>
                    {(id) => (
                      <input id={id} className="input" value={p.label} maxLength={120} onChange={(e) => setPayment(p.id, (x) => ({ ...x, label: e.target.value }))} />
                    )}
                  </Field>
                  <AmountField
                    label={t.amount}
                    value={p.amountText}
                    error={check.paymentErrors.get(p.id) ?? null}
                    onChange={(text) => setPayment(p.id, (x) => withPaymentAmount(x, text))}
                  />
                  <Field label={t.date}>
                    {(id) =>
                      p.date === null ? (
                        <span id={id} className="line-date-empty">
                          -
                        </span>
                      ) : (
                        <input
                          id={id}
                          type="date"
                          className="input"
                          value={p.date}
                          required
                          onChange={(e) => e.target.value && setPayment(p.id, (x) => ({ ...x, date: e.target.value }))}
                        />
                      )
                    }
                  </Field>
                </div>
                <div className="line-meta">
                  {p.receiptNo !== null && <span className="receipt">{t.receipt(p.receiptNo)}</span>}
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={t.removeLine(p.label)}
                    onClick={() => setDraft((d) => ({ ...d, payments: d.payments.filter((x) => x.id !== p.id) }))}
                  >
                    {t.remove}
                  </button>
                </div>
              </div>
            ))}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setDraft((d) => ({ ...d, payments: [...d.payments, newPayment(d.payments.length + 1)] }))}
            >
              + {t.addPayment}
            </button>
          </Section>

          <Section title={t.adjustments}>
            <p className="muted small">{t.adjustmentHint}</p>
            {draft.adjustments.length === 0 && <p className="muted">{t.noAdjustments}</p>}
            {draft.adjustments.map((a, i) => (
              <div className="line" key={a.id} role="group" aria-label={a.label.trim() || `${t.adjustments} ${i + 1}`}>
                <div className="line-fields line-fields-2">
                  <Field label={t.label}>
                    {(id) => (
                      <input id={id} className="input" value={a.label} maxLength={120} onChange={(e) => setAdjustment(a.id, (x) => ({ ...x, label: e.target.value }))} />
                    )}
                  </Field>
                  <AmountField
                    label={t.amount}
                    value={a.amountText}
                    error={check.adjustmentErrors.get(a.id) ?? null}
                    onChange={(amountText) => setAdjustment(a.id, (x) => ({ ...x, amountText }))}
                  />
                </div>
                <div className="line-meta">
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    aria-label={t.removeLine(a.label)}
                    onClick={() => setDraft((d) => ({ ...d, adjustments: d.adjustments.filter((x) => x.id !== a.id) }))}
                  >
                    {t.remove}
                  </button>
                </div>
              </div>
            ))}
            <button type="button" className="btn btn-secondary" onClick={() => setDraft((d) => ({ ...d, adjustments: [...d.adjustments, newAdjustment()] }))}>
              + {t.addAdjustment}
            </button>
          </Section>

          <Section title={t.summary}>
            <dl className="finance-summary" aria-live="polite">
              <dt>{financeText.classPage.columns.adjusted}</dt>
              <dd>{money(check.totals.adjusted)}</dd>
              <dt>{financeText.classPage.columns.paid}</dt>
              <dd>{money(check.totals.paid)}</dd>
              <dt>{financeText.classPage.columns.balance}</dt>
              <dd className={check.totals.balance > 0 ? 'balance-due' : 'balance-settled'} data-testid="panel-balance">
                {money(check.totals.balance)}
              </dd>
            </dl>
            {check.formError && (
              <p className="field-error" role="alert">
                {check.formError}
              </p>
            )}
          </Section>

          <footer className="finance-panel-actions">
            <button type="button" className="btn btn-secondary" onClick={requestClose}>
              {t.cancel}
            </button>
            <button type="submit" className="btn" disabled={!changed || !check.valid || saving}>
              {saving ? t.saving : t.save}
            </button>
          </footer>
        </form>
      </div>

      {confirmClose && (
        <Modal
          title={financeText.confirmClose.title}
          onClose={() => setConfirmClose(false)}
          actions={
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setConfirmClose(false)}>
                {financeText.confirmClose.stay}
              </button>
              <button type="button" className="btn btn-danger" onClick={onClose}>
                {financeText.confirmClose.confirm}
              </button>
            </>
          }
        >
          <p>{financeText.confirmClose.body}</p>
        </Modal>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="finance-section">
      <h3>{title}</h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function AmountField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  const id = useId();
  const errorId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input amount-input"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
