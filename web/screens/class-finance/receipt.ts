// The receipt of one payment (issue 10): two copies on one A4 sheet, the school's and the
// family's, each with the school header, the receipt number, the date, the student and class, the
// amount in figures and in French words, the balance after this payment and the cashier's name.
// 'Imprimer la fiche' (sheet.ts) stays for the whole finance sheet.
import { amountInWords } from '../../../worker/domain/amount-in-words';
import { balanceAfter } from '../../../worker/domain/finance-sheet';
import { toCentimes } from '../../../worker/domain/money';
import { html, openPrintWindow, printDate, type SafeHtml, schoolHeader } from '../../components/print';
import { financeText } from '../../i18n/finance';
import type { SchoolInfo } from '../../layouts/school';
import { balanceClass, centimesOf, type Enrollment, fullName, moneyIn } from './model';
import { FINANCE_PRINT_DELAY_MS } from './sheet';
import { formatDate } from '../../../worker/domain/format';

const t = financeText.receipt;

// Half an A4 page each (297 mm less the 14 mm margins, less the cut line).
const STYLES = `
  .sheet { min-height: 0; }
  .receipt { height: 128mm; display: flex; flex-direction: column; overflow: hidden; }
  .receipt .sheet-header { margin-bottom: 8px; padding-bottom: 6px; }
  .receipt .sheet-header img { width: 48px; height: 48px; }
  .receipt-title { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; margin: 0 0 2px; }
  .receipt-title h2 { margin: 0; }
  .receipt-number { font-size: 14pt; font-weight: 700; font-variant-numeric: tabular-nums; }
  .copy { margin: 0 0 8px; font-size: 9pt; text-transform: uppercase; letter-spacing: 0.06em; color: #555; }
  dl.receipt-facts { display: grid; grid-template-columns: 38% 62%; margin: 0; border: 1px solid #999; font-size: 10.5pt; }
  dl.receipt-facts dt, dl.receipt-facts dd { margin: 0; padding: 3px 8px; border-bottom: 1px solid #ddd; }
  dl.receipt-facts dt { font-weight: 600; background: #f3f4f6; }
  dl.receipt-facts > :nth-last-child(-n + 2) { border-bottom: 0; }
  .amount { font-size: 13pt; font-weight: 700; }
  .words::first-letter { text-transform: uppercase; }
  .balance-due { color: #b91c1c; font-weight: 700; }
  .balance-settled { color: #15803d; font-weight: 700; }
  .balance-over { color: #a16207; font-weight: 700; }
  .receipt-foot { margin-top: auto; display: flex; justify-content: space-between; align-items: flex-end; gap: 12px; font-size: 9pt; color: #555; }
  .signature { width: 45%; border-top: 1px solid #555; padding-top: 2px; text-align: center; }
  .cut { height: 0; margin: 5mm 0; border-top: 1px dashed #777; }
  @media screen { .sheet { max-width: 210mm; } }
`;

function copy(e: Enrollment, paymentId: string, school: SchoolInfo | null, label: string): SafeHtml {
  const currency = school?.currency ?? 'Gdes';
  const money = moneyIn(currency);
  const payment = e.payments.find((p) => p.id === paymentId)!;
  const amount = toCentimes(payment.amount);
  const balance = balanceAfter(centimesOf(e), paymentId) ?? 0;
  return html`<div class="receipt">
    ${schoolHeader(school)}
    <div class="receipt-title">
      <h2>${t.title}</h2>
      <span class="receipt-number">${t.number(payment.receipt_no!)}</span>
    </div>
    <p class="copy">${label}</p>
    <dl class="receipt-facts">
      <dt>${t.date}</dt>
      <dd>${formatDate(payment.date)}</dd>
      <dt>${t.student}</dt>
      <dd>${fullName(e)}${e.student.nisu ? ` (${t.nisu} ${e.student.nisu})` : ''}</dd>
      <dt>${t.className}</dt>
      <dd>${e.className}, ${e.year_name}</dd>
      <dt>${t.label}</dt>
      <dd>${payment.label || '-'}</dd>
      <dt>${t.amount}</dt>
      <dd class="amount">${money(amount)}</dd>
      <dt>${t.inWords}</dt>
      <dd class="words">${amountInWords(amount, currency)}</dd>
      <dt>${t.balanceAfter}</dt>
      <dd class="${balanceClass(balance)}">${money(balance)}</dd>
      <dt>${t.cashier}</dt>
      <dd>${payment.recorded_by ?? '-'}</dd>
    </dl>
    <div class="receipt-foot">
      <span>${t.printedOn(printDate())}</span><span class="signature">${t.signature}</span>
    </div>
  </div>`;
}

/** Opens the receipt of one payment (it must have its number); false when pop-ups are blocked. */
export function printReceipt(e: Enrollment, paymentId: string, school: SchoolInfo | null): boolean {
  const payment = e.payments.find((p) => p.id === paymentId);
  if (!payment || payment.receipt_no === null) return false;
  const win = openPrintWindow({
    title: t.windowTitle(payment.receipt_no, fullName(e)),
    school,
    header: false,
    pages: [
      html`${copy(e, paymentId, school, t.schoolCopy)}
        <div class="cut"></div>
        ${copy(e, paymentId, school, t.familyCopy)}`,
    ],
    delayMs: FINANCE_PRINT_DELAY_MS,
    popupBlockedMessage: financeText.print.popupBlocked,
    styles: STYLES,
  });
  return win !== null;
}
