// A payment's receipt printed again by the guardian (issue 43): the family's copy, in French like
// every printed document (decision 340): the school, the receipt number, the date, the pupil and
// class, the amount in figures and words, the balance after it.
import { amountInWords } from '../../../worker/domain/amount-in-words';
import { formatDate } from '../../../worker/domain/format';
import { balanceClass, formatMoney, toCentimes } from '../../../worker/domain/money';
import type { ChildPage } from '../../../worker/contract/guardians';
import { html, openPrintWindow, printDate } from '../../components/print';
import { financeText } from '../../i18n/finance';

const t = financeText.receipt;
type Payment = NonNullable<ChildPage['finance']>['payments'][number];

const STYLES = `
  .receipt-title { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; }
  .receipt-number { font-size: 14pt; font-weight: 700; }
  dl.receipt-facts { display: grid; grid-template-columns: 38% 62%; margin: 0; border: 1px solid #999; font-size: 10.5pt; }
  dl.receipt-facts dt, dl.receipt-facts dd { margin: 0; padding: 3px 8px; border-bottom: 1px solid #ddd; }
  dl.receipt-facts dt { font-weight: 600; background: #f3f4f6; }
  .amount { font-weight: 700; }
  .words::first-letter { text-transform: uppercase; }
`;

export function printChildReceipt(child: ChildPage, payment: Payment): boolean {
  if (payment.receipt_no === null) return false;
  const amount = toCentimes(payment.amount);
  const balance = toCentimes(payment.balance_after);
  const money = (c: number) => formatMoney(c, child.currency);
  const school = { name: child.school_name, currency: child.currency } as Parameters<
    typeof openPrintWindow
  >[0]['school'];
  const win = openPrintWindow({
    title: t.windowTitle(payment.receipt_no, `${child.prenom} ${child.nom}`),
    school,
    pages: [
      html`<div class="receipt-title">
          <h2>${t.title}</h2>
          <span class="receipt-number">${t.number(payment.receipt_no)}</span>
        </div>
        <p>${t.familyCopy}</p>
        <dl class="receipt-facts">
          <dt>${t.date}</dt>
          <dd>${formatDate(payment.date)}</dd>
          <dt>${t.student}</dt>
          <dd>${child.prenom} ${child.nom}</dd>
          <dt>${t.className}</dt>
          <dd>${child.class_name ?? '-'}, ${child.year_name ?? ''}</dd>
          <dt>${t.label}</dt>
          <dd>${payment.label || '-'}</dd>
          <dt>${t.amount}</dt>
          <dd class="amount">${money(amount)}</dd>
          <dt>${t.inWords}</dt>
          <dd class="words">${amountInWords(amount, child.currency)}</dd>
          <dt>${t.balanceAfter}</dt>
          <dd class="${balanceClass(balance)}">${money(balance)}</dd>
        </dl>
        <p>${t.printedOn(printDate())}</p>`,
    ],
    popupBlockedMessage: financeText.print.popupBlocked,
    styles: STYLES,
    delayMs: 300,
  });
  return win !== null;
}
