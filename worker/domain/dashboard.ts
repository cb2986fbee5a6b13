// The director's figures on the home screen: the month "this month" means, in the schools' time
// zone, and its bounds for payment dates ('YYYY-MM-DD').

/** Haitian schools: the month turns at midnight in Port-au-Prince, not in UTC. */
export const SCHOOL_TIME_ZONE = 'America/Port-au-Prince';

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' of `now` in the schools' time zone. */
export function currentMonth(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: SCHOOL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The first day of `month` and of the month after: payments dated from <= date < to. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}
