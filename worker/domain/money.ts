// Money: integer centimes inside, decimals on the API, the school's currency on screen
// (document 1 §9; product decisions, "Money"). Shared by the worker and the web.

export type Currency = 'Gdes' | '$HT' | 'US' | 'EU';

export const CURRENCIES: readonly Currency[] = ['Gdes', '$HT', 'US', 'EU'];

/** A decimal amount from the API or a form, rounded half away from zero to the centime. */
export function toCentimes(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError('amount');
  const scaled = Math.round(Math.abs(amount) * 100 + 1e-7);
  return amount < 0 ? -scaled : scaled;
}

export const fromCentimes = (centimes: number): number => centimes / 100;

const number = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '25 000,00 Gdes', '$HT 25 000,00', '$25 000,00', '25 000,00 €'. */
export function formatMoney(centimes: number, currency: Currency = 'Gdes'): string {
  const text = number.format(centimes / 100);
  switch (currency) {
    case '$HT':
      return `$HT ${text}`;
    case 'US':
      return `$${text}`;
    case 'EU':
      return `${text} €`;
    default:
      return `${text} Gdes`;
  }
}

export interface FinanceLines {
  mppa: number;
  payments: readonly { amount: number }[];
  adjustments: readonly { amount: number }[];
}

/** Adjusted MPPA, total paid and balance, all in centimes (document 2 §4 "Derived finance values"). */
export function financeTotals({ mppa, payments, adjustments }: FinanceLines) {
  const adjusted = mppa + adjustments.reduce((sum, a) => sum + a.amount, 0);
  const paid = payments.reduce((sum, p) => sum + p.amount, 0);
  return { adjusted, paid, balance: adjusted - paid };
}

/** Any negative adjustment is a scholarship or a reduction. */
export const hasScholarship = (adjustments: readonly { amount: number }[]) => adjustments.some((a) => a.amount < 0);
