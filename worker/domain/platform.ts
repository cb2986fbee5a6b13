// The platform's rules for schools (issue 17; product decisions 'Platform (superadmin)'): their
// hostnames, and how their access end date is set and extended. Pure functions.
import { addDays, schoolDayStart } from './dates';

/** A hostname a school answers on: lower-case labels of letters, digits and inner hyphens ('ecole3.localhost'). */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

export const normalizeHostname = (value: string): string => value.trim().toLowerCase().replace(/\.$/, '');
export const isHostname = (value: string): boolean => HOSTNAME.test(value);

/** Access through a school day, that day included: it ends when the next day starts (Port-au-Prince). */
export const accessThrough = (date: string): string => schoolDayStart(addDays(date, 1));

/** Adds calendar months, keeping the time; a day past the month's end comes back to its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString();
}

/**
 * The new end of a school's access extended by some months: from its current end while it has
 * not passed (nothing paid for is lost), otherwise from now (an expired school gets full months).
 */
export function extendedExpiry(current: string | null, months: number, now: Date): string {
  const end = current ? Date.parse(current) : NaN;
  const from = !Number.isNaN(end) && end > now.getTime() ? new Date(end).toISOString() : now.toISOString();
  return addMonths(from, months);
}
