// An amount written out in French words, as a receipt states it ('mille deux cent cinquante gourdes
// et cinquante centimes'), in the school's currency. Traditional spelling, the one Haitian schools
// teach: hyphens inside numbers below 100 except around 'et' (vingt et un, quatre-vingt-un), 'cent'
// and 'quatre-vingt' take an 's' when multiplied and last (deux cents, quatre-vingts, but deux cent
// un, quatre-vingt mille), 'mille' never does, 'million' and 'milliard' are nouns (deux millions,
// un million de gourdes). 'un' agrees with a feminine currency: vingt et une gourdes.
import type { Currency } from './money';

interface Unit {
  one: string;
  many: string;
  feminine: boolean;
}

const CURRENCY_WORDS: Record<Currency, { main: Unit; cents: Unit }> = {
  Gdes: {
    main: { one: 'gourde', many: 'gourdes', feminine: true },
    cents: { one: 'centime', many: 'centimes', feminine: false },
  },
  $HT: {
    main: { one: 'dollar haïtien', many: 'dollars haïtiens', feminine: false },
    cents: { one: 'centime', many: 'centimes', feminine: false },
  },
  US: {
    main: { one: 'dollar américain', many: 'dollars américains', feminine: false },
    cents: { one: 'cent', many: 'cents', feminine: false },
  },
  EU: {
    main: { one: 'euro', many: 'euros', feminine: false },
    cents: { one: 'centime', many: 'centimes', feminine: false },
  },
};

const BELOW_20 = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
  'treize',
  'quatorze',
  'quinze',
  'seize',
  'dix-sept',
  'dix-huit',
  'dix-neuf',
];
const TENS = [
  '',
  '',
  'vingt',
  'trente',
  'quarante',
  'cinquante',
  'soixante',
  'soixante',
  'quatre-vingt',
  'quatre-vingt',
];

const one = (feminine: boolean) => (feminine ? 'une' : 'un');

/** 1..99. `last`: nothing multiplies it (quatre-vingts), `feminine`: the noun that follows is. */
function below100(n: number, feminine: boolean, last: boolean): string {
  if (n === 1) return one(feminine);
  if (n < 20) return BELOW_20[n]!;
  const ten = Math.floor(n / 10);
  // 70-79 and 90-99 count on from soixante and quatre-vingt: soixante-dix, quatre-vingt-onze.
  const rest = ten === 7 || ten === 9 ? n - (ten - 1) * 10 : n % 10;
  const tens = TENS[ten]!;
  if (rest === 0) return ten === 8 && last ? 'quatre-vingts' : tens;
  if (rest === 1 && ten < 8) return `${tens} et ${one(feminine)}`;
  if (rest === 11 && ten === 7) return 'soixante et onze';
  return `${tens}-${rest === 1 ? one(feminine) : BELOW_20[rest]}`;
}

/** 1..999. */
function below1000(n: number, feminine: boolean, last: boolean): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const tail = rest ? below100(rest, feminine, last) : '';
  if (hundreds === 0) return tail;
  const head = hundreds === 1 ? 'cent' : `${BELOW_20[hundreds]} cent${rest === 0 && last ? 's' : ''}`;
  return tail ? `${head} ${tail}` : head;
}

/** A whole number 0..999 999 999 999 in words; `endsOnNoun` says whether it ends on million(s)/milliard(s). */
function wholeInWords(n: number, feminine: boolean): { words: string; endsOnNoun: boolean } {
  if (n === 0) return { words: 'zéro', endsOnNoun: false };
  const parts: string[] = [];
  const billions = Math.floor(n / 1e9);
  const millions = Math.floor(n / 1e6) % 1000;
  const thousands = Math.floor(n / 1000) % 1000;
  const units = n % 1000;
  // Million and milliard are nouns: the number before them is complete (deux cents millions).
  if (billions) parts.push(`${below1000(billions, false, true)} milliard${billions > 1 ? 's' : ''}`);
  if (millions) parts.push(`${below1000(millions, false, true)} million${millions > 1 ? 's' : ''}`);
  // Mille is an adjective: what comes before it does not take the plural 's' (deux cent mille).
  if (thousands) parts.push(thousands === 1 ? 'mille' : `${below1000(thousands, false, false)} mille`);
  if (units) parts.push(below1000(units, feminine, true));
  return { words: parts.join(' '), endsOnNoun: thousands === 0 && units === 0 };
}

function counted(n: number, unit: Unit): string {
  const { words, endsOnNoun } = wholeInWords(n, unit.feminine);
  const noun = n >= 2 ? unit.many : unit.one;
  // 'un million de gourdes', 'deux milliards d'euros'.
  if (endsOnNoun) return `${words} ${/^[aeiouhéè]/.test(noun) ? "d'" : 'de '}${noun}`;
  return `${words} ${noun}`;
}

/**
 * An amount in centimes written out in French words with the currency's names:
 * 125 050 Gdes centimes -> 'mille deux cent cinquante gourdes et cinquante centimes'.
 */
export function amountInWords(centimes: number, currency: Currency = 'Gdes'): string {
  if (!Number.isSafeInteger(centimes)) throw new RangeError('centimes');
  if (centimes < 0) return `moins ${amountInWords(-centimes, currency)}`;
  const { main, cents } = CURRENCY_WORDS[currency];
  const whole = Math.floor(centimes / 100);
  const fraction = centimes % 100;
  if (whole > 999_999_999_999) throw new RangeError('centimes');
  if (fraction === 0) return counted(whole, main);
  if (whole === 0) return counted(fraction, cents);
  return `${counted(whole, main)} et ${counted(fraction, cents)}`;
}
