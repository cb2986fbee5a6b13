// The activity log's rules (document 2 §2 'Audit log', §3, §5): date ranges read as the school's
// days, the search words, and how a row's details read. Pure functions; the web shows details
// with `detailsText` and the server filters with `dayRange` and `auditSearchWords`.
import { addDays, schoolDayStart } from './dates';
import { isIsoDate } from './students';
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

const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** A row's details as the log shows them: an object as 'key: value | ...', other text as it is. */
export function detailsText(details: string | null): string {
  if (!details) return '';
  try {
    const parsed: unknown = JSON.parse(details);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed)
        .map(([key, value]) => `${key}: ${valueText(value)}`)
        .join(' | ');
    }
    return typeof parsed === 'string' ? parsed : details;
  } catch {
    return details;
  }
}
