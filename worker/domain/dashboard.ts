// The director's figures on the home screen: a month's bounds for payment dates ('YYYY-MM-DD').
// "This month" is the school's (`schoolMonth`, domain/dates.ts).

/** The first day of `month` and of the month after: payments dated from <= date < to. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}
