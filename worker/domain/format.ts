// How the portal writes dates, times and numbers for people (issue 38; decision 310): in French,
// and every instant in the school's zone (America/Port-au-Prince, the one school clock of
// decision 210), never the phone's. A cashier in Montréal or a director travelling in Paris sees
// the time the school's clock showed. Calendar days ('YYYY-MM-DD') have no zone: they are written
// from their own digits. The one module that may call `Intl.DateTimeFormat`, `Intl.NumberFormat`
// and `toLocale*String` (eslint.config.js, ONE_FORMATTER); pure, used by the worker and the web.
import { isIsoDate, SCHOOL_TIME_ZONE } from './dates';

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
  /** '27 novembre 2026'. */
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

/** A day ('YYYY-MM-DD', or a month 'YYYY-MM' for the 'month' style) with words; `missing` when it is not one. */
export function formatDay(value: string | null | undefined, style: DayStyle, missing = '-'): string {
  const date = value && style === 'month' && /^\d{4}-\d{2}$/.test(value) ? `${value}-15` : value;
  if (!date || !isIsoDate(date)) return missing;
  return dayFormat(style).format(new Date(`${date}T12:00:00Z`));
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

/**
 * An instant (an ISO timestamp as stored, or a Date) as the school's clock showed it, in
 * Port-au-Prince whatever the device's zone; `missing` when it is not one.
 */
export function formatInstant(at: string | Date | null | undefined, style: InstantStyle, missing = '-'): string {
  if (at === null || at === undefined || at === '') return missing;
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? missing : instantFormat(style).format(date);
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
