// The activity log's rules (document 2 §2 'Audit log', §3, §5): date ranges read as the school's
// days, the search words, and how a row reads (its action's label, names in place of ids, its
// details' keys in French). Pure functions; the server filters with `dayRange` and
// `auditSearchWords` and answers rows made readable by `readableEntry`.
import { type AuditAction, auditServerText as t } from '../contract/texts/audit';
import { DAY_NAMES } from '../contract/texts/timetable';
import { addDays, isIsoDate, schoolDayStart } from './dates';
import { formatInstant } from './format';
import { PERMISSIONS } from './permissions';
import type { DayOfWeek } from './timetable';
import { cleanText } from './text';

/**
 * The stored timestamps of a range of school days, both days included: `from` inclusive, `to`
 * exclusive (the start of the day after `endDate`). A missing end leaves that side open.
 */
export function dayRange(
  startDate?: string | null,
  endDate?: string | null,
): { from: string | null; to: string | null } {
  return {
    from: startDate ? schoolDayStart(startDate) : null,
    to: endDate ? schoolDayStart(addDays(endDate, 1)) : null,
  };
}

export type DateRangeProblem = 'missing' | 'invalid' | 'order';

/** Why a range of the delete by date cannot be used: both dates are needed, in order. */
export function deleteRangeProblem(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): DateRangeProblem | null {
  if (!startDate || !endDate) return 'missing';
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return 'invalid';
  return endDate < startDate ? 'order' : null;
}

/**
 * The words of the log's search box, lower case (at most 10): each must appear in the row's
 * user, action, target or details. Accents are kept: details are stored as typed.
 */
export const auditSearchWords = (query: string | null | undefined): string[] =>
  cleanText(query ?? '')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .slice(0, 10);

// ------------------------------------------------------------------ how an entry reads (decision 200)

/** What an id of a row's details or target names: the log shows the name instead. */
export type RefKind =
  | 'enrollment'
  | 'student'
  | 'evaluation'
  | 'subject'
  | 'period'
  | 'year'
  | 'teacher'
  | 'resource'
  | 'assignment'
  | 'curriculum'
  /** A seat of an evaluation's class roster (`<evaluation id>:<seat>`): the pupil seated there (decision 331). */
  | 'seat';

/** Detail keys (at any depth) whose value is an id, or a list of ids, of a record of the school. */
const DETAIL_REFS: Readonly<Record<string, RefKind>> = {
  enrollment: 'enrollment',
  enrollment_id: 'enrollment',
  student_id: 'student',
  evaluation: 'evaluation',
  subject: 'subject',
  period: 'period',
  year_id: 'year',
  teacherIds: 'teacher',
  resource_id: 'resource',
  assignment_id: 'assignment',
};

/** Actions whose target is an id (the attendance ones: an id, a space, the day). */
const TARGET_REFS: Readonly<Partial<Record<AuditAction, RefKind>>> = {
  SET_APPRECIATION: 'enrollment',
  SET_GENERAL_APPRECIATION: 'enrollment',
  UPDATE_MAX_GRADE: 'curriculum',
  SET_ATTENDANCE_OVERRIDE: 'student',
  CLEAR_ATTENDANCE_OVERRIDE: 'student',
};

/**
 * A roll call's log row counts its marks in this order, as a list (decision 331: `[141, 5, 4]`,
 * the zeros at the end left out); it reads as the object it stood for ('présents: 141 | ...').
 */
export const ROLL_CALL_COUNTS = ['present', 'absent', 'late', 'justified', 'cleared'] as const;

/** A stored row of a log, as the reads return it. */
export interface StoredEntry {
  action_type: string;
  target_name: string | null;
  details: string | null;
}

/** A record a row names by id: its kind and id (its school is the row's). */
export interface Ref {
  kind: RefKind;
  id: string;
}

const parsed = (details: string | null): unknown => {
  if (!details) return null;
  try {
    return JSON.parse(details) as unknown;
  } catch {
    return details;
  }
};

const targetRef = (entry: StoredEntry): Ref | null => {
  const kind = TARGET_REFS[entry.action_type as AuditAction];
  const id = entry.target_name?.split(' ')[0];
  return kind && id ? { kind, id } : null;
};

/** Every id a row names (its target's and its details', at any depth), for one lookup per kind. */
export function refsOf(entry: StoredEntry): Ref[] {
  const refs: Ref[] = [];
  const target = targetRef(entry);
  if (target) refs.push(target);
  const walk = (value: unknown, kind: RefKind | undefined) => {
    if (typeof value === 'string' && kind) refs.push({ kind, id: value });
    else if (Array.isArray(value)) for (const item of value) walk(item, kind);
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, DETAIL_REFS[key]);
  };
  const details = parsed(entry.details);
  walk(details, undefined);
  for (const { evaluation, notes } of gradeNotes(entry, details))
    for (const [seat] of notes) refs.push({ kind: 'seat', id: `${evaluation}:${seat}` });
  return refs;
}

