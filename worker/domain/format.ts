// How the portal writes dates, times and numbers for people (issue 38; decision 310): in French
// (in Kreyòl on a pupil's screens that chose it: 'lendi', 'novanm', issue 42, decision 340; the
// digits and the decimal comma are the same), and every instant in the school's zone (America/Port-au-Prince, the one school clock of
// decision 210), never the phone's. A cashier in Montréal or a director travelling in Paris sees
// the time the school's clock showed. Calendar days ('YYYY-MM-DD') have no zone: they are written
// from their own digits. The one module that may call `Intl.DateTimeFormat`, `Intl.NumberFormat`
// and `toLocale*String` (eslint.config.js, ONE_FORMATTER); pure, used by the worker and the web.
import { isIsoDate, SCHOOL_TIME_ZONE } from './dates';
import type { Language } from './language';

// ---------------------------------------------------------------------------- Calendar days

/** A day as documents write it: '2011-03-09' -> '09/03/2011'; `missing` ('-') when absent or not a day. */
export function formatDate(value: string | null | undefined, missing = '-'): string {
  if (!value || !isIsoDate(value)) return missing;
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

/** The ways of writing a day with words. */
const DAY_STYLES = {
  /** 'lun. 19/01' (a column of the attendance sheet). */
  weekday: { weekday: 'short', day: '2-digit', month: '2-digit' },
  /** 'novembre 2026' (a dashboard's month). */
  month: { month: 'long', year: 'numeric' },
  /** '27 novembre 2026', '1er août 2026'. */
  long: { dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DayStyle = keyof typeof DAY_STYLES;

// A calendar day is noon UTC of its date, written in UTC: the same day on every device.
const dayFormats = new Map<DayStyle, Intl.DateTimeFormat>();
const dayFormat = (style: DayStyle) => {
  let format = dayFormats.get(style);
  if (!format)
    dayFormats.set(style, (format = new Intl.DateTimeFormat('fr-FR', { ...DAY_STYLES[style], timeZone: 'UTC' })));
  return format;
};

// ------------------------------------------------------------------------- Kreyòl's words

/** The months and weekdays in Kreyòl (the standard orthography, docs/kreyol-glossary.md). */
export const KREYOL_MONTHS = [
  'janvye',
  'fevriye',
  'mas',
  'avril',
  'me',
  'jen',
  'jiyè',
  'out',
  'septanm',
  'oktòb',
  'novanm',
  'desanm',
] as const;
const KREYOL_MONTHS_SHORT = [
  'jan.',
  'fev.',
  'mas',
  'avr.',
  'me',
  'jen',
  'jiy.',
  'out',
  'sept.',
  'okt.',
  'nov.',
  'des.',
];
/** Sunday first, as `Date`'s days are numbered. */
export const KREYOL_WEEKDAYS = ['dimanch', 'lendi', 'madi', 'mèkredi', 'jedi', 'vandredi', 'samdi'] as const;
const KREYOL_WEEKDAYS_SHORT = ['dim.', 'len.', 'mad.', 'mèk.', 'jed.', 'van.', 'sam.'];

const two = (n: number) => String(n).padStart(2, '0');

/** A calendar day in Kreyòl's words, from its own numbers (the styles with words; the others are digits). */
function kreyolDay(year: number, month: number, day: number, style: DayStyle | 'shortDate'): string {
  switch (style) {
    case 'weekday':
      return `${KREYOL_WEEKDAYS_SHORT[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]} ${two(day)}/${two(month)}`;
    case 'month':
      return `${KREYOL_MONTHS[month - 1]} ${year}`;
    case 'shortDate':
      return `${day} ${KREYOL_MONTHS_SHORT[month - 1]} ${year}`;
    default:
      return `${day} ${KREYOL_MONTHS[month - 1]} ${year}`;
  }
}

/** A day ('YYYY-MM-DD', or a month 'YYYY-MM' for the 'month' style) with words; `missing` when it is not one. */
export function formatDay(
  value: string | null | undefined,
  style: DayStyle,
  missing = '-',
  language: Language = 'fr',
): string {
  const date = value && style === 'month' && /^\d{4}-\d{2}$/.test(value) ? `${value}-15` : value;
  if (!date || !isIsoDate(date)) return missing;
  if (language === 'ht') {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    return kreyolDay(y, m, d, style);
  }
  const written = dayFormat(style).format(new Date(`${date}T12:00:00Z`));
  // French writes the first of a month '1er août' (Intl writes '1 août').
  return style === 'long' && date.endsWith('-01') ? written.replace(/^1(?=\s)/, '1er') : written;
}

// ------------------------------------------------------------------ Instants, in the school's zone

/** The ways of writing an instant (a message's, a log entry's, an upload's). */
const INSTANT_STYLES = {
  /** '27/11/2026 14:05' (an announcement, a promotion). */
  dateTime: { dateStyle: 'short', timeStyle: 'short' },
  /** '27/11/2026 14:05:09' (the activity log). */
  seconds: { dateStyle: 'short', timeStyle: 'medium' },
  /** '27/11 14:05' (a chat message). */
  dayTime: { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' },
  /** '27/11/2026' (the day it happened, in the school). */
  date: { dateStyle: 'short' },
  /** '27 nov. 2026' (a resource's upload). */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** '27 novembre 2026' (a school's last day of access). */
  longDate: { dateStyle: 'long' },
  /** '21:40' (a device's last use, beside 'hier'). */
  time: { hour: '2-digit', minute: '2-digit' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type InstantStyle = keyof typeof INSTANT_STYLES;

const instantFormats = new Map<InstantStyle, Intl.DateTimeFormat>();
const instantFormat = (style: InstantStyle) => {
  let format = instantFormats.get(style);
  if (!format)
    instantFormats.set(
      style,
      (format = new Intl.DateTimeFormat('fr-FR', { ...INSTANT_STYLES[style], timeZone: SCHOOL_TIME_ZONE })),
    );
  return format;
};

/** The school's day of an instant, in numbers (Kreyòl writes its words itself). */
let schoolDayParts: Intl.DateTimeFormat | null = null;
function schoolDayOf(date: Date): [number, number, number] {
  schoolDayParts ??= new Intl.DateTimeFormat('fr-FR', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: SCHOOL_TIME_ZONE,
  });
  const parts = schoolDayParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day')];
}

/**
 * An instant (an ISO timestamp as stored, or a Date) as the school's clock showed it, in
 * Port-au-Prince whatever the device's zone; `missing` when it is not one. In Kreyòl, the styles
 * with words ('27 nov. 2026', '27 novanm 2026') take its words; the others are the same digits.
 */
export function formatInstant(
  at: string | Date | null | undefined,
  style: InstantStyle,
  missing = '-',
  language: Language = 'fr',
): string {
  if (at === null || at === undefined || at === '') return missing;
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return missing;
  if (language === 'ht' && (style === 'shortDate' || style === 'longDate')) {
    const [y, m, d] = schoolDayOf(date);
    return kreyolDay(y, m, d, style === 'shortDate' ? 'shortDate' : 'long');
  }
  const written = instantFormat(style).format(date);
  return style === 'longDate' ? written.replace(/^1(?=\s)/, '1er') : written;
}

// ---------------------------------------------------------------------------------- Numbers

const decimalFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (min: number, max: number, grouping: boolean) => {
  const key = `${min}:${max}:${grouping}`;
  let format = decimalFormats.get(key);
  if (!format)
    decimalFormats.set(
      key,
      (format = new Intl.NumberFormat('fr-FR', {
        minimumFractionDigits: min,
        maximumFractionDigits: max,
        useGrouping: grouping,
      })),
    );
  return format;
};

/**
 * A number with exactly `digits` decimals, French: 76.666 -> '76,67', 25000 -> '25 000,00'
 * (thousands grouped by a narrow no-break space). An average, a percentage, an amount.
 */
export const formatDecimal = (value: number, digits = 2): string => numberFormat(digits, digits, true).format(value);

/** A number with at most `digits` decimals and no grouping: 12.5 -> '12,5', 20 -> '20' (points, coefficients). */
export const formatNumber = (value: number, digits = 2): string => numberFormat(0, digits, false).format(value);

/**
 * A number as typed in a form or read by the French Excel: a decimal comma, no grouping, the
 * minus a hyphen. `digits` given: exactly that many decimals ('27500.5' -> '27500,50', an amount
 * in an input); omitted: every digit JavaScript writes (12.5 -> '12,5', -500 -> '-500', a CSV cell).
 */
export const formatPlain = (value: number, digits?: number): string =>
  (digits === undefined ? String(value) : value.toFixed(digits)).replace('.', ',');
