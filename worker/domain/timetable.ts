// Timetable rules shared by the worker, the timetable manager's form and the week grid (document 2
// §2 'Teacher dashboard', §3 'Timetable entry', §9; product decision 'Teachers and timetable'):
// times written 'HH:MM', days 1 (Monday) to 6 (Saturday), the overlap rule, the grid's geometry
// and the order of a phone's day-by-day list. Pure functions, no I/O.

// ------------------------------------------------------------------------------------- Days

/** Monday = 1 ... Saturday = 6 (document 2 §3). Sunday has no lessons. */
export const DAYS = [1, 2, 3, 4, 5, 6] as const;
export type DayOfWeek = (typeof DAYS)[number];

export const isDayOfWeek = (value: unknown): value is DayOfWeek =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;

/**
 * The day of the week of a 'YYYY-MM-DD' date: 1 (Monday) to 6 (Saturday), or null for a Sunday.
 * The date is a calendar date (the school's), so its weekday does not depend on any time zone.
 */
export function dayOfWeekOf(date: string): DayOfWeek | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 = Sunday
  return weekday === 0 ? null : (weekday as DayOfWeek);
}

// ------------------------------------------------------------------------------------ Times

/** 'HH:MM' on 24 hours, zero-padded: the stored form, which sorts and compares as text. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const isTime = (value: string): boolean => TIME_PATTERN.test(value);

/**
 * The stored 'HH:MM' form of a time typed or picked: '7:30', '07:30', '07h30', '7h' and the
 * seconds some time pickers add ('07:30:00') are read; anything else (or a time that does not
 * exist, '24:00', '07:60') is null.
 */
export function normalizeTime(value: string): string | null {
  const match = /^(\d{1,2})\s*(?::|h|H)\s*(\d{2})?(?::00)?$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = match[2] === undefined ? 0 : Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Minutes since midnight of an 'HH:MM' time. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

// ------------------------------------------------------------------------------------ Slots

/** Where and when an entry takes place. */
export interface Slot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

export type SlotProblem = 'day' | 'start' | 'end' | 'order';

/**
 * What is wrong with a slot, or null: a day other than 1 to 6, a start or end time that is not
 * 'HH:MM', or an end that is not after the start (a lesson lasts at least a minute).
 */
export function slotProblem(slot: Slot): SlotProblem | null {
  if (!isDayOfWeek(slot.dayOfWeek)) return 'day';
  if (!isTime(slot.startTime)) return 'start';
  if (!isTime(slot.endTime)) return 'end';
  return slot.startTime < slot.endTime ? null : 'order';
}

/**
 * Two slots overlap when they are on the same day and share at least a minute: touching edges
 * (one ends at 08:00, the other starts at 08:00) do not overlap.
 */
export const slotsOverlap = (a: Slot, b: Slot): boolean =>
  a.dayOfWeek === b.dayOfWeek && a.startTime < b.endTime && b.startTime < a.endTime;

/** A lesson of a week as the grids show it (document 2 §3 'Timetable entry'). */
export interface WeekEntry extends Slot {
  id: string;
  subjectName: string;
  className: string;
  /** The place; null or '' shows 'N/A'. */
  locationName: string | null;
}

// ---------------------------------------------------------------------------------- Overlap

/** A timetable entry with what the overlap rule looks at: its course's year, teacher and class. */
export interface PlacedEntry extends Slot {
  /** Absent for an entry not created yet. */
  id?: string | undefined;
  yearId: string;
  teacherId: string;
  classId: string;
}

/** Who the clash is with: the same teacher, the same class, or both. */
export type ClashReason = 'teacher' | 'class' | 'both';

export interface Clash<T> {
  entry: T;
  reason: ClashReason;
}

/**
 * The entry the candidate would clash with, or null (product decision: the server refuses an
 * overlap for the same teacher or the same class). Only entries of the same school year count,
 * and the candidate's own entry is skipped, so moving an entry within its own time is allowed.
 * When several clash, the earliest one is named, so that the message is the same every time.
 */
export function findClash<T extends PlacedEntry>(candidate: PlacedEntry, existing: readonly T[]): Clash<T> | null {
  let found: Clash<T> | null = null;
  for (const entry of existing) {
    if (candidate.id !== undefined && entry.id === candidate.id) continue;
    if (entry.yearId !== candidate.yearId || !slotsOverlap(entry, candidate)) continue;
    const sameTeacher = entry.teacherId === candidate.teacherId;
    const sameClass = entry.classId === candidate.classId;
    if (!sameTeacher && !sameClass) continue;
    if (found && compareSlots(found.entry, entry) <= 0) continue;
    found = { entry, reason: sameTeacher && sameClass ? 'both' : sameTeacher ? 'teacher' : 'class' };
  }
  return found;
}

/** Slots by day, start, then end. */
export const compareSlots = (a: Slot, b: Slot): number =>
  a.dayOfWeek - b.dayOfWeek || a.startTime.localeCompare(b.startTime) || a.endTime.localeCompare(b.endTime);

// ------------------------------------------------------------------------------- Week grid

/** One hour of the grid is 64 px high (document 2 §9). */
export const HOUR_HEIGHT = 64;
/** The grid shows 07:00 to 18:00 at least, widened to whole hours to fit every entry (§9). */
export const DEFAULT_FIRST_HOUR = 7;
export const DEFAULT_LAST_HOUR = 18;

export interface GridHours {
  /** The hour of the first row's top line. */
  first: number;
  /** The hour of the last row's bottom line. */
  last: number;
}

/** The hours the grid spans: 07:00-18:00, widened to the whole hours that hold every entry. */
export function gridHours(entries: readonly Slot[]): GridHours {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const entry of entries) {
    first = Math.min(first, Math.floor(minutesOf(entry.startTime) / 60));
    last = Math.max(last, Math.ceil(minutesOf(entry.endTime) / 60));
  }
  return { first, last };
}

