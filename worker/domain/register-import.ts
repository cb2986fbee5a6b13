// Importing a register from a spreadsheet (issue 30), the rules shared by the import screen and
// the server: which column holds which field (French headers in any order, accents and case
// aside), how a cell becomes the student form's value (dates written 15/03/2012 or 2012-03-15,
// sex written M, F, Masculin, Fille...), and when two lines are the same student (same NISU, or
// same names and birth date). Reading the file itself (CSV, XLSX, encodings) is the screen's
// (web/screens/students/import/read-file.ts); deciding whether a line is valid is the student
// form's own rule, applied by the server. Pure functions, no I/O.
import { normalizeNisu } from './students';
import { cleanText, searchKey } from './text';

// ----------------------------------------------------------------------------------- Fields

/** The fields a column can fill, in the order the mapping step lists them. */
export const IMPORT_FIELDS = [
  'nom',
  'prenom',
  'sexe',
  'date_of_birth',
  'birth_place',
  'address',
  'nisu',
  'className',
  'tutor_name',
  'tutor_phone',
  'tutor_email',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The fields without which no line can be imported: a file must have a column for each. */
export const REQUIRED_COLUMNS: readonly ImportField[] = ['nom', 'prenom', 'sexe', 'date_of_birth'];

/** The most lines one check or one write of the import carries. */
export const IMPORT_CHECK_LINES = 500;
export const IMPORT_WRITE_LINES = 100;
/** The most lines a file may have (a school's whole register). */
export const IMPORT_MAX_LINES = 10_000;

/**
 * The headers each field is known by, folded (searchKey: lower case, no accents, hyphens and
 * apostrophes as spaces) and with punctuation removed: what schools' registers really say.
 */
const KNOWN_HEADERS: Record<ImportField, readonly string[]> = {
  nom: ['nom', 'nom de famille', 'noms', 'last name', 'surname', 'nom eleve', 'nom de l eleve'],
  prenom: ['prenom', 'prenoms', 'first name', 'prenom eleve', 'prenom de l eleve', 'prenom s'],
  sexe: ['sexe', 'genre', 'sex', 'gender', 'm f', 'g f'],
  date_of_birth: [
    'date de naissance',
    'date naissance',
    'naissance',
    'ne le',
    'nee le',
    'ne e le',
    'date de nais',
    'ddn',
    'birth date',
    'date of birth',
  ],
  birth_place: [
    'lieu de naissance',
    'lieu naissance',
    'ne a',
    'nee a',
    'ne e a',
    'lieu',
    'birth place',
    'place of birth',
  ],
  address: ['adresse', 'domicile', 'adresse de l eleve', 'residence', 'address'],
  nisu: ['nisu', 'no nisu', 'n nisu', 'numero nisu', 'num nisu', 'code nisu'],
  className: ['classe', 'niveau', 'classe actuelle', 'class', 'salle'],
  tutor_name: [
    'tuteur',
    'nom du tuteur',
    'nom tuteur',
    'tutrice',
    'responsable',
    'parent',
    'nom du parent',
    'parents',
    'tuteur responsable',
  ],
  tutor_phone: [
    'telephone',
    'tel',
    'telephone du tuteur',
    'tel tuteur',
    'telephone tuteur',
    'telephone parent',
    'phone',
    'contact',
    'cellulaire',
  ],
  tutor_email: ['email', 'e mail', 'courriel', 'email du tuteur', 'e mail du tuteur', 'mail'],
};

/** A header folded as KNOWN_HEADERS holds them: 'Date de naissance :' -> 'date de naissance'. */
export function headerKey(header: string): string {
  return searchKey(header)
    .replace(/[°º]/g, '')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

const FIELD_BY_HEADER = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => KNOWN_HEADERS[field].map((h) => [h, field] as const)),
);

/** The field a header names, or null when it is not recognised (the mapping step asks). */
export const fieldOfHeader = (header: string): ImportField | null => FIELD_BY_HEADER.get(headerKey(header)) ?? null;

/** Which field each column fills (null: ignored), as guessed from the headers; a field fills one column at most. */
export type ColumnMapping = (ImportField | null)[];

export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = fieldOfHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** The required fields no column fills. */
export const missingColumns = (mapping: ColumnMapping): ImportField[] =>
  REQUIRED_COLUMNS.filter((field) => !mapping.includes(field));

/** The columns whose header was not recognised (and that hold something). */
export const unknownColumns = (headers: readonly string[]): number[] =>
  headers.flatMap((h, i) => (h.trim() && !fieldOfHeader(h) ? [i] : []));

// ----------------------------------------------------------------------------------- Values

/**
 * A birth date as the student form stores it (YYYY-MM-DD) from the forms registers use:
 * 15/03/2012, 15-03-2012, 15.03.2012, 5/3/2012, 2012-03-15 or 2012/03/15, a time after it
 * ignored ('2012-03-15 00:00:00', what a spreadsheet exports). Anything else is answered as
 * written, and the server refuses it with the form's own message.
 */
export function readDate(value: string): string {
  const text = cleanText(value).replace(/[ T]\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/, '');
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]!.padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  const yearFirst = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(text);
  if (yearFirst) return `${yearFirst[1]}-${yearFirst[2]!.padStart(2, '0')}-${yearFirst[3]!.padStart(2, '0')}`;
  return text;
}

/** A date cell of a spreadsheet (a JavaScript Date at midnight UTC) as YYYY-MM-DD. */
// A calendar date the spreadsheet stores at midnight UTC, not an instant: its UTC day is the date.
// eslint-disable-next-line no-restricted-syntax
export const isoDateOf = (date: Date): string => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