/** A grade book batch's row (SET_GRADES): per evaluation, its scores by seat (decision 331). */
function gradeNotes(entry: StoredEntry, details: unknown): { evaluation: string; notes: [number, number | null][] }[] {
  if (entry.action_type !== 'SET_GRADES' || !details || typeof details !== 'object') return [];
  const list = (details as { evaluations?: unknown }).evaluations;
  return Array.isArray(list)
    ? list.filter(
        (e): e is { evaluation: string; notes: [number, number | null][] } =>
          typeof e?.evaluation === 'string' && Array.isArray(e.notes),
      )
    : [];
}

/** The name of a record a row names, or undefined when it was deleted since. */
export type NameOf = (kind: RefKind, id: string) => string | undefined;

const PERMISSION_NAMES = new Map<unknown, string>(PERMISSIONS.map((p) => [p.id, p.description]));

function valueText(key: string | undefined, value: unknown, nameOf: NameOf): string {
  const kind = key === undefined ? undefined : DETAIL_REFS[key];
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (kind && typeof value === 'string') return nameOf(kind, value) ?? t.gone;
  if (Array.isArray(value)) {
    if (key === 'permissionIds') return value.map((v) => PERMISSION_NAMES.get(v) ?? String(v)).join(', ');
    // Ids of records deleted by the very action (announcements of old rows): how many.
    if (key === 'ids') return String(value.length);
    if (kind) {
      const names = value.map((v) => (typeof v === 'string' ? nameOf(kind, v) : undefined));
      const found = names.filter((n): n is string => n !== undefined);
      const gone = names.length - found.length;
      return [...found, ...(gone ? [t.goneCount(gone)] : [])].join(', ');
    }
    return `[${value.map((v) => valueText(undefined, v, nameOf)).join(' ; ')}]`;
  }
  if (typeof value === 'object') return `(${pairsText(value as Record<string, unknown>, nameOf)})`;
  if (key === 'day' && typeof value === 'number') return DAY_NAMES[value as DayOfWeek] ?? String(value);
  if (typeof value === 'string') return dateText(value);
  return String(value);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A stored day or instant as the log's dates read (fr-FR, the school's time); other text as it is. */
function dateText(value: string): string {
  const day = ISO_DAY.exec(value);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  return ISO_INSTANT.test(value) ? formatInstant(value, 'dateTime') : value;
}

const pairsText = (object: Record<string, unknown>, nameOf: NameOf) =>
  Object.entries(object)
    .map(([key, value]) => `${t.keys[key] ?? key}: ${valueText(key, value, nameOf)}`)
    .join(', ');

/**
 * A row as the log shows it: its action's French label, its target and details with names in
 * place of ids (a record deleted since reads 'supprimé'), an object's keys in French as
 * 'clé: valeur | ...', other text as it is.
 */
export function readableEntry(entry: StoredEntry, nameOf: NameOf = () => undefined) {
  const target = targetRef(entry);
  let details = parsed(entry.details);
  if (entry.action_type === 'ATTENDANCE_SESSION' && Array.isArray(details))
    details = Object.fromEntries(
      ROLL_CALL_COUNTS.map((key, i) => [key, (details as unknown[])[i] ?? 0]).filter(([, n]) => n !== 0),
    );
  const notes = gradeNotes(entry, details);
  let detailsText: string | null;
  if (details === null) detailsText = null;
  else if (notes.length) {
    // 'évaluation: Devoir 1 | notes: Jean Dupont 15 ; Marie Paul effacée'
    detailsText = notes
      .map(
        ({ evaluation, notes: scores }) =>
          `${t.keys.evaluation}: ${nameOf('evaluation', evaluation) ?? t.gone} | ${t.keys.notes}: ${scores
            .map(([seat, score]) => `${nameOf('seat', `${evaluation}:${seat}`) ?? t.gone} ${score ?? t.cleared}`)
            .join(' ; ')}`,
      )
      .join(' | ');
  } else if (typeof details === 'object' && !Array.isArray(details)) {
    detailsText = Object.entries(details as Record<string, unknown>)
      .map(([key, value]) => `${t.keys[key] ?? key}: ${valueText(key, value, nameOf)}`)
      .join(' | ');
  } else detailsText = typeof details === 'string' ? details : String(entry.details);
  return {
    action_label: (t.actions as Record<string, string>)[entry.action_type] ?? entry.action_type,
    target_name: target
      ? [nameOf(target.kind, target.id) ?? t.gone, ...entry.target_name!.split(' ').slice(1)].join(' ')
      : entry.target_name,
    details: detailsText || null,
  };
}

/** The action codes whose French label holds a word of the search (the search reads labels too). */
export const actionsLabelled = (word: string): AuditAction[] =>
  (Object.entries(t.actions) as [AuditAction, string][])
    .filter(([, label]) => label.toLowerCase().includes(word))
    .map(([code]) => code);