/** The hours written at the top of each row: first, first + 1, ..., last - 1. */
export const gridRowHours = (hours: GridHours): number[] =>
  Array.from({ length: hours.last - hours.first }, (_, i) => hours.first + i);

/** The height of the grid's body in pixels. */
export const gridHeight = (hours: GridHours): number => (hours.last - hours.first) * HOUR_HEIGHT;

export interface BlockBox {
  /** Pixels from the grid's first hour line. */
  top: number;
  height: number;
  /** Side-by-side position when entries of the same day overlap: lane 0 of 1 when alone. */
  lane: number;
  lanes: number;
}

/** The block of an entry: top and height in pixels (64 px an hour), alone in its column. */
export function blockBox(entry: Slot, hours: GridHours): BlockBox {
  const start = minutesOf(entry.startTime);
  const end = minutesOf(entry.endTime);
  return {
    top: ((start - hours.first * 60) * HOUR_HEIGHT) / 60,
    height: ((end - start) * HOUR_HEIGHT) / 60,
    lane: 0,
    lanes: 1,
  };
}

/**
 * The blocks of one day's column. The overlap rule keeps a class's and a teacher's week free of
 * overlaps, but a grid can still be handed overlapping entries (data from before the rule, a view
 * of several classes): those are set side by side in lanes instead of hiding one another.
 * Entries that overlap, directly or through others, form a group sharing its lane count.
 */
export function dayBlocks<T extends Slot>(dayEntries: readonly T[], hours: GridHours): { entry: T; box: BlockBox }[] {
  const sorted = [...dayEntries].sort(compareSlots);
  const placed: { entry: T; box: BlockBox }[] = [];
  let group: { entry: T; box: BlockBox }[] = [];
  let laneEnds: string[] = [];
  let groupEnd = '';
  const closeGroup = () => {
    for (const block of group) block.box.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const entry of sorted) {
    if (group.length > 0 && entry.startTime >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= entry.startTime);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = entry.endTime;
    groupEnd = group.length === 0 || entry.endTime > groupEnd ? entry.endTime : groupEnd;
    const block = { entry, box: { ...blockBox(entry, hours), lane } };
    group.push(block);
    placed.push(block);
  }
  closeGroup();
  return placed;
}

// --------------------------------------------------------------------- Phone day-by-day list

/**
 * The week as a phone shows it: Monday to Saturday, each day that has lessons with its lessons
 * by start time (then end time, then the tie-break the caller gives, e.g. the subject name).
 * Days without lessons are left out; an empty week is an empty list.
 */
export function weekByDay<T extends Slot>(
  entries: readonly T[],
  tieBreak: (a: T, b: T) => number = () => 0,
): { day: DayOfWeek; entries: T[] }[] {
  return DAYS.flatMap((day) => {
    const list = entries.filter((e) => e.dayOfWeek === day).sort((a, b) => compareSlots(a, b) || tieBreak(a, b));
    return list.length > 0 ? [{ day, entries: list }] : [];
  });
}

// ---------------------------------------------------------------------------------- Colours

/** How many block and chip colours the screens have. */
export const PALETTE_SIZE = 8;

/**
 * A colour (0 to 7) for each distinct key shown together (subjects on a class's week, classes on
 * a teacher's week, subject chips of the attendance report): keys in French order take the
 * colours in turn, so that up to eight keys on one screen never share a colour and the same data
 * is coloured the same way every time.
 */
export function colourIndexes(keys: Iterable<string>): Map<string, number> {
  const order = new Intl.Collator('fr', { numeric: true });
  const sorted = [...new Set(keys)].sort(order.compare);
  return new Map(sorted.map((key, i) => [key, i % PALETTE_SIZE]));
}