const SEX_WORDS: Record<string, 'M' | 'F'> = {
  m: 'M',
  masculin: 'M',
  masc: 'M',
  garcon: 'M',
  g: 'M',
  h: 'M',
  homme: 'M',
  male: 'M',
  f: 'F',
  feminin: 'F',
  fem: 'F',
  fille: 'F',
  femme: 'F',
  female: 'F',
};

/** 'M' or 'F' from the words registers use; anything else as written (the server refuses it). */
export function readSex(value: string): string {
  const key = headerKey(value);
  return SEX_WORDS[key] ?? cleanText(value);
}

// ------------------------------------------------------------------------------------ Lines

/** One line of the file as the import sends it: the student form's fields as text ('' when empty). */
export interface ImportLine {
  /** The line's number in the file (the header is line 1). */
  line: number;
  /** The student's id, made once when the file is read: a line sent twice is written once. */
  id: string;
  nom: string;
  prenom: string;
  sexe: string;
  date_of_birth: string;
  birth_place: string;
  address: string;
  nisu: string;
  className: string;
  tutor_name: string;
  tutor_phone: string;
  tutor_email: string;
}

/** A cell as read from the file: text from a CSV, text, a number or a date from a spreadsheet. */
export type Cell = string | number | boolean | Date | null | undefined;

const cellText = (cell: Cell): string =>
  cell === null || cell === undefined ? '' : cell instanceof Date ? isoDateOf(cell) : String(cell);

export interface LineOptions {
  /** The file's own line number of each row, as Excel shows it (empty rows of the file counted). */
  lines: readonly number[];
  /** A value for a field its cell leaves empty (the address of a file that has none). */
  defaults?: Partial<Record<ImportField, string>>;
  makeId: () => string;
}

/** The file's rows as lines of the import; rows with every mapped cell empty are left out. */
export function linesOf(
  rows: readonly (readonly Cell[])[],
  mapping: ColumnMapping,
  options: LineOptions,
): ImportLine[] {
  const lines: ImportLine[] = [];
  rows.forEach((row, index) => {
    const values: Record<ImportField, string> = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, ''])) as Record<
      ImportField,
      string
    >;
    let empty = true;
    mapping.forEach((field, column) => {
      if (!field) return;
      const text = cleanText(cellText(row[column]));
      if (text) empty = false;
      values[field] = text;
    });
    if (empty) return;
    for (const [field, value] of Object.entries(options.defaults ?? {}) as [ImportField, string][]) {
      if (!values[field] && value.trim()) values[field] = cleanText(value);
    }
    const dateCell = row[mapping.indexOf('date_of_birth')];
    lines.push({
      line: options.lines[index] ?? index + 2,
      id: options.makeId(),
      ...values,
      sexe: readSex(values.sexe),
      date_of_birth: dateCell instanceof Date ? isoDateOf(dateCell) : readDate(values.date_of_birth),
      nisu: values.nisu ? normalizeNisu(values.nisu) || values.nisu : '',
    });
  });
  return lines;
}

// ------------------------------------------------------------------------------- Duplicates

/** What makes two lines, or a line and a student, the same person. */
export interface PersonKeys {
  /** The NISU as stored (normalized), null without one. */
  nisu: string | null;
  /** Folded last name, first name and birth date; null without a birth date. */
  person: string | null;
}

export function personKey(nom: string, prenom: string, dateOfBirth: string | null | undefined): string | null {
  if (!dateOfBirth) return null;
  return `${searchKey(nom)}|${searchKey(prenom)}|${dateOfBirth}`;
}

export const keysOf = (line: Pick<ImportLine, 'nisu' | 'nom' | 'prenom' | 'date_of_birth'>): PersonKeys => ({
  nisu: line.nisu ? normalizeNisu(line.nisu) : null,
  person: personKey(line.nom, line.prenom, line.date_of_birth),
});

/** Why a line is a duplicate: the same NISU or the same names and birth date. */
export type DuplicateReason = 'nisu' | 'person';

/**
 * Lines that repeat an earlier line of the file: for each such line, the earlier line's number
 * and why. Only lines `kept` (those that will be written) count as earlier lines, so a line
 * that repeats a refused one is not a duplicate.
 */
export function duplicatesInFile<L extends Pick<ImportLine, 'line' | 'nisu' | 'nom' | 'prenom' | 'date_of_birth'>>(
  lines: readonly L[],
  kept: (line: L) => boolean = () => true,
): Map<number, { line: number; reason: DuplicateReason }> {
  const byNisu = new Map<string, number>();
  const byPerson = new Map<string, number>();
  const found = new Map<number, { line: number; reason: DuplicateReason }>();
  for (const line of lines) {
    const keys = keysOf(line);
    const sameNisu = keys.nisu ? byNisu.get(keys.nisu) : undefined;
    const samePerson = keys.person ? byPerson.get(keys.person) : undefined;
    if (sameNisu !== undefined) found.set(line.line, { line: sameNisu, reason: 'nisu' });
    else if (samePerson !== undefined) found.set(line.line, { line: samePerson, reason: 'person' });
    else if (kept(line)) {
      if (keys.nisu) byNisu.set(keys.nisu, line.line);
      if (keys.person) byPerson.set(keys.person, line.line);
    }
  }
  return found;
}

// --------------------------------------------------------------------------------- Verdicts

/** What the import does with a line. */
export type LineStatus = 'create' | 'enrol' | 'duplicate' | 'refused' | 'imported';

export interface LineVerdict {
  line: number;
  status: LineStatus;
  /** The class the student is enrolled in ('enrol'). */
  className?: string;
  /** Why a line is a duplicate or refused, in French. */
  reason?: string;
}

/** Lines that will be written. */
export const writes = (status: LineStatus): boolean => status === 'create' || status === 'enrol';
