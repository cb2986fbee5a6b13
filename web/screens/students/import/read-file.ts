// Reading a register file as schools have them (issue 30): a CSV from Excel or LibreOffice
// (comma, semicolon or tab separated; UTF-8 with or without BOM, or Windows-1252, Excel's
// default on a French Windows) or an XLSX workbook (its first sheet). papaparse reads the CSV,
// read-excel-file the workbook, each its own chunk loaded when a file of its kind is chosen (the
// CSV exports share papaparse's); what a row means is worker/domain/register-import.ts's.
import { type Cell, fieldOfHeader } from '../../../../worker/domain/register-import';

export interface RegisterSheet {
  headers: string[];
  /** The rows under the header that hold something (empty rows are left out). */
  rows: Cell[][];
  /**
   * The file's own number of each row, as Excel shows it (issue 38): empty rows and a title
   * above the header count, so the line a refusal names is the line the secretary finds.
   */
  lines: number[];
}

/** What went wrong reading a file: the French message is the screen's (i18n/students.ts). */
export class UnreadableFile extends Error {
  constructor(readonly reason: 'empty' | 'xls' | 'unreadable' | 'noHeader') {
    super(reason);
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of a CSV file: UTF-8 (its BOM dropped) when the bytes are valid UTF-8, otherwise
 * Windows-1252 (what Excel writes for 'CSV (séparateur : point-virgule)' on a French Windows).
 */
export function decodeText(bytes: Uint8Array): string {
  const body = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/**
 * The rows of a CSV text, one per line of the file as Excel numbers them, empty ones included (a
 * blank line, a ';;;;' line). The separator is found by papaparse among ; , tab and |, from the
 * lines that hold something.
 */
export async function readCsv(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const { delimiter } = Papa.parse<string[]>(text, {
    delimitersToGuess: [';', ',', '\t', '|'],
    skipEmptyLines: 'greedy',
    preview: 50,
  }).meta;
  const rows = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false }).data;
  // The line end after the last line is no line of its own.
  const last = rows[rows.length - 1];
  return last && isEmpty(last) ? rows.slice(0, -1) : rows;
}

/**
 * The first sheet of an XLSX workbook, one row per row of the sheet (empty ones included): text,
 * numbers, booleans and dates as the cells hold them.
 */
export async function readXlsx(buffer: ArrayBuffer): Promise<Cell[][]> {
  const { readSheet } = await import('read-excel-file/universal');
  return (await readSheet(buffer)) as unknown as Cell[][];
}

/** A row without any cell holding something. */
const isEmpty = (row: readonly Cell[]) =>
  !row.some((cell) => cell !== null && cell !== undefined && String(cell).trim() !== '');

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;
/** The old binary Excel format (OLE2), which the import does not read. */
const isOle = (bytes: Uint8Array) => bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/** How many cells of a row name a known field. */
const knownHeaders = (row: readonly Cell[]) =>
  row.filter((cell) => typeof cell === 'string' && fieldOfHeader(cell) !== null).length;

/**
 * The header row and the rows under it, each with its line in the file (the file's rows, one per
 * line, empty ones included). A register often has a title or the school's name above its header:
 * the header is the first of the first ten rows holding something that names at least two known
 * fields, otherwise the first such row.
 */
export function splitHeader(rows: readonly Cell[][]): RegisterSheet {
  const filled = rows.map((cells, i) => ({ cells, line: i + 1 })).filter((row) => !isEmpty(row.cells));
  if (filled.length === 0) throw new UnreadableFile('empty');
  let index = filled.slice(0, 10).findIndex((row) => knownHeaders(row.cells) >= 2);
  if (index === -1) index = 0;
  const headers = filled[index]!.cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim()));
  if (headers.every((h) => !h)) throw new UnreadableFile('noHeader');
  const below = filled.slice(index + 1);
  return { headers, rows: below.map((row) => row.cells), lines: below.map((row) => row.line) };
}

/** A register file's header and rows, whatever its format (found from its bytes, not its name). */
export async function readRegisterFile(buffer: ArrayBuffer): Promise<RegisterSheet> {
  const bytes = new Uint8Array(buffer);
  if (bytes.length === 0) throw new UnreadableFile('empty');
  if (isOle(bytes)) throw new UnreadableFile('xls');
  let rows: Cell[][];
  try {
    rows = isZip(bytes) ? await readXlsx(buffer) : await readCsv(decodeText(bytes));
  } catch {
    throw new UnreadableFile('unreadable');
  }
  return splitHeader(rows);
}
