// The financial report's exports (issue 30): the report as filtered (every page) and the payments
// of a period (receipt numbers, dates, amounts, who recorded them), each as a CSV file and an A4
// page. The report's pages are its own reads (offline: those this device stored).
import { useState } from 'react';
import { allPages, read } from '../../api/calls';
import { errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { QueryOf } from '../../api/route';
import { Button } from '../../components/Button';
import { type CsvCell, downloadCsv, fileName } from '../../components/csv';
import { html, openPrintWindow, openWaitingWindow } from '../../components/print';
import { toast } from '../../components/toast';
import { exportText } from '../../i18n/exports';
import { financeText } from '../../i18n/finance';
import type { SchoolInfo } from '../../layouts/school';
import { schoolClock } from '../../../worker/domain/dates';
import { type Currency, formatMoney, toCentimes } from '../../../worker/domain/money';
import { formatDate } from '../../../worker/domain/format';
import type { PeriodPayments } from '../../../worker/contract/exports';
import type { Report } from '../../../worker/contract/finance';

const t = exportText;
const cols = financeText.report.columns;

/** Runs an export; a print window is opened within the tap, before the reads. */
async function exporting(kind: 'csv' | 'print', make: (win: Window | null) => Promise<void>) {
  const win = kind === 'print' ? openWaitingWindow(t.preparing, t.popupBlocked) : null;
  if (kind === 'print' && !win) return;
  try {
    await make(win);
  } catch (error) {
    win?.close();
    toast.error(errorMessage(error));
  }
}

export function ReportExports({
  query,
  school,
  yearName,
}: {
  /** The report's query with the screen's filters, for a page and a page size. */
  query: (page: number, limit: number) => QueryOf<typeof endpoints.finance.report>;
  school: SchoolInfo | null;
  yearName: string | null;
}) {
  const currency: Currency = school?.currency ?? 'Gdes';
  const money = (decimal: number) => formatMoney(toCentimes(decimal), currency);
  const today = schoolClock().date;
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const year = yearName ?? t.report.allYears;

  const report = (kind: 'csv' | 'print') =>
    exporting(kind, async (win) => {
      setBusy(true);
      try {
        const pages = await allPages((page, limit) => read(endpoints.finance.report, { query: query(page, limit) }));
        const rows = pages.flatMap((p) => p.enrollments);
        const totals = pages[0]!.totals;
        const head = [
          cols.student,
          cols.year,
          cols.className,
          cols.base,
          cols.adjustments,
          cols.adjusted,
          cols.paid,
          cols.balance,
        ];
        const line = (e: Report['enrollments'][number]) => [
          `${e.prenom} ${e.nom}`,
          e.year_name,
          e.className,
          e.mppa,
          e.adjustments_total,
          e.adjusted_mppa,
          e.total_paid,
          e.balance,
        ];
        if (kind === 'csv') {
          await downloadCsv(fileName(t.report.file(year)), [
            head,
            ...rows.map(line),
            [t.report.totals, '', '', '', '', totals.adjusted_mppa, totals.total_paid, totals.balance],
          ]);
          return;
        }
        const body = html`<h2>${t.report.title(year)}</h2>
          <table>
            <thead>
              <tr>
                ${head.map((h, i) => html`<th class="${i > 2 ? 'num' : ''}">${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (e) =>
                  html`<tr>
                    ${line(e).map((v) => html`<td class="${typeof v === 'number' ? 'num' : ''}">${typeof v === 'number' ? money(v) : v}</td>`)}
                  </tr>`,
              )}
            </tbody>
            <tfoot>
              <tr>
                <th colspan="5">${t.report.totals}</th>
                <th class="num">${money(totals.adjusted_mppa)}</th>
                <th class="num">${money(totals.total_paid)}</th>
                <th class="num">${money(totals.balance)}</th>
              </tr>
            </tfoot>
          </table>`;
        openPrintWindow({
          title: t.report.title(year),
          school,
          pages: [body],
          printedOn: t.printedOn,
          delayMs: 500,
          popupBlockedMessage: t.popupBlocked,
          styles: 'table { font-size: 8.5pt; } td, th { padding: 2px 4px; }',
          window: win,
        });
      } finally {
        setBusy(false);
      }
    });

  const payments = (kind: 'csv' | 'print') =>
    exporting(kind, async (win) => {
      setBusy(true);
      try {
        const pages = await allPages((page, limit) =>
          read(endpoints.exports.periodPayments, { query: { from, to, page, limit } }),
        );
        const rows = pages.flatMap((p) => p.payments);
        const total = pages[0]!.total_amount;
        const c = t.payments.columns;
        const head = [c.receipt, c.date, c.student, c.className, c.label, c.amount, c.recordedBy];
        const line = (p: PeriodPayments['payments'][number]): CsvCell[] => [
          p.receipt_no ?? '',
          formatDate(p.date, ''),
          `${p.prenom} ${p.nom}`,
          p.className,
          p.label,
          p.amount,
          p.recorded_by ?? '',
        ];
        const span = [formatDate(from), formatDate(to)] as const;
        if (kind === 'csv') {
          await downloadCsv(fileName(t.payments.file(from, to)), [
            head,
            ...rows.map(line),
            [t.payments.total, '', '', '', '', total, ''],
          ]);
          return;
        }
        const body = html`<h2>${t.payments.sheetTitle(...span)}</h2>
          <p>${t.payments.count(rows.length, money(total))}</p>
          <table>
            <thead>
              <tr>
                ${head.map((h, i) => html`<th class="${i === 0 || i === 5 ? 'num' : ''}">${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (p) =>
                  html`<tr>
                    ${line(p).map(
                      (v, i) =>
                        html`<td class="${i === 0 || i === 5 ? 'num' : ''}">
                          ${i === 5 ? money(Number(v)) : v || '-'}
                        </td>`,
                    )}
                  </tr>`,
              )}
            </tbody>
            <tfoot>
              <tr>
                <th colspan="5">${t.payments.total}</th>
                <th class="num">${money(total)}</th>
                <th></th>
              </tr>
            </tfoot>
          </table>`;
        openPrintWindow({
          title: t.payments.sheetTitle(...span),
          school,
          pages: [body],
          printedOn: t.printedOn,
          delayMs: 500,
          popupBlockedMessage: t.popupBlocked,
          styles: 'table { font-size: 9pt; } td, th { padding: 2px 4px; }',
          window: win,
        });
      } finally {
        setBusy(false);
      }
    });

  const periodValid = Boolean(from && to && from <= to);
  return (
    <section className="card report-exports">
      <div className="report-export-actions">
        <Button disabled={busy} onClick={() => void report('csv')}>
          {t.report.csv}
        </Button>
        <Button disabled={busy} onClick={() => void report('print')}>
          {t.report.print}
        </Button>
      </div>
      <fieldset className="toolbar report-payments">
        <legend>{t.payments.title}</legend>
        <label className="field">
          <span className="field-label">{t.payments.from}</span>
          <input className="input" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">{t.payments.to}</span>
          <input className="input" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="report-export-actions">
          <Button disabled={busy || !periodValid} onClick={() => void payments('csv')}>
            {t.csv}
          </Button>
          <Button disabled={busy || !periodValid} onClick={() => void payments('print')}>
            {t.print}
          </Button>
        </div>
      </fieldset>
    </section>
  );
}
