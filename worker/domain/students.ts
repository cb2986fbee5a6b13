// Student rules shared by the worker and the student form (document 2 §3, §4, §5): NISU, tutor
// phone, medical notes in their three stored formats, birth dates, and the rules of the bulk
// actions. Pure functions, no I/O.

import { isIsoDate, schoolCalendarYear, schoolToday } from './dates';

// ----------------------------------------------------------------------------------- Limits

/** The longest values the student form takes (its maxLength), refused by the server beyond. */
export const STUDENT_LIMITS = {
  nom: 100,
  prenom: 100,
  address: 300,
  birthPlace: 100,
  tutorName: 200,
  tutorEmail: 200,
  tutorPhone: 40,
} as const;

// ------------------------------------------------------------------------------------- NISU

export const NISU_LENGTH = 20;
/** 4 letters, 8 digits, 1 letter, 7 digits. */
export const NISU_PATTERN = /^[A-Z]{4}\d{8}[A-Z]\d{7}$/;

/**
 * What the NISU field keeps while typing or pasting: uppercased, without spaces, hyphens or
 * invisible characters, at most 20 characters. The separators go before the cut, so a NISU
 * pasted as 'zeel 20130301 m 1234567' keeps all of its 20 characters.
 */
export const normalizeNisu = (value: string): string =>
  value
    .replace(/[\s\p{Z}\p{C}\-‐‑–—.]+/gu, '')
    .toUpperCase()
    .slice(0, NISU_LENGTH);

/** The NISU field takes a pasted NISU with its separators; normalizeNisu shortens it to 20. */
export const NISU_INPUT_MAX = 40;

export const isValidNisu = (value: string): boolean => NISU_PATTERN.test(value);

// ------------------------------------------------------------------------------------ Phone

export const PHONE_MAX_DIGITS = 15;
export const PHONE_MIN_DIGITS = 8;
/** Haiti is the default country of the tutor phone. */
export const DEFAULT_COUNTRY_CODE = '509';
export const HAITI_LOCAL_DIGITS = 8;

/**
 * The stored form of a tutor phone: '+509 3712 3456' for Haiti, '+' and the digits otherwise.
 * A number typed without '+' or '00' is a Haitian number. Answers null for an empty value and
 * 'invalid' when the number has too few or more than 15 digits (country code included).
 */
