// 'Détails Financiers' (document 2 §2): every payment with its receipt number and the printing of
// its receipt, every adjustment, the totals, and the printed sheet. Fits a 360 px phone.
import type { ComponentProps, ReactNode } from 'react';
import { toCentimes } from '../../../worker/domain/money';
import { Button } from '../../components/Button';
import { ColumnHeads } from '../../components/ColumnHeads';
import { Dialog } from '../../components/Dialog';
import { financeText } from '../../i18n/finance';
import { balanceClass, type Enrollment, fullName, isPending, totalsOf } from './model';
import { formatDate } from '../../../worker/domain/format';

const t = financeText.sheet;

export function FinanceDetails({
  enrollment,
  money,
  onPrint,
  onPrintReceipt,
  onClose,
}: {
  enrollment: Enrollment;
  money: (centimes: number) => string;
  onPrint: () => void;
  onPrintReceipt: (paymentId: string) => void;
  onClose: () => void;
}) {
  const totals = totalsOf(enrollment);
  return (
    <Dialog
      wide
      title={financeText.details.title(fullName(enrollment))}
      cancelLabel={financeText.details.close}
      confirmLabel={financeText.details.print}
      onCancel={onClose}
      onConfirm={onPrint}
    >
      <div className="finance-details">
        <dl className="details-facts">
          <dt>{t.nisu}</dt>
          <dd className="details-nisu">{enrollment.student.nisu ?? '-'}</dd>
          <dt>{t.className}</dt>
          <dd>{enrollment.className}</dd>
          <dt>{t.year}</dt>
          <dd>{enrollment.year_name}</dd>
          <dt>{t.base}</dt>
          <dd className="money">{money(toCentimes(enrollment.mppa))}</dd>
        </dl>

        <Lines
          title={t.payments}
          className="details-payments"
          lines={enrollment.payments}
          heads={[
            t.receipt,
            t.date,
            t.label,
            { label: t.amount, num: true },
            { label: financeText.details.receiptButton, hidden: true },
          ]}
          cells={(p) => (
            <>
              <td className="col-receipt" data-label={t.receipt}>
                {p.receipt_no ??
                  (isPending(p) ? <span className="receipt-pending">{financeText.details.pending}</span> : '-')}
              </td>
              <td className="col-date">{formatDate(p.date)}</td>
              <td className="col-label">{p.label || '-'}</td>
              <td className="num money col-amount">{money(toCentimes(p.amount))}</td>
              <td className="col-print">
                {p.receipt_no !== null && (
                  <Button
                    small
                    aria-label={financeText.details.printReceipt(p.receipt_no)}
                    onClick={() => onPrintReceipt(p.id)}
                  >
                    {financeText.details.receiptButton}
                  </Button>
                )}
              </td>
            </>
          )}
        />
        <Lines
          title={t.adjustments}
          className="details-adjustments"
          lines={enrollment.adjustments}
          heads={[t.label, { label: t.amount, num: true }]}
          cells={(a) => (
            <>
              <td className="col-label">{a.label || '-'}</td>
              <td className="num money">{money(toCentimes(a.amount))}</td>
            </>
          )}
        />

        <dl className="details-facts details-totals">
          <dt>{t.adjusted}</dt>
          <dd className="money">{money(totals.adjusted)}</dd>
          <dt>{t.paid}</dt>
          <dd className="money">{money(totals.paid)}</dd>
          <dt>{t.balance}</dt>
          <dd className={`money ${balanceClass(totals.balance)}`}>{money(totals.balance)}</dd>
        </dl>
      </div>
    </Dialog>
  );
}

/** A list of the sheet (payments, adjustments): its title, then 'Aucun' or its table, a row a line. */
function Lines<L extends { id: string }>({
  title,
  className,
  lines,
  heads,
  cells,
}: {
  title: string;
  className: string;
  lines: readonly L[];
  heads: ComponentProps<typeof ColumnHeads>['columns'];
  cells: (line: L) => ReactNode;
}) {
  return (
    <>
      <h3>{title}</h3>
      {lines.length === 0 ? (
        <p className="muted">{t.none}</p>
      ) : (
        <table className={`details-table ${className}`}>
          <thead>
            <tr>
              <ColumnHeads columns={heads} />
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.id}>{cells(line)}</tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
