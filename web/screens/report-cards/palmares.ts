// The palmarès of a class for a period (issue 30): rank, names, the period average on the report's
// base, its colour band and the council's decision, with the report cards' own figures (the same
// model: worker/domain/report-cards.ts), best first. A CSV file and an A4 page, made in the page
// from the bulk report data it already holds (offline too, once read).
import { type CsvCell, downloadCsv, fileName } from '../../components/csv';
import { html, openPrintWindow } from '../../components/print';
import type { SchoolInfo } from '../../layouts/school';
import { exportText } from '../../i18n/exports';
import { reportCardsText } from '../../i18n/report-cards';
import { averageBand, rankLabel } from '../../../worker/domain/grades';
import type { ReportCards, StudentCard } from '../../../worker/domain/report-cards';
import { compareNames } from '../../../worker/domain/text';
import { formatDecimal } from '../../../worker/domain/format';

const t = exportText.palmares;

export interface PalmaresRow {
  rank: number | null;
  tied: boolean;
  nom: string;
  prenom: string;
  /** On the report's base, two decimals. */
  average: number | null;
  band: 'good' | 'medium' | 'poor' | null;
  decision: StudentCard['decision'];
}

/** The class's cards as palmarès rows: ranked first (best first, ties by name), then the unranked. */
export function palmaresRows(model: ReportCards): PalmaresRow[] {
  return [...model.cards]
    .sort(
      (a, b) =>
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) ||
        compareNames(a.nom, b.nom) ||
        compareNames(a.prenom, b.prenom),
    )
    .map((card) => ({
      rank: card.rank,
      tied: card.tied,
      nom: card.nom,
      prenom: card.prenom,
      average: card.average,
      band: card.percent === null ? null : averageBand(card.percent),
      decision: card.decision,
    }));
}

const rankText = (row: PalmaresRow) =>
  row.rank === null ? '-' : `${rankLabel(row.rank)}${row.tied ? ` ${t.tied}` : ''}`;
const decisionText = (row: PalmaresRow) =>
  row.decision ? reportCardsText.decisions[row.decision] : reportCardsText.noDecision;
const averageText = (row: PalmaresRow) => (row.average === null ? t.noAverage : formatDecimal(row.average));

const header = (base: number) => [
  t.columns.rank,
  t.columns.nom,
  t.columns.prenom,
  t.columns.average(base),
  t.columns.band,
  t.columns.decision,
];

export function palmaresCsv(model: ReportCards, className: string, periodName: string, yearName: string) {
  const rows: CsvCell[][] = palmaresRows(model).map((r) => [
    rankText(r),
    r.nom,
    r.prenom,
    r.average,
    r.band ? t.bands[r.band] : '',
    decisionText(r),
  ]);
  return downloadCsv(fileName(t.file(className, periodName, yearName)), [header(model.base), ...rows]);
}

const STYLES = `
  .palmares td.band { font-weight: 600; }
  .palmares .band-good { background: #dcfce7; color: #166534; }
  .palmares .band-medium { background: #fef9c3; color: #854d0e; }
  .palmares .band-poor { background: #fee2e2; color: #991b1b; }
  .palmares td, .palmares th { padding: 3px 6px; }
`;

export function printPalmares(
  model: ReportCards,
  context: { className: string; periodName: string; yearName: string; school: SchoolInfo | null },
) {
  const rows = palmaresRows(model);
  const body = html`<h2>${t.title(context.className, context.periodName)}</h2>
    <p>${t.year(context.yearName)} · ${t.ranked(model.ranked, model.cards.length)}</p>
    <table class="palmares">
      <thead>
        <tr>
          ${header(model.base).map((h, i) => html`<th class="${i === 3 ? 'num' : ''}">${h}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (r) =>
            html`<tr>
              <td class="num">${rankText(r)}</td>
              <td>${r.nom}</td>
              <td>${r.prenom}</td>
              <td class="num">${averageText(r)}</td>
              <td class="band ${r.band ? `band-${r.band}` : ''}">${r.band ? t.bands[r.band] : '-'}</td>
              <td>${decisionText(r)}</td>
            </tr>`,
        )}
      </tbody>
    </table>
    <p class="legend">${reportCardsText.legend}</p>`;
  return openPrintWindow({
    title: t.title(context.className, context.periodName),
    school: context.school,
    pages: [body],
    printedOn: exportText.printedOn,
    delayMs: 500,
    popupBlockedMessage: exportText.popupBlocked,
    styles: STYLES,
  });
}
