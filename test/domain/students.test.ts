import { describe, expect, it } from 'vitest';
import {
  birthDateProblem,
  birthYears,
  BLOOD_GROUPS,
  bulkEnrolState,
  canChangeClass,
  changeClassTargets,
  composeDate,
  dateParts,
  initials,
  isEmail,
  isValidNisu,
  normalizeNisu,
  normalizePhone,
  parseMedicalNotes,
  serializeMedicalNotes,
} from '../../worker/domain/students';
import { isIsoDate } from '../../worker/domain/dates';
import { formatDate } from '../../worker/domain/format';

describe('NISU (20 characters: 4 letters, 8 digits, 1 letter, 7 digits, uppercased)', () => {
  it('uppercases, drops spaces and stops at 20 characters while typing', () => {
    expect(normalizeNisu('doke 2012 0504 m1234567')).toBe('DOKE20120504M1234567');
    expect(normalizeNisu('doke20120504m1234567XYZ')).toBe('DOKE20120504M1234567');
  });

  it('accepts only the pattern', () => {
    expect(isValidNisu('DOKE20120504M1234567')).toBe(true);
    for (const bad of [
      'DOKE20120504M123456', // 19 characters
      'DOK120120504M1234567', // a digit among the letters
      'DOKE2012050AM1234567', // a letter among the 8 digits
      'DOKE201205041A234567', // the letter at the wrong place
      'doke20120504m1234567', // not uppercased
      'DOKE20120504M123456A',
    ]) {
      expect(isValidNisu(bad), bad).toBe(false);
    }
  });
});

describe('tutor phone (Haiti by default, at most 15 digits)', () => {
  it('reads a local number as Haitian', () => {
    expect(normalizePhone('3712 3456')).toBe('+509 3712 3456');
    expect(normalizePhone('37-12-34-56')).toBe('+509 3712 3456');
    expect(normalizePhone('+509 37123456')).toBe('+509 3712 3456');
    expect(normalizePhone('509 3712 3456')).toBe('+509 3712 3456');
    expect(normalizePhone('00509 3712 3456')).toBe('+509 3712 3456');
  });

  it('keeps other countries with their code', () => {
    expect(normalizePhone('+1 (305) 555-0123')).toBe('+13055550123');
    expect(normalizePhone('+33 6 12 34 56 78')).toBe('+33612345678');
    expect(normalizePhone('+123456789012345')).toBe('+123456789012345');
  });

  it('refuses more than 15 digits, a short or malformed number, and answers null when empty', () => {
    expect(normalizePhone('+1234567890123456')).toBe('invalid');
    expect(normalizePhone('3712 345')).toBe('invalid');
    expect(normalizePhone('3712 34567')).toBe('invalid');
    expect(normalizePhone('+1 555')).toBe('invalid');
    expect(normalizePhone('37 12 abc')).toBe('invalid');
    expect(normalizePhone('37+12')).toBe('invalid');
    expect(normalizePhone('   ')).toBeNull();
  });
});

describe('tutor e-mail', () => {
  it('accepts e-mail addresses only', () => {
    expect(isEmail('ma.joseph@gmail.com')).toBe(true);
    expect(isEmail('jean+ecole@yahoo.fr')).toBe(true);
    for (const bad of ['ma.joseph', 'a@b', '@gmail.com', 'a..b@gmail.com', 'a b@gmail.com'])
      expect(isEmail(bad), bad).toBe(false);
  });
});

