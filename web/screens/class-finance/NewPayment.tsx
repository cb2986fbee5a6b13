// 'Nouveau versement' (issue 10): what a cashier does most, apart from the ledger edit. Amount,
// date (today unless changed) and label; the balance after the payment, in the warning colour
// and confirmed when it goes below zero; then the receipt number and its printing.
import { useMemo, useState } from 'react';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { FormDialog, PrintDialog } from '../../components/Dialog';
import { InputField } from '../../components/Field';
import { financeText } from '../../i18n/finance';
import type { SchoolInfo } from '../../layouts/school';
import { amountInWords } from '../../../worker/domain/amount-in-words';
import { schoolToday } from '../../../worker/domain/dates';
import { fromCentimes, parseAmount, toCentimes } from '../../../worker/domain/money';
import { AmountField, OverpaymentConfirm } from './FinancePanel';
import { type ApiPayment, balanceClass, type Enrollment, fullName, totalsOf } from './model';
import { printReceipt } from './receipt';
import type { NewPayment as NewPaymentInput, SavedPayment } from '../../../worker/contract/finance';

const t = financeText.newPayment;

export function NewPaymentDialog({
  enrollment,
  money,
  school,
  cashier,
  onClose,
  onSaved,
}: {
  enrollment: Enrollment;
  money: (centimes: number) => string;
  school: SchoolInfo | null;
  cashier: string;
  onClose: () => void;
  /** The sheet with the payment: as the server saved it, or as a queued payment leaves it. */
  onSaved: (saved: Enrollment, queued: boolean) => void;
}) {
  const today = schoolToday();
  const id = useMemo(() => crypto.randomUUID(), []);
  const [amountText, setAmountText] = useState('');
  const [date, setDate] = useState(today);
  const [label, setLabel] = useState(financeText.panel.paymentLabel(enrollment.payments.length + 1));
  const [submitted, setSubmitted] = useState(false);
  const [confirmOverpayment, setConfirmOverpayment] = useState(false);
  const { write, busy: saving } = useWrite();
  const [saved, setSaved] = useState<Omit<SavedPayment, 'message'> | null>(null);

  const amount = amountText.trim() === '' ? null : parseAmount(amountText);
  const amountError =
    amountText.trim() === ''
      ? t.amountRequired
      : amount === null
        ? financeText.panel.invalidAmount
        : amount <= 0
          ? financeText.server.paymentPositive
          : null;
  const dateError = !date ? t.dateRequired : date > today ? financeText.server.dateInFuture : null;
  const before = totalsOf(enrollment).balance;
  const after = before - (amount && amount > 0 ? amount : 0);

  async function submit(overpaymentConfirmed = false) {
    setSubmitted(true);
    if (amountError || dateError || amount === null || saving) return;
    if (after < 0 && !overpaymentConfirmed) {
      setConfirmOverpayment(true);
      return;
    }
    setConfirmOverpayment(false);
    const body: NewPaymentInput = { id, amount: fromCentimes(amount), date, label: label.trim() };
    const outcome = await write(
      endpoints.finance.addPayment,
      { params: { id: enrollment.id }, body },
      {
        success: (answer) => answer.message,
        queued: t.queued,
      },
    );
    if (!outcome) return;
    if (outcome.queued) {
      const pending: ApiPayment = {
        id,
        amount: body.amount,
        date,
        label: body.label || financeText.panel.paymentLabel(enrollment.payments.length + 1),
        receipt_no: null,
        recorded_by: cashier,
      };
      onSaved({ ...enrollment, version: enrollment.version + 1, payments: [...enrollment.payments, pending] }, true);
      onClose();
      return;
    }
    onSaved(outcome.answer.enrollment, false);
    setSaved({ enrollment: outcome.answer.enrollment, payment: outcome.answer.payment });
  }

  if (saved) {
    const paid = toCentimes(saved.payment.amount);
    const balance = totalsOf(saved.enrollment).balance;
    return (
      <PrintDialog
        title={t.savedTitle}
        printLabel={t.printReceipt}
        onClose={onClose}
        onPrint={() => printReceipt(saved.enrollment, saved.payment.id, school)}
      >
        <p className="receipt-done">
          <strong>{t.savedReceipt(saved.payment.receipt_no!, money(paid))}</strong>
        </p>
        <p className="amount-words">{amountInWords(paid, school?.currency ?? 'Gdes')}</p>
        <dl className="details-facts">
          <dt>{t.balanceAfter}</dt>
          <dd className={`money ${balanceClass(balance)}`}>{money(balance)}</dd>
        </dl>
      </PrintDialog>
    );
  }

  return (
    <>
      <FormDialog
        title={t.title}
        cancelLabel={t.cancel}
        confirmLabel={saving ? t.saving : t.save}
        busy={saving}
        onSubmit={() => void submit()}
        onCancel={onClose}
      >
        <p className="muted new-payment-who">
          {fullName(enrollment)} — {enrollment.className}
        </p>
        <AmountField
          label={t.amount}
          value={amountText}
          error={submitted ? amountError : null}
          onChange={setAmountText}
        />
        <InputField
          label={t.date}
          error={submitted ? dateError : null}
          type="date"
          value={date}
          max={today}
          required
          onChange={(e) => setDate(e.target.value)}
        />
        <InputField label={t.label} value={label} maxLength={120} onChange={(e) => setLabel(e.target.value)} />
        <dl className="finance-summary" aria-live="polite">
          <dt>{t.balanceNow}</dt>
          <dd className={balanceClass(before)}>{money(before)}</dd>
          <dt>{t.balanceAfter}</dt>
          <dd className={balanceClass(after)} data-testid="balance-after">
            {money(after)}
          </dd>
        </dl>
        {after < 0 && (
          <p className="notice tone-warning overpaid-note" role="status">
            {t.overpaid(money(-after))}
          </p>
        )}
      </FormDialog>
      {confirmOverpayment && (
        <OverpaymentConfirm
          over={money(-after)}
          onCancel={() => setConfirmOverpayment(false)}
          onConfirm={() => void submit(true)}
        />
      )}
    </>
  );
}
