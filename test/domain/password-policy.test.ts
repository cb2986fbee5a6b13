import { describe, expect, it } from 'vitest';
import {
  isStrongPassword,
  PASSWORD_MIN_LENGTH,
  passwordCriteria,
  passwordStrength,
} from '../../worker/domain/password-policy';

describe('password policy (at least 11 characters, lowercase, uppercase, digit, special)', () => {
  it('accepts passwords meeting every criterion', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(11);
    for (const password of ['Demo#2026-ecole', 'Abcdefg#123', 'École#2026abc']) {
      expect(isStrongPassword(password), password).toBe(true);
    }
  });

  it('refuses passwords missing one criterion', () => {
    const cases: [string, keyof ReturnType<typeof passwordCriteria>][] = [
      ['Abcdefg#12', 'length'],
      ['Ab1#', 'length'],
      ['demo#2026-ecole', 'uppercase'],
      ['DEMO#2026-ECOLE', 'lowercase'],
      ['Demo#deux-ecole', 'digit'],
      ['Demo2026ecole', 'special'],
    ];
    for (const [password, failing] of cases) {
      expect(isStrongPassword(password), password).toBe(false);
      expect(passwordCriteria(password)[failing], `${password} ${failing}`).toBe(false);
    }
  });

  it('reports each criterion', () => {
    expect(passwordCriteria('Ab1#')).toEqual({
      length: false,
      lowercase: true,
      uppercase: true,
      digit: true,
      special: true,
    });
    expect(passwordCriteria('abcdefghijk')).toEqual({
      length: true,
      lowercase: true,
      uppercase: false,
      digit: false,
      special: false,
    });
    expect(passwordCriteria('')).toEqual({
      length: false,
      lowercase: false,
      uppercase: false,
      digit: false,
      special: false,
    });
  });

  it('scores the strength indicator from 0 to 5', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('a')).toBe(1);
    expect(passwordStrength('aB')).toBe(2);
    expect(passwordStrength('aB3')).toBe(3);
    expect(passwordStrength('aB3#')).toBe(4);
    expect(passwordStrength('Demo#2026-ecole')).toBe(5);
  });
});