describe('medical notes in their three stored formats', () => {
  it('reads the JSON text of today', () => {
    expect(parseMedicalNotes('{"blood_group":"O+","allergies":"Arachides","illnesses":""}')).toEqual({
      blood_group: 'O+',
      allergies: 'Arachides',
      illnesses: '',
    });
    expect(parseMedicalNotes('{"blood_group":"AB-"}')).toEqual({ blood_group: 'AB-', allergies: '', illnesses: '' });
  });

  it("reads the older ' | ' text with its prefixes, in any order or subset", () => {
    expect(parseMedicalNotes('Groupe Sanguin: A+ | Allergies: Pénicilline | Maladies: Asthme')).toEqual({
      blood_group: 'A+',
      allergies: 'Pénicilline',
      illnesses: 'Asthme',
    });
    expect(parseMedicalNotes('Maladies: Drépanocytose | Groupe Sanguin: B-')).toEqual({
      blood_group: 'B-',
      allergies: '',
      illnesses: 'Drépanocytose',
    });
  });

  it('keeps plain text whole as the known illnesses', () => {
    expect(parseMedicalNotes('Porte des lunettes, asthme léger')).toEqual({
      blood_group: '',
      allergies: '',
      illnesses: 'Porte des lunettes, asthme léger',
    });
    expect(parseMedicalNotes('{pas du json')).toEqual({ blood_group: '', allergies: '', illnesses: '{pas du json' });
  });

  it('answers empty notes for nothing stored, and writes JSON back (null when empty)', () => {
    expect(parseMedicalNotes(null)).toEqual({ blood_group: '', allergies: '', illnesses: '' });
    expect(parseMedicalNotes('  ')).toEqual({ blood_group: '', allergies: '', illnesses: '' });
    const notes = { blood_group: 'O-', allergies: ' Lactose ', illnesses: '' };
    const stored = serializeMedicalNotes(notes);
    expect(stored).toBe('{"blood_group":"O-","allergies":"Lactose","illnesses":""}');
    expect(parseMedicalNotes(stored)).toEqual({ blood_group: 'O-', allergies: 'Lactose', illnesses: '' });
    expect(serializeMedicalNotes({ blood_group: '', allergies: ' ', illnesses: '' })).toBeNull();
  });

  it('offers the eight blood groups', () => {
    expect(BLOOD_GROUPS).toEqual(['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-']);
  });
});

describe('birth date pickers', () => {
  it('offer 120 years back from this year', () => {
    const years = birthYears(new Date('2026-11-22T12:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1906);
    // 31 December 2026 at 21:00 in Haiti is 2027 in UTC: the list still starts at 2026.
    expect(birthYears(new Date('2026-12-31T21:00:00-05:00'))[0]).toBe(2026);
  });

  it("refuse a birth date after the school's today, in the Haitian evening too", () => {
    const evening = new Date('2026-01-15T19:30:00-05:00'); // 16 January in UTC
    expect(birthDateProblem('2026-01-15', evening)).toBeNull();
    expect(birthDateProblem('2026-01-16', evening)).toBe('future');
    expect(birthDateProblem('1905-12-31', evening)).toBe('tooOld');
  });

  it('give a date only when day, month and year make a real date', () => {
    expect(composeDate({ day: '9', month: '3', year: '2012' })).toBe('2012-03-09');
    expect(composeDate({ day: '', month: '3', year: '2012' })).toBe('');
    expect(composeDate({ day: '30', month: '2', year: '2012' })).toBe('');
    expect(composeDate({ day: '29', month: '2', year: '2012' })).toBe('2012-02-29');
    expect(dateParts('2012-03-09')).toEqual({ day: '9', month: '3', year: '2012' });
    expect(dateParts(null)).toEqual({ day: '', month: '', year: '' });
    expect(isIsoDate('2011-13-01')).toBe(false);
    expect(formatDate('2012-03-09')).toBe('09/03/2012');
    expect(formatDate(null)).toBe('-');
  });
});

describe('bulk action rules', () => {
  const enrolled = (className: string) => ({ className });
  const unenrolled = { className: null };

  it('allows bulk enrol only when every selected student is unenrolled', () => {
    expect(bulkEnrolState([unenrolled, unenrolled])).toBe('enrol');
    expect(bulkEnrolState([enrolled('7e AF'), enrolled('8e AF')])).toBe('all-enrolled');
    expect(bulkEnrolState([enrolled('7e AF'), unenrolled])).toBe('mixed');
    expect(bulkEnrolState([])).toBe('empty');
  });

  it('offers change class when some are enrolled, to classes not in the selection', () => {
    const classes = [{ name: '7e AF' }, { name: '8e AF' }, { name: '9e AF' }];
    expect(canChangeClass([unenrolled])).toBe(false);
    expect(canChangeClass([unenrolled, enrolled('7e AF')])).toBe(true);
    expect(changeClassTargets(classes, [enrolled('7e AF'), enrolled('9e af'), unenrolled])).toEqual([
      { name: '8e AF' },
    ]);
    expect(
      changeClassTargets(
        classes,
        classes.map((c) => enrolled(c.name)),
      ),
    ).toEqual([]);
  });

  it('makes initials from the first and last names', () => {
    expect(initials('Wideline', 'Joseph')).toBe('WJ');
    expect(initials('élodie', 'étienne')).toBe('ÉÉ');
    expect(initials('', '')).toBe('?');
  });
});
