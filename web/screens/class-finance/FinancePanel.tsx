// The ledger edit ('Modifier', document 2 §2, §4): a left slide-in form with the base amount, the
// payments and the adjustments of one enrolment, the live totals, changed-state tracking and the
// unsaved-changes confirmation. A payment that has a receipt is changed only through 'Corriger',
// with a reason (decision 021). A save refused because another cashier changed the sheet keeps
// what this cashier typed and puts it back on the fresh sheet.
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { FormError } from '../../components/ErrorNotice';
import { Button } from '../../components/Button';
import { DialogButtons } from '../../components/DialogButtons';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SidePanel, useLeaving } from '../../components/SidePanel';
import { Field, InputField } from '../../components/Field';
import { financeText } from '../../i18n/finance';
import {
  type AdjustmentDraft,
  applyPayload,
  checkDraft,
  type Draft,
  draftOf,
  isChanged,
  newAdjustment,
  newPayment,
  type PaymentDraft,
  payloadOf,
  rebaseDraft,
  withPaymentAmount,
} from './draft';
import { balanceClass, type Enrollment, fullName, totalsOf } from './model';

const t = financeText.panel;

export interface FinancePanelProps {
  enrollment: Enrollment;
  money: (centimes: number) => string;
  /** The signed-in cashier (named on the payments saved offline until the sync). */
  cashier: string;
  onClose: () => void;
  /** After a save: the saved sheet as the server answered it, or as a queued save leaves it. */
  onSaved: (saved: Enrollment, queued: boolean) => void;
  /** A fresher sheet, learnt from a save refused because someone changed it meanwhile. */
  onFresh: (fresh: Enrollment) => void;
}

