// The one formatter (issue 38; decision 310): an instant is written as the school's clock showed it
// in Port-au-Prince (UTC-5, UTC-4 in summer time), whatever the device's zone; a calendar day from
// its own digits; numbers in French. test/e2e/school-time.spec.ts checks the screens from a phone
// set to Tokyo's time.
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDay,
  formatDecimal,
  formatInstant,
  formatNumber,
  formatPlain,
} from '../../worker/domain/format';

describe('an instant, in the school’s zone', () => {
  it('is the evening in Haiti when UTC is already tomorrow (winter, UTC-5)', () => {
    const at = '2026-01-16T00:30:05.000Z'; // 19:30 on the 15th in Port-au-Prince, 09:30 on the 16th in Tokyo
    expect(formatInstant(at, 'dateTime')).toBe('15/01/2026 19:30');
    expect(formatInstant(at, 'seconds')).toBe('15/01/2026 19:30:05');
    expect(formatInstant(at, 'dayTime')).toBe('15/01 19:30');
    expect(formatInstant(at, 'date')).toBe('15/01/2026');
    expect(formatInstant(at, 'shortDate')).toBe('15 janv. 2026');
    expect(formatInstant(at, 'longDate')).toBe('15 janvier 2026');
    expect(formatInstant(new Date(at), 'dateTime')).toBe('15/01/2026 19:30');
  });

  it('follows summer time (UTC-4)', () => {
    expect(formatInstant('2026-07-01T03:59:00Z', 'dateTime')).toBe('30/06/2026 23:59');
    expect(formatInstant('2026-07-01T04:00:00Z', 'dateTime')).toBe('01/07/2026 00:00');
  });

  it('writes nothing it cannot read', () => {
    expect(formatInstant(null, 'dateTime')).toBe('-');
    expect(formatInstant('', 'date', '')).toBe('');
    expect(formatInstant('hier', 'dateTime')).toBe('-');
  });
});

describe('a calendar day', () => {
  it('is written from its digits, or with words, the same in every zone', () => {
    expect(formatDate('2011-03-09')).toBe('09/03/2011');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('2026-02-30', '')).toBe('');
    expect(formatDay('2026-01-19', 'weekday')).toBe('lun. 19/01');
    expect(formatDay('2026-11', 'month')).toBe('novembre 2026');
    expect(formatDay('2026-11-27', 'long')).toBe('27 novembre 2026');
    // The first of a month, as French writes it (issue 43: « Le 1 août » on a parent's instalments).
    expect(formatDay('2026-08-01', 'long')).toBe('1er août 2026');
    expect(formatDay('2026-08-11', 'long')).toBe('11 août 2026');
    expect(formatDay('2026-08-01', 'long', '-', 'ht')).toBe('1 out 2026');
    expect(formatInstant('2026-09-01T15:00:00Z', 'longDate')).toBe('1er septembre 2026');
    expect(formatDay('2026-13', 'month')).toBe('-');
  });
});

describe('a number', () => {
  it('has two decimals with a comma, thousands apart, or as few decimals as it needs', () => {
    expect(formatDecimal(76.666)).toBe('76,67');
    expect(formatDecimal(7)).toBe('7,00');
    expect(formatDecimal(25000)).toBe('25\u202f000,00');
    expect(formatDecimal(2.04, 1)).toBe('2,0');
    expect(formatNumber(12.5)).toBe('12,5');
    expect(formatNumber(20)).toBe('20');
    expect(formatNumber(12345.678)).toBe('12345,68');
  });
});

describe('formatPlain (forms and CSV cells, issue 41)', () => {
  it('writes a decimal comma, no grouping, the digits asked or all of them', () => {
    expect(formatPlain(27500.5, 2)).toBe('27500,50');
    expect(formatPlain(12.5)).toBe('12,5');
    expect(formatPlain(-500)).toBe('-500');
    expect(formatPlain(25000)).toBe('25000');
  });
});
