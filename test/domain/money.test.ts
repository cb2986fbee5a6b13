import { describe, expect, it } from 'vitest';
import {
  amountInputText,
  balanceTone,
  financeTotals,
  formatMoney,
  fromCentimes,
  hasScholarship,
  parseAmount,
  stampPaymentDate,
  toCentimes,
} from '../../worker/domain/money';

// fr-FR groups thousands with U+202F (narrow no-break space).
const nnbsp = '\u202f';

describe('toCentimes: decimals from the API rounded half away from zero to the centime', () => {
  it('is exact where binary floating point is not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCentimes(0.1 + 0.2)).toBe(30);
    expect(toCentimes(1234.565)).toBe(123457);
    // 1.005 * 100 is 100.49999999999999: rounding the product would lose the centime.
    expect(1.005 * 100).toBe(100.49999999999999);
    expect(toCentimes(1.005)).toBe(101);
    expect(toCentimes(-1.005)).toBe(-101);
    expect(toCentimes(2.675)).toBe(268);
    expect(toCentimes(10_000_000.005)).toBe(1_000_000_001);
    expect(toCentimes(25000)).toBe(2_500_000);
    expect(toCentimes(19.99)).toBe(1999);
    expect(toCentimes(0.004)).toBe(0);
    expect(toCentimes(5e-7)).toBe(0);
  });

  it('rounds negative amounts away from zero and never answers -0', () => {
    expect(toCentimes(-1234.565)).toBe(-123457);
    expect(toCentimes(-2500.5)).toBe(-250050);
    expect(toCentimes(-0.004)).toBe(0);
    expect(Object.is(toCentimes(-0.004), 0)).toBe(true);
    expect(Object.is(toCentimes(-0), 0)).toBe(true);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCentimes(Number.NaN)).toThrow(RangeError);
    expect(() => toCentimes(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => toCentimes(2e9)).toThrow(RangeError);
  });

  it('round-trips with fromCentimes for every centime count', () => {
    for (const centimes of [0, 1, 7, 10, 99, 101, 123457, -123457, 2_500_000, 99_999_999_999]) {
      expect(toCentimes(fromCentimes(centimes))).toBe(centimes);
    }
    expect(fromCentimes(123457)).toBe(1234.57);
    expect(fromCentimes(-5)).toBe(-0.05);
    expect(Object.is(fromCentimes(-0), 0)).toBe(true);
  });
});

describe('parseAmount: what a cashier types', () => {
  it('reads French and plain notation with at most two decimals', () => {
    expect(parseAmount('1 234,56')).toBe(123456);
    expect(parseAmount(`1${nnbsp}234,56`)).toBe(123456);
    expect(parseAmount('1\u00a0234,5')).toBe(123450);
    expect(parseAmount('1234.56')).toBe(123456);
    expect(parseAmount(' 25000 ')).toBe(2_500_000);
    expect(parseAmount('-2 500')).toBe(-250_000);
    expect(parseAmount('+12,3')).toBe(1230);
    expect(parseAmount('0')).toBe(0);
    expect(Object.is(parseAmount('-0'), 0)).toBe(true);
  });

  it('answers null rather than guess', () => {
    for (const text of [
      '',
      ' ',
      'abc',
      '12,345',
      '25.000',
      '1.234,56',
      '1,2,3',
      '12..5',
      '--5',
      '5-',
      '1e5',
      '10000000000000',
    ]) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('writes the starting text of a form field that parses back to the same amount', () => {
    expect(amountInputText(2_500_000)).toBe('25000');
    expect(amountInputText(2_500_050)).toBe('25000,50');
    expect(amountInputText(5)).toBe('0,05');
    expect(amountInputText(-125_000)).toBe('-1250');
    for (const centimes of [0, 5, 2_500_050, -125_001]) expect(parseAmount(amountInputText(centimes))).toBe(centimes);
  });
});

describe('formatMoney: the four currencies of document 1 §9, French format, two decimals', () => {
  it('formats each currency', () => {
    expect(formatMoney(2_500_000, 'Gdes')).toBe(`25${nnbsp}000,00 Gdes`);
    expect(formatMoney(2_500_000, '$HT')).toBe(`$HT 25${nnbsp}000,00`);
    expect(formatMoney(2_500_000, 'US')).toBe(`$25${nnbsp}000,00`);
    expect(formatMoney(2_500_000, 'EU')).toBe(`25${nnbsp}000,00 €`);
    expect(formatMoney(123_456_789)).toBe(`1${nnbsp}234${nnbsp}567,89 Gdes`);
    expect(formatMoney(5, 'Gdes')).toBe('0,05 Gdes');
    expect(formatMoney(0, 'EU')).toBe('0,00 €');
  });

  it('puts the sign of a negative amount first and never shows -0', () => {
    expect(formatMoney(-123_450, 'Gdes')).toBe(`-1${nnbsp}234,50 Gdes`);
    expect(formatMoney(-123_450, '$HT')).toBe(`-$HT 1${nnbsp}234,50`);
    expect(formatMoney(-123_450, 'US')).toBe(`-$1${nnbsp}234,50`);
    expect(formatMoney(-123_450, 'EU')).toBe(`-1${nnbsp}234,50 €`);
    expect(formatMoney(-0, 'US')).toBe('$0,00');
  });
});

describe('financeTotals: adjusted MPPA, total paid, balance (document 2 §4)', () => {
  it('adds adjustments to the base and payments together, in centimes', () => {
    // 35 000 Gdes, a 50% scholarship and exam fees; three instalments.
    const totals = financeTotals({
      mppa: 3_500_000,
      adjustments: [{ amount: -1_750_000 }, { amount: 150_000 }],
      payments: [{ amount: 500_000 }, { amount: 750_050 }, { amount: 0 }],
    });
    expect(totals).toEqual({ adjusted: 1_900_000, paid: 1_250_050, balance: 649_950 });
  });

  it('counts every centime: 3 x 0.10 + 0.20 paid on 0.50 leaves nothing', () => {
    const payments = [0.1, 0.1, 0.1, 0.2].map((x) => ({ amount: toCentimes(x) }));
    expect(financeTotals({ mppa: toCentimes(0.5), adjustments: [], payments })).toEqual({
      adjusted: 50,
      paid: 50,
      balance: 0,
    });
  });

  // Issue 10 changes the tone of an overpayment: a warning, not the green of a settled account.
  it('shows an overpayment as a negative balance, in the warning tone', () => {
    const totals = financeTotals({ mppa: 1_000_000, adjustments: [], payments: [{ amount: 1_000_100 }] });
    expect(totals.balance).toBe(-100);
    expect(balanceTone(totals.balance)).toBe('over');
    expect(balanceTone(0)).toBe('settled');
    expect(balanceTone(1)).toBe('due');
  });

  it('marks a scholarship for any negative adjustment', () => {
    expect(hasScholarship([{ amount: 150_000 }, { amount: -1 }])).toBe(true);
    expect(hasScholarship([{ amount: 150_000 }, { amount: 0 }])).toBe(false);
    expect(hasScholarship([])).toBe(false);
  });
});

describe('stampPaymentDate: zero to positive stamps today, back to zero clears', () => {
  const today = '2026-02-03';
  it('applies the rule of document 2 §4', () => {
    expect(stampPaymentDate(0, 500_000, null, today)).toBe(today);
    expect(stampPaymentDate(500_000, 0, '2025-10-01', today)).toBeNull();
    expect(stampPaymentDate(500_000, 600_000, '2025-10-01', today)).toBe('2025-10-01');
    expect(stampPaymentDate(0, 0, null, today)).toBeNull();
  });
});