export function normalizePhone(value: string): string | null | 'invalid' {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (/[^\d\s+().-]/.test(trimmed) || trimmed.lastIndexOf('+') > 0) return 'invalid';
  const digits = trimmed.replace(/\D/g, '');
  let international: string;
  if (trimmed.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (
    digits.length === DEFAULT_COUNTRY_CODE.length + HAITI_LOCAL_DIGITS &&
    digits.startsWith(DEFAULT_COUNTRY_CODE)
  ) {
    international = digits;
  } else international = `${DEFAULT_COUNTRY_CODE}${digits}`;
  if (international.length < PHONE_MIN_DIGITS || international.length > PHONE_MAX_DIGITS) return 'invalid';
  if (!international.startsWith(DEFAULT_COUNTRY_CODE)) return `+${international}`;
  // Haitian numbers have 8 digits after the country code.
  const local = international.slice(DEFAULT_COUNTRY_CODE.length);
  if (local.length !== HAITI_LOCAL_DIGITS) return 'invalid';
  return `+${DEFAULT_COUNTRY_CODE} ${local.slice(0, 4)} ${local.slice(4)}`;
}

// ----------------------------------------------------------------------------------- E-mail

/** The same shape the server's zod e-mail check accepts, for the form's live message. */
export const isEmail = (value: string): boolean =>
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/.test(value.trim());

// ---------------------------------------------------------------------------- Medical notes

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

export interface MedicalNotes {
  /** One of BLOOD_GROUPS, or '' when unspecified. */
  blood_group: string;
  allergies: string;
  illnesses: string;
}

export const EMPTY_MEDICAL_NOTES: MedicalNotes = { blood_group: '', allergies: '', illnesses: '' };

const OLD_PREFIXES: [keyof MedicalNotes, string][] = [
  ['blood_group', 'Groupe Sanguin:'],
  ['allergies', 'Allergies:'],
  ['illnesses', 'Maladies:'],
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Reads medical notes in any of the three stored formats: the JSON text of today
 * ({blood_group, allergies, illnesses}), the older ' | ' separated text with the prefixes
 * 'Groupe Sanguin: ', 'Allergies: ', 'Maladies: ', and plain text, which is kept whole as the
 * known illnesses (the free-text field closest to what those notes held).
 */
export function parseMedicalNotes(stored: string | null | undefined): MedicalNotes {
  const raw = (stored ?? '').trim();
  if (!raw) return { ...EMPTY_MEDICAL_NOTES };
  if (raw.startsWith('{')) {
    try {
      const data = JSON.parse(raw) as Record<string, unknown>;
      if (data && typeof data === 'object' && !Array.isArray(data)) {
        return {
          blood_group: text(data.blood_group),
          allergies: text(data.allergies),
          illnesses: text(data.illnesses),
        };
      }
    } catch {
      // not JSON after all: read as text below
    }
  }
  const parts = raw.split('|').map((p) => p.trim());
  const notes = { ...EMPTY_MEDICAL_NOTES };
  let prefixed = false;
  for (const part of parts) {
    const match = OLD_PREFIXES.find(([, prefix]) => part.toLowerCase().startsWith(prefix.toLowerCase()));
    if (!match) continue;
    prefixed = true;
    notes[match[0]] = part.slice(match[1].length).trim();
  }
  return prefixed ? notes : { ...EMPTY_MEDICAL_NOTES, illnesses: raw };
}

/** The longest allergies and known illnesses the form takes. */
export const MEDICAL_LIMITS = { allergies: 500, illnesses: 1000 } as const;

/** Whether notes break a rule of the form: an unknown blood group or a part too long. */
export const medicalNotesValid = (notes: MedicalNotes): boolean =>
  (notes.blood_group === '' || (BLOOD_GROUPS as readonly string[]).includes(notes.blood_group)) &&
  notes.allergies.length <= MEDICAL_LIMITS.allergies &&
  notes.illnesses.length <= MEDICAL_LIMITS.illnesses;

/** The JSON text stored today, or null when every part is empty. */
export function serializeMedicalNotes(notes: MedicalNotes): string | null {
  const clean = {
    blood_group: notes.blood_group.trim(),
    allergies: notes.allergies.trim(),
    illnesses: notes.illnesses.trim(),
  };
  if (!clean.blood_group && !clean.allergies && !clean.illnesses) return null;
  return JSON.stringify(clean);
}

export const hasMedicalNotes = (notes: MedicalNotes) =>
  Boolean(notes.blood_group || notes.allergies || notes.illnesses);

// ------------------------------------------------------------------------------ Birth dates

/** The birth-year list spans 120 years back from this year. */
export const BIRTH_YEARS_SPAN = 120;

export function birthYears(now: Date = new Date()): number[] {
  const year = schoolCalendarYear(now);
  return Array.from({ length: BIRTH_YEARS_SPAN + 1 }, (_, i) => year - i);
}

export type BirthDateProblem = 'required' | 'invalid' | 'future' | 'tooOld';

/**
 * What is wrong with a birth date, or null: missing, not a real calendar date (29 February
 * 2013), after today, or more than 120 years back (the form's year list).
 */
export function birthDateProblem(value: string, now: Date = new Date()): BirthDateProblem | null {
  if (!value.trim()) return 'required';
  if (!isIsoDate(value)) return 'invalid';
  const today = schoolToday(now);
  if (value > today) return 'future';
  if (Number(value.slice(0, 4)) < Number(today.slice(0, 4)) - BIRTH_YEARS_SPAN) return 'tooOld';
  return null;
}

/** The same for the form's day, month and year pickers: a part missing is 'required'. */
export function birthPartsProblem(parts: DateParts, now: Date = new Date()): BirthDateProblem | null {
  if (!parts.day || !parts.month || !parts.year) return 'required';
  const value = composeDate(parts);
  return value ? birthDateProblem(value, now) : 'invalid';
}

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

export function dateParts(value: string | null | undefined): DateParts {
  if (!value || !isIsoDate(value)) return { day: '', month: '', year: '' };
  const [year, month, day] = value.split('-') as [string, string, string];
  return { day: String(Number(day)), month: String(Number(month)), year };
}

/** The date of the day, month and year pickers; '' while one is missing or the day does not exist. */
export function composeDate({ day, month, year }: DateParts): string {
  if (!day || !month || !year) return '';
  const value = `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isIsoDate(value) ? value : '';
}

// -------------------------------------------------------------------------------- Display

export function initials(prenom: string, nom: string): string {
  const first = (word: string) => Array.from(word.trim())[0] ?? '';
  return `${first(prenom)}${first(nom)}`.toUpperCase() || '?';
}

// ---------------------------------------------------------------------------- Bulk actions

export interface SelectedStudent {
  /** The class name of the selected year's enrolment, null when not enrolled. */
  className: string | null;
}

/**
 * Which enrol action the selection allows (document 2 §4): bulk enrol only when every selected
 * student is unenrolled; when all are already enrolled an info message and nothing is sent.
 */
export function bulkEnrolState(selection: readonly SelectedStudent[]): 'enrol' | 'all-enrolled' | 'mixed' | 'empty' {
  if (selection.length === 0) return 'empty';
  const enrolled = selection.filter((s) => s.className !== null).length;
  if (enrolled === 0) return 'enrol';
  return enrolled === selection.length ? 'all-enrolled' : 'mixed';
}

/** Bulk change class shows only when some selected students are enrolled. */
export const canChangeClass = (selection: readonly SelectedStudent[]) => selection.some((s) => s.className !== null);

/** Destinations of 'Changer de Classe': the classes not already represented in the selection. */
export function changeClassTargets<T extends { name: string }>(
  classes: readonly T[],
  selection: readonly SelectedStudent[],
): T[] {
  const represented = new Set(selection.flatMap((s) => (s.className ? [s.className.toLowerCase()] : [])));
  return classes.filter((c) => !represented.has(c.name.toLowerCase()));
}
