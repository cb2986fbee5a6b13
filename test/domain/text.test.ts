import { describe, expect, it } from 'vitest';
import { cleanMultilineText, cleanText, matchesStudentSearch, searchKey, searchWords } from '../../worker/domain/text';

describe('cleanText (every one-line text input)', () => {
  it('trims and joins runs of spaces, line breaks and tabs', () => {
    expect(cleanText('  Jean \t\n  Baptiste  ')).toBe('Jean Baptiste');
    expect(cleanText('7e\u00a0AF')).toBe('7e AF');
  });

  it('turns a name made only of invisible characters into an empty one', () => {
    for (const blank of [
      '\u200b',
      '\u200b\u200c\u200d\u2060',
      '\ufeff',
      '\u00ad',
      '\u3164',
      '\u2800',
      ' \u200b \u200e ',
    ]) {
      expect(cleanText(blank), JSON.stringify(blank)).toBe('');
    }
  });

  it('strips NUL, controls and right-to-left overrides that make look-alike names', () => {
    expect(cleanText('Clas\u0000se')).toBe('Classe');
    expect(cleanText('\u202eFA e7')).toBe('FA e7');
    expect(cleanText('Ma\u200bthématiques')).toBe('Mathématiques');
    expect(cleanText('\u2066Philo\u2069')).toBe('Philo');
  });

  it('composes accents (NFC), so that two spellings of a name are one', () => {
    const decomposed = 'E\u0301tienne';
    expect(cleanText(decomposed)).toBe('Étienne');
    expect(cleanText(decomposed)).toBe(cleanText('Étienne'));
  });
});

describe('cleanMultilineText (notes and messages)', () => {
  it('keeps line breaks, at most one blank line, and strips the invisible rest', () => {
    expect(cleanMultilineText('  Maintenance\r\n\r\n\r\nce soir\u200b à 20 h \u202e ')).toBe(
      'Maintenance\n\nce soir à 20 h',
    );
    expect(cleanMultilineText('\u200b\n\u200d')).toBe('');
  });
});

describe('the student search rule (list, report and class roster)', () => {
  const etienne = { nom: 'Étienne', prenom: 'Éliane', nisu: 'ETEL20130301F1234567' };
  const long = { nom: 'Saint-Fleur-Desravines-Jean-Baptiste', prenom: 'Marie-Françoise Clémentine', nisu: null };

  it('ignores accents and case both ways', () => {
    expect(matchesStudentSearch(etienne, 'eliane')).toBe(true);
    expect(matchesStudentSearch(etienne, 'ÉLIANE')).toBe(true);
    expect(matchesStudentSearch({ nom: 'Eliane', prenom: 'Rose' }, 'Éliane')).toBe(true);
    expect(matchesStudentSearch(etienne, 'etienne eli')).toBe(true);
    expect(matchesStudentSearch(etienne, 'etienne rose')).toBe(false);
  });

  it('finds a long name typed whole, with or without its hyphens', () => {
    const typed = 'Saint-Fleur-Desravines-Jean-Baptiste Marie-Françoise Clémentine';
    expect(typed.length).toBeGreaterThan(60);
    expect(matchesStudentSearch(long, typed)).toBe(true);
    expect(matchesStudentSearch(long, 'saint fleur desravines jean baptiste marie francoise')).toBe(true);
    expect(matchesStudentSearch(long, 'Saint-Fleur-Desravines-Jean-Baptiste Marie-Josée')).toBe(false);
  });

  it('finds the NISU and keeps % and _ as plain characters', () => {
    expect(matchesStudentSearch(etienne, 'etel2013')).toBe(true);
    expect(matchesStudentSearch(etienne, '%')).toBe(false);
    expect(matchesStudentSearch(etienne, '_')).toBe(false);
  });

  it('folds letters without a combining accent and sorts É with E', () => {
    expect(searchKey('Cœur Æsa')).toBe('coeur aesa');
    expect(searchKey("N'Guessan")).toBe('n guessan');
    const sorted = ['Zéphir', 'Étienne', 'Emmanuel', 'Fils-Aimé'].sort((a, b) =>
      searchKey(a).localeCompare(searchKey(b)),
    );
    expect(sorted).toEqual(['Emmanuel', 'Étienne', 'Fils-Aimé', 'Zéphir']);
  });

  it('uses at most ten words and nothing from an empty query', () => {
    expect(searchWords('  ')).toEqual([]);
    expect(searchWords('a b c d e f g h i j k l')).toHaveLength(10);
    expect(matchesStudentSearch(etienne, '   ')).toBe(true);
  });
});
