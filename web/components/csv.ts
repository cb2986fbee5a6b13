// CSV files the way Excel on a French Windows opens them at once (issue 30): UTF-8 with a BOM,
// semicolons, CRLF. papaparse writes them (loaded only when a file is made, its own chunk: the
// screens that offer a CSV do not carry it); the file is made in the page from data the page
// holds, so an export of what the phone already has works offline.

export type CsvCell = string | number | null | undefined;

/**
 * Cells a spreadsheet would run as a formula are written as text (a quote before them). Not the
 * signs + and -: phone numbers ('+509 3712 3456') and negative amounts start with them.
 */
const FORMULA = /^[=@\t\r]/;

/** The text of a CSV file (without the BOM). */
export async function csvText(rows: readonly (readonly CsvCell[])[]): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return Papa.unparse(
    rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : cell))),
    { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: FORMULA },
  );
}

/** A number as the French Excel reads it: '1234,5' (decimal comma, no thousands separator). */
export const csvNumber = (value: number | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(value) ? '' : String(value).replace('.', ',');

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
