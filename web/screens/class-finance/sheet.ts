// The printed finance sheet of a student (document 2 §2, §9): A4, school header, every payment
// with its receipt number, every adjustment, the totals; printing starts after 1 s.
import { balanceTone, toCentimes } from '../../../worker/domain/money';
import { html, openPrintWindow, type SafeHtml } from '../../components/print';
import { financeText } from '../../i18n/finance';
import type { SchoolInfo } from '../../layouts/school';
import { type Currency, type Enrollment, fullName, moneyIn, totalsOf } from './model';
import { formatDate } from '../../../worker/domain/format';

const t = financeText.sheet;
export const FINANCE_PRINT_DELAY_MS = 1000;

const STYLES = `
  dl.facts { display: grid; grid-template-columns: 32% 68%; margin: 0 0 8px; border: 1px solid #999; }
  dl.facts dt, dl.facts dd { margin: 0; padding: 4px 8px; border-bottom: 1px solid #ddd; }
  dl.facts dt { font-weight: 600; background: #f3f4f6; }
  dl.facts > :nth-last-child(-n + 2) { border-bottom: 0; }
  tfoot td { font-weight: 700; }
  .due { color: #b91c1c; font-weight: 700; }
  .settled { color: #15803d; font-weight: 700; }
  .over { color: #a16207; font-weight: 700; }
  .none { color: #555; font-style: italic; }
`;

/** A list's table: its heads (the last one an amount, on the right), a row a line, an optional total. */
function linesTable<L>(lines: readonly L[], heads: readonly string[], cells: (line: L) => unknown[], total?: SafeHtml) {
  if (!lines.length) return html`<p class="none">${t.none}</p>`;
  const num = (i: number) => (i === heads.length - 1 ? 'num' : '');
  return html`<table>
    <thead>
      <tr>
        ${heads.map((h, i) => html`<th class="${num(i)}">${h}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${lines.map(
        (line) =>
          html`<tr>
            ${cells(line).map((c, i) => html`<td class="${num(i)}">${c}</td>`)}
          </tr>`,
      )}
    </tbody>
    ${total ?? ''}
  </table>`;
}

function sheetBody(e: Enrollment, currency: Currency) {
  const money = moneyIn(currency);
  const totals = totalsOf(e);
  const amount = (line: { amount: number }) => money(toCentimes(line.amount));
  const payments = linesTable(
    e.payments,
    [t.receipt, t.date, t.label, t.amount],
    (p) => [p.receipt_no ?? '-', formatDate(p.date), p.label || '-', amount(p)],
    html`<tfoot>
      <tr>
        <td colspan="3">${t.paid}</td>
        <td class="num">${money(totals.paid)}</td>
      </tr>
    </tfoot>`,
  );
  const adjustments = linesTable(e.adjustments, [t.label, t.amount], (a) => [a.label || '-', amount(a)]);
  return html` <h2>${t.title}</h2>
    <dl class="facts">
      <dt>${t.student}</dt>
      <dd>${fullName(e)}</dd>
      <dt>${t.nisu}</dt>
      <dd>${e.student.nisu ?? '-'}</dd>
      <dt>${t.className}</dt>
      <dd>${e.className}</dd>
      <dt>${t.year}</dt>
      <dd>${e.year_name}</dd>
    </dl>
    <h3>${t.payments}</h3>
    ${payments}
    <h3>${t.adjustments}</h3>
    ${adjustments}
    <h3>${financeText.panel.summary}</h3>
    <table>
      <tbody>
        <tr>
          <td>${t.base}</td>
          <td class="num">${money(toCentimes(e.mppa))}</td>
        </tr>
        <tr>
          <td>${t.adjusted}</td>
          <td class="num">${money(totals.adjusted)}</td>
        </tr>
        <tr>
          <td>${t.paid}</td>
          <td class="num">${money(totals.paid)}</td>
        </tr>
        <tr>
          <td>${t.balance}</td>
          <td class="num ${balanceTone(totals.balance)}">${money(totals.balance)}</td>
        </tr>
      </tbody>
    </table>`;
}

/** Opens the finance sheets of the given enrolments, one per page; false when pop-ups are blocked. */
export function printFinanceSheets(enrollments: Enrollment[], school: SchoolInfo | null): boolean {
  const currency = school?.currency ?? 'Gdes';
  const first = enrollments[0];
  if (!first) return false;
  const win = openPrintWindow({
    title: enrollments.length === 1 ? t.windowTitle(fullName(first)) : t.windowTitleMany(first.className),
    school,
    pages: enrollments.map((e) => sheetBody(e, currency)),
    printedOn: t.printedOn,
    delayMs: FINANCE_PRINT_DELAY_MS,
    popupBlockedMessage: financeText.print.popupBlocked,
    styles: STYLES,
  });
  return win !== null;
}
