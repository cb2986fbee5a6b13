// The amount a receipt writes out in words (issue 10): French numbers, traditional spelling, the
// school's currency with its agreement.
import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../worker/domain/amount-in-words';
import { parseAmount } from '../../worker/domain/money';

const words = (typed: string, currency?: Parameters<typeof amountInWords>[1]) =>
  amountInWords(parseAmount(typed)!, currency);

describe('amountInWords', () => {
  it('writes the receipt example of the issue', () => {
    expect(words('1 250,50')).toBe('mille deux cent cinquante gourdes et cinquante centimes');
  });

  it('follows the rules of 1 to 99: et, hyphens, soixante-dix, quatre-vingts', () => {
    const cases: [number, string][] = [
      [1, 'une gourde'],
      [2, 'deux gourdes'],
      [16, 'seize gourdes'],
      [17, 'dix-sept gourdes'],
      [21, 'vingt et une gourdes'],
      [22, 'vingt-deux gourdes'],
      [61, 'soixante et une gourdes'],
      [70, 'soixante-dix gourdes'],
      [71, 'soixante et onze gourdes'],
      [77, 'soixante-dix-sept gourdes'],
      [80, 'quatre-vingts gourdes'],
      [81, 'quatre-vingt-une gourdes'],
      [90, 'quatre-vingt-dix gourdes'],
      [91, 'quatre-vingt-onze gourdes'],
      [99, 'quatre-vingt-dix-neuf gourdes'],
    ];
    for (const [n, text] of cases) expect(amountInWords(n * 100), String(n)).toBe(text);
  });

  it('puts the plural on cent and quatre-vingt only when multiplied and last', () => {
    expect(amountInWords(100 * 100)).toBe('cent gourdes');
    expect(amountInWords(200 * 100)).toBe('deux cents gourdes');
    expect(amountInWords(201 * 100)).toBe('deux cent une gourdes');
    expect(amountInWords(180 * 100)).toBe('cent quatre-vingts gourdes');
    expect(amountInWords(200_000 * 100)).toBe('deux cent mille gourdes');
    expect(amountInWords(80_000 * 100)).toBe('quatre-vingt mille gourdes');
    expect(amountInWords(1_000 * 100)).toBe('mille gourdes');
    expect(amountInWords(1_001 * 100)).toBe('mille une gourdes');
    expect(amountInWords(21_000 * 100)).toBe('vingt et un mille gourdes');
    expect(amountInWords(35_500 * 100)).toBe('trente-cinq mille cinq cents gourdes');
  });

  it('treats million and milliard as nouns', () => {
    expect(amountInWords(1_000_000 * 100)).toBe('un million de gourdes');
    expect(amountInWords(200_000_000 * 100)).toBe('deux cents millions de gourdes');
    expect(amountInWords(2_000_000 * 100, 'EU')).toBe("deux millions d'euros");
    expect(amountInWords(1_000_000_000 * 100)).toBe('un milliard de gourdes');
    expect(amountInWords(1_250_000 * 100)).toBe('un million deux cent cinquante mille gourdes');
    expect(amountInWords(3_000_080 * 100)).toBe('trois millions quatre-vingts gourdes');
  });

  it('writes centimes alone, zero, and a single centime', () => {
    expect(words('0,50')).toBe('cinquante centimes');
    expect(words('0,01')).toBe('un centime');
    expect(words('0')).toBe('zéro gourde');
    expect(words('1,01')).toBe('une gourde et un centime');
    expect(words('31 000,21')).toBe('trente et un mille gourdes et vingt et un centimes');
  });

  it('names each currency of the school', () => {
    expect(words('1 250,50', '$HT')).toBe('mille deux cent cinquante dollars haïtiens et cinquante centimes');
    expect(words('21', '$HT')).toBe('vingt et un dollars haïtiens');
    expect(words('1', 'US')).toBe('un dollar américain');
    expect(words('2,25', 'US')).toBe('deux dollars américains et vingt-cinq cents');
    expect(words('1 250,50', 'EU')).toBe('mille deux cent cinquante euros et cinquante centimes');
  });
});
