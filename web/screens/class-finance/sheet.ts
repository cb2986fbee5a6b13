// The printed finance sheet of a student (document 2 §2, §9): A4, school header, every payment
// with its receipt number, every adjustment, the totals; printing starts after 1 s.
import { balanceTone, toCentimes } from '../../../worker/domain/money';
import { html, openPrintWindow, printDate } from '../../components/print';
import { financeText } from '../../i18n/finance';
import type { SchoolInfo } from '../../layouts/school';
import { type Currency, dateFr, type Enrollment, fullName, moneyIn, totalsOf } from './model';

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

function sheetBody(e: Enrollment, currency: Currency) {
  const money = moneyIn(currency);
  const totals = totalsOf(e);
  const payments = e.payments.length
    ? html`<table>
        <thead>
          <tr>
            <th>${t.receipt}</th>
            <th>${t.date}</th>
            <th>${t.label}</th>
            <th class="num">${t.amount}</th>
          </tr>
        </thead>
        <tbody>
          ${e.payments.map(
            (p) =>
              html`<tr>
                <td>${p.receipt_no ?? '-'}</td>
                <td>${dateFr(p.date)}</td>
                <td>${p.label || '-'}</td>
                <td class="num">${money(toCentimes(p.amount))}</td>
              </tr>`,
          )}
        </tbody>
        <tfoot>
          <tr>
            <td colspan="3">${t.paid}</td>
            <td class="num">${money(totals.paid)}</td>
          </tr>
        </tfoot>
      </table>`
    : html`<p class="none">${t.none}</p>`;
  const adjustments = e.adjustments.length
    ? html`<table>
        <thead>
          <tr>
            <th>${t.label}</th>
            <th class="num">${t.amount}</th>
          </tr>
        </thead>
        <tbody>
          ${e.adjustments.map(
            (a) =>
              html`<tr>
                <td>${a.label || '-'}</td>
                <td class="num">${money(toCentimes(a.amount))}</td>
              </tr>`,
          )}
        </tbody>
      </table>`
    : html`<p class="none">${t.none}</p>`;
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
    school: { name: school?.name ?? '', address: school?.address, phone: school?.phone, logoUrl: school?.logo_url },
    pages: enrollments.map((e) => sheetBody(e, currency)),
    footer: t.printedOn(printDate()),
    delayMs: FINANCE_PRINT_DELAY_MS,
    popupBlockedMessage: financeText.print.popupBlocked,
    styles: STYLES,
  });
  return win !== null;
}
