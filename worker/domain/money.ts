// Money: integer centimes inside, decimals on the API, the school's currency on screen
// (document 1 §9; product decisions, "Money"). Shared by the worker and the web.

import { formatDecimal } from './format';
import type { Language } from './language';

export const CURRENCIES = ['Gdes', '$HT', 'US', 'EU'] as const;

export type Currency = (typeof CURRENCIES)[number];

/** The largest amount one line may hold: 1 000 000 000,00 (far above any tuition, far below 2^53 centimes). */
export const MAX_AMOUNT = 1_000_000_000;
export const MAX_CENTIMES = MAX_AMOUNT * 100;

/**
 * A decimal amount from the API or a form, rounded half away from zero to the centime.
 * The rounding works on the number's shortest decimal text (what the user typed or the JSON
 * carried), not on its binary value: 1234.565 is 123 457 centimes although 1234.565 * 100 is
 * 123456.49999999999 in floating point, and 0.1 + 0.2 is 30 centimes.
 */
export function toCentimes(amount: number): number {
  if (!Number.isFinite(amount) || Math.abs(amount) > MAX_AMOUNT) throw new RangeError('amount');
  const magnitude = Math.abs(amount);
  const text = magnitude.toString();
  // Tiny numbers print in exponent form (5e-7); toFixed gives their plain digits.
  const plain = text.includes('e') ? magnitude.toFixed(20) : text;
  const [whole = '0', fraction = ''] = plain.split('.');
  const digits = `${fraction}000`;
  let centimes = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) centimes += 1;
  return amount < 0 && centimes !== 0 ? -centimes : centimes;
}

/** Centimes to the API's decimal (exact: every centime count has a shortest decimal text). */
export const fromCentimes = (centimes: number): number => (centimes === 0 ? 0 : centimes / 100);

/**
 * An amount typed in a form, in centimes: French or plain notation ('1 234,56', '1234.56',
 * '-500'), at most two decimals. Anything else (letters, three decimals such as '25.000', which
 * could mean 25 or 25 000) answers null so that the form asks again instead of guessing.
 */
export function parseAmount(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f]/g, '');
  const match = /^([+-]?)(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  if (whole.length > 12) return null;
  const centimes = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (centimes > MAX_CENTIMES) return null;
  return sign === '-' && centimes !== 0 ? -centimes : centimes;
}

/** The text a form field starts with: '25000', '25000,50', '-1250' (no grouping, comma decimal). */
export function amountInputText(centimes: number): string {
  const sign = centimes < 0 ? '-' : '';
  const abs = Math.abs(centimes);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${whole}${cents ? `,${String(cents).padStart(2, '0')}` : ''}`;
}

/**
 * '25 000,00 Gdes', '$HT 25 000,00', '$25 000,00', '25 000,00 €' (fr-FR groups thousands with a
 * narrow no-break space). A negative amount puts its sign first: '-$1 234,50'. In Kreyòl the
 * gourde is said in words: '25 000,00 goud'.
 */
export function formatMoney(centimes: number, currency: Currency = 'Gdes', language: Language = 'fr'): string {
  const sign = centimes < 0 ? '-' : '';
  const text = formatDecimal(Math.abs(centimes) / 100, 2);
  switch (currency) {
    case '$HT':
      return `${sign}$HT ${text}`;
    case 'US':
      return `${sign}$${text}`;
    case 'EU':
      return `${sign}${text} €`;
    default:
      // Kreyòl names the gourde in words: '1 500,00 goud' (issue 42).
      return `${sign}${text} ${language === 'ht' ? 'goud' : 'Gdes'}`;
  }
}

export interface FinanceLines {
  mppa: number;
  payments: readonly { amount: number }[];
  adjustments: readonly { amount: number }[];
}

export interface FinanceTotals {
  /** Base MPPA plus every adjustment. */
  adjusted: number;
  /** Sum of the payments. */
  paid: number;
  /** adjusted - paid: above zero the family still owes, zero or below it is settled. */
  balance: number;
}

const sum = (lines: readonly { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);

/** Adjusted MPPA, total paid and balance, all in centimes (document 2 §4 "Derived finance values"). */
export function financeTotals({ mppa, payments, adjustments }: FinanceLines): FinanceTotals {
  const adjusted = mppa + sum(adjustments);
  const paid = sum(payments);
  return { adjusted, paid, balance: adjusted - paid };
}

/** Any negative adjustment is a scholarship or a reduction. */
export const hasScholarship = (adjustments: readonly { amount: number }[]) => adjustments.some((a) => a.amount < 0);

export type BalanceTone = 'due' | 'settled' | 'over';

/**
 * Balance colour: red ('due') above zero, green ('settled') at zero (document 2 §4), and the
 * warning colour ('over') below zero: an overpayment is not a settled account (issue 10).
 */
export const balanceTone = (balance: number): BalanceTone => (balance > 0 ? 'due' : balance < 0 ? 'over' : 'settled');

/** The CSS class of a balance on every screen (web/styles/base.css): `balance-due`, `-settled`, `-over`. */
export const balanceClass = (balance: number) => `balance-${balanceTone(balance)}`;

/**
 * The date of a payment after its amount changes (document 2 §4): going from zero to a positive
 * amount stamps today's date, going back to zero clears it; otherwise the date stays.
 */
export function stampPaymentDate(before: number, after: number, date: string | null, today: string): string | null {
  if (after === 0) return null;
  if (before === 0 && after > 0) return today;
  return date;
}
