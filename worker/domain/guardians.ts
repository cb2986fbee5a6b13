// Families (issue 43, decision 360): a guardian is known by a Haitian phone number, written the
// one way `+509XXXXXXXX` (the account's username). Pure, shared by the worker and the web.

/** Haiti's country code. */
export const HAITI_PREFIX = '+509';

/**
 * A phone number as typed ('3712 3456', '+509 37-12-34-56', '00509 37123456', '509.3712.3456')
 * written `+50937123456`, or null when it is not a Haitian number (8 digits after the country
 * code, the first from 2 to 5: fixed lines and the mobile networks).
 */
export function guardianPhone(typed: string): string | null {
  const compact = typed.replace(/[\s.\-()]/g, '');
  const match = /^(?:\+509|00509|509)?([2-5]\d{7})$/.exec(compact);
  return match ? `${HAITI_PREFIX}${match[1]}` : null;
}

/** `+50937123456` as people read it: '+509 3712 3456'. */
export const phoneShown = (phone: string): string =>
  /^\+509\d{8}$/.test(phone) ? `${phone.slice(0, 4)} ${phone.slice(4, 8)} ${phone.slice(8)}` : phone;

/** The alerts a guardian may take (slice 3 of the issue: Web Push). */
export const ALERT_KINDS = ['absence', 'payment', 'instalment', 'report_card', 'announcement'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** One instalment of a year's fees: its period, the day it falls due, its amount and what is left of it (centimes). */
export interface Instalment {
  name: string;
  due_date: string;
  amount: number;
  left: number;
}

/**
 * The year's fees as instalments (decision 361): the adjusted amount split evenly over the year's
 * periods that have a start date, each due on its period's first day (the cents left over on the
 * last); what was paid settles them in order. A year without dated periods has one instalment,
 * due on `yearStart`. Pure: the guardian's side and the 'due in 3 days' alert read it.
 */
export function instalmentsOf(
  adjusted: number,
  paid: number,
  periods: readonly { name: string; start_date: string | null }[],
  yearStart: string,
): Instalment[] {
  if (adjusted <= 0) return [];
  const dated = periods.filter((p): p is { name: string; start_date: string } => Boolean(p.start_date));
  const parts = dated.length ? dated : [{ name: '', start_date: yearStart }];
  const share = Math.floor(adjusted / parts.length);
  let covered = Math.max(0, paid);
  return parts.map((p, i) => {
    const amount = i === parts.length - 1 ? adjusted - share * (parts.length - 1) : share;
    const settled = Math.min(amount, covered);
    covered -= settled;
    return { name: p.name, due_date: p.start_date, amount, left: amount - settled };
  });
}
