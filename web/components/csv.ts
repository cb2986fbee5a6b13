// CSV files the way Excel on a French Windows opens them at once (issue 30): UTF-8 with a BOM,
// semicolons, CRLF. papaparse writes them (loaded only when a file is made, its own chunk: the
// screens that offer a CSV do not carry it); the file is made in the page from data the page
// holds, so an export of what the phone already has works offline.
import { formatPlain } from '../../worker/domain/format';

/** A cell: text, a number (written with a decimal comma, and left a number), or nothing. */
export type CsvCell = string | number | null | undefined;

/**
 * Text a spreadsheet would run as a formula (issue 38): Excel and LibreOffice run a cell that
 * starts with '=', '+', '-' or '@' ('+SUM(1;1)', '-2+3', a name typed so or imported), or with a
 * tab or a carriage return. Such text is written with a quote before it, in double quotes: the
 * spreadsheet shows it as text, never runs it. A phone number written '+509…' is text too.
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * A cell as the file holds it: a number as the French Excel reads it (decimal comma, no thousands
 * separator; -500 stays the number -500), a text that would run with a quote before it.
 */
export function csvCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? formatPlain(cell) : '';
  return FORMULA.test(cell) ? `'${cell}` : cell;
}

/** The text of a CSV file (without the BOM). */
export async function csvText(rows: readonly (readonly CsvCell[])[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    rows.map((row) => row.map(csvCell)),
    // A neutralised text goes in double quotes; papaparse quotes on its own a cell holding a ';',
    // a quote or a line break.
    { delimiter: ';', newline: '\r\n', quotes: (value: unknown) => typeof value === 'string' && value.startsWith("'") },
  );
}

/** A file name without the characters file systems refuse. */
export const fileName = (...parts: string[]) =>
  parts
    .join(' ')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, '_')
    .slice(0, 120);

/** Offers the file to the user (a download), named `name` + '.csv'. */
export async function downloadCsv(name: string, rows: readonly (readonly CsvCell[])[]): Promise<void> {
  const text = await csvText(rows);
  downloadBlob(`${name}.csv`, new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
}

/** Saves a blob the page made as a download. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