export function FinancePanel({ enrollment, money, cashier, onClose, onSaved, onFresh }: FinancePanelProps) {
  const titleId = useId();
  const [base, setBase] = useState(enrollment);
  const initial = useMemo(() => draftOf(base), [base]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [confirmOverpayment, setConfirmOverpayment] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { write, busy: saving } = useWrite();
  const panelRef = useRef<HTMLDivElement>(null);
  const check = checkDraft(draft, initial);
  const changed = isChanged(initial, draft);
  const loaded = useMemo(() => new Map(initial.payments.map((p) => [p.id, p])), [initial]);

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input:not(:disabled)')?.focus();
  }, []);

  const leaving = useLeaving(changed, onClose, financeText.confirmClose);
  const requestClose = leaving.request;

  const setPayment = (id: string, update: (p: PaymentDraft) => PaymentDraft) =>
    setDraft((d) => ({ ...d, payments: d.payments.map((p) => (p.id === id ? update(p) : p)) }));
  const setAdjustment = (id: string, update: (a: AdjustmentDraft) => AdjustmentDraft) =>
    setDraft((d) => ({ ...d, adjustments: d.adjustments.map((a) => (a.id === id ? update(a) : a)) }));
  const dropPayment = (id: string) => setDraft((d) => ({ ...d, payments: d.payments.filter((p) => p.id !== id) }));
  const dropAdjustment = (id: string) =>
    setDraft((d) => ({ ...d, adjustments: d.adjustments.filter((a) => a.id !== id) }));

  async function save(overpaymentConfirmed = false) {
    if (!check.valid || !changed || saving) return;
    // A balance going below zero is an overpayment: the cashier confirms it.
    if (!overpaymentConfirmed && check.totals.balance < 0 && check.totals.balance !== totalsOf(base).balance) {
      setConfirmOverpayment(true);
      return;
    }
    setConfirmOverpayment(false);
    const body = payloadOf(draft, initial, base.version);
    const refusal: { fresh?: Enrollment } = {};
    const outcome = await write(
      endpoints.finance.saveSheet,
      { params: { id: base.id }, body },
      {
        success: financeText.notices.saved,
        queued: financeText.notices.savedQueued,
        refused: (error) => {
          if (!(error instanceof ApiError) || error.code !== 'stale' || !error.body.enrollment) return false;
          refusal.fresh = error.body.enrollment as Enrollment;
          return true;
        },
      },
    );
    if (refusal.fresh) {
      const fresh = refusal.fresh;
      setDraft(rebaseDraft(initial, draft, fresh));
      setBase(fresh);
      setNotice(t.rebased);
      onFresh(fresh);
      return;
    }
    if (!outcome) return;
    if (outcome.queued) onSaved(applyPayload(base, body, cashier), true);
    else onSaved(outcome.answer.enrollment, false);
  }

  const over = check.totals.balance < 0;

  return (
    <SidePanel
      className="finance-panel"
      backdropClassName="finance-panel-backdrop"
      titleId={titleId}
      panelRef={panelRef}
      escapable={!leaving.asking && !confirmOverpayment}
      onDismiss={requestClose}
      dialogs={
        <>
          {confirmOverpayment && (
            <OverpaymentConfirm
              over={money(-check.totals.balance)}
              onCancel={() => setConfirmOverpayment(false)}
              onConfirm={() => void save(true)}
            />
          )}
          {leaving.dialog}
        </>
      }
    >
      <header className="finance-panel-head">
        <div>
          <h2 id={titleId}>{t.title}</h2>
          <p className="muted">
            {fullName(base)} — {base.className}, {base.year_name}
          </p>
        </div>
        <Button look="ghost" className="icon-btn" aria-label={t.close} title={t.close} onClick={requestClose}>
          ×
        </Button>
      </header>

      <form
        className="finance-panel-body"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        {notice && (
          <p className="notice tone-warning" role="alert">
            {notice}
          </p>
        )}
        <AmountField
          label={t.base}
          value={draft.mppaText}
          error={check.mppaError}
          onChange={(mppaText) => setDraft((d) => ({ ...d, mppaText }))}
        />

        <Section title={t.payments}>
          {draft.payments.length === 0 && <p className="muted">{t.noPayments}</p>}
          {draft.payments.map((p, i) => {
            const locked = p.receiptNo !== null && !p.correcting;
            return (
              <div
                className={`line${p.correcting ? ' line-correcting' : ''}`}
                key={p.id}
                role="group"
                aria-label={p.label.trim() || t.paymentLabel(i + 1)}
              >
                <div className="line-fields">
                  <InputField
                    label={t.label}
                    value={p.label}
                    maxLength={120}
                    disabled={locked}
                    onChange={(e) => setPayment(p.id, (x) => ({ ...x, label: e.target.value }))}
                  />
                  <AmountField
                    label={t.amount}
                    value={p.amountText}
                    error={check.paymentErrors.get(p.id) ?? null}
                    disabled={locked}
                    onChange={(text) => setPayment(p.id, (x) => withPaymentAmount(x, text))}
                  />
                  <Field label={t.date}>
                    {(control) =>
                      p.date === null ? (
                        <span id={control.id} className="line-date-empty">
                          -
                        </span>
                      ) : (
                        <input
                          {...control}
                          type="date"
                          className="input"
                          value={p.date}
                          required
                          disabled={locked}
                          onChange={(e) => e.target.value && setPayment(p.id, (x) => ({ ...x, date: e.target.value }))}
                        />
                      )
                    }
                  </Field>
                </div>
                {p.correcting && (
                  <InputField
                    label={t.correctionReason}
                    error={check.correctionErrors.get(p.id)}
                    hint={check.correctionErrors.has(p.id) ? null : t.correctionHint}
                    value={p.correction}
                    maxLength={200}
                    required
                    onChange={(e) => setPayment(p.id, (x) => ({ ...x, correction: e.target.value }))}
                  />
                )}
                <div className="line-meta">
                  {p.receiptNo !== null && <span className="receipt">{t.receipt(p.receiptNo)}</span>}
                  {p.pending && <span className="receipt receipt-pending">{t.pending}</span>}
                  {p.receiptNo !== null ? (
                    p.correcting ? (
                      <Button look="ghost" small onClick={() => setPayment(p.id, () => loaded.get(p.id) ?? p)}>
                        {t.cancelCorrection}
                      </Button>
                    ) : (
                      <Button
                        small
                        aria-label={t.correctLine(p.receiptNo)}
                        onClick={() => setPayment(p.id, (x) => ({ ...x, correcting: true }))}
                      >
                        {t.correct}
                      </Button>
                    )
                  ) : (
                    !p.pending && <RemoveLine label={p.label} onRemove={() => dropPayment(p.id)} />
                  )}
                </div>
              </div>
            );
          })}
          <AddLine
            label={t.addPayment}
            onAdd={() => setDraft((d) => ({ ...d, payments: [...d.payments, newPayment(d.payments.length + 1)] }))}
          />
        </Section>

        <Section title={t.adjustments}>
          <p className="muted small">{t.adjustmentHint}</p>
          {draft.adjustments.length === 0 && <p className="muted">{t.noAdjustments}</p>}
          {draft.adjustments.map((a, i) => (
            <div className="line" key={a.id} role="group" aria-label={a.label.trim() || `${t.adjustments} ${i + 1}`}>
              <div className="line-fields line-fields-2">
                <InputField
                  label={t.label}
                  value={a.label}
                  maxLength={120}
                  onChange={(e) => setAdjustment(a.id, (x) => ({ ...x, label: e.target.value }))}
                />
                <AmountField
                  label={t.amount}
                  value={a.amountText}
                  error={check.adjustmentErrors.get(a.id) ?? null}
                  onChange={(amountText) => setAdjustment(a.id, (x) => ({ ...x, amountText }))}
                />
              </div>
              <div className="line-meta">
                <RemoveLine label={a.label} onRemove={() => dropAdjustment(a.id)} />
              </div>
            </div>
          ))}
          <AddLine
            label={t.addAdjustment}
            onAdd={() => setDraft((d) => ({ ...d, adjustments: [...d.adjustments, newAdjustment()] }))}
          />
        </Section>

        <Section title={t.summary}>
          <dl className="finance-summary" aria-live="polite">
            <dt>{financeText.classPage.columns.adjusted}</dt>
            <dd>{money(check.totals.adjusted)}</dd>
            <dt>{financeText.classPage.columns.paid}</dt>
            <dd>{money(check.totals.paid)}</dd>
            <dt>
              {over
                ? `${financeText.classPage.columns.balance} (${t.overpaid})`
                : financeText.classPage.columns.balance}
            </dt>
            <dd className={balanceClass(check.totals.balance)} data-testid="panel-balance">
              {money(check.totals.balance)}
            </dd>
          </dl>
          <FormError message={check.formError} />
        </Section>

        <footer className="finance-panel-actions">
          <DialogButtons
            submit
            cancelLabel={t.cancel}
            confirmLabel={saving ? t.saving : t.save}
            disabled={!changed || !check.valid || saving}
            onCancel={requestClose}
          />
        </footer>
      </form>
    </SidePanel>
  );
}

/** The confirmation a payment asks for when it takes the balance below zero. */
export function OverpaymentConfirm({
  over,
  onCancel,
  onConfirm,
}: {
  over: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title={financeText.overpayment.title}
      cancelLabel={financeText.overpayment.cancel}
      confirmLabel={financeText.overpayment.confirm}
      tone="warning"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>{financeText.overpayment.body(over)}</p>
    </ConfirmDialog>
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

export function AmountField({
  label,
  value,
  error,
  disabled = false,
  onChange,
}: {
  label: string;
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <InputField
      label={label}
      error={error}
      className="input amount-input"
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The button that takes a payment or adjustment line out of the sheet before it is saved. */
function RemoveLine({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <Button look="ghost" small className="btn-remove" aria-label={t.removeLine(label)} onClick={onRemove}>
      {t.remove}
    </Button>
  );
}

/** The button that adds a payment or adjustment line. */
function AddLine({ label, onAdd }: { label: string; onAdd: () => void }) {
  return <Button onClick={onAdd}>+ {label}</Button>;
}
