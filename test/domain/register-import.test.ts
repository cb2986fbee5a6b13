// Reading a register to import (issue 30): files made like Excel's and LibreOffice's (separators,
// encodings, BOM, date forms, titles above the header, XLSX with date cells), the mapping of
// French headers, and duplicates within the file.
import { describe, expect, it } from 'vitest';
import {
  duplicatesInFile,
  guessMapping,
  headerKey,
  type ImportLine,
  linesOf,
  missingColumns,
  readDate,
  readSex,
  unknownColumns,
} from '../../worker/domain/register-import';
import { decodeText, readCsv, readRegisterFile, UnreadableFile } from '../../web/screens/students/import/read-file';
import { bufferOf, csvText, utf8WithBom, windows1252, xlsxWorkbook } from '../fixtures/spreadsheets';

const HEADER = [
  'Nom',
  'Prénom',
  'Sexe',
  'Date de naissance',
  'Lieu de naissance',
  'NISU',
  'Classe',
  'Tuteur',
  'Téléphone',
];
const ROWS = [
  [
    'Pierre-Louis',
    'Émilie',
    'F',
    '15/03/2012',
    'Jacmel',
    'PILO20120315F1234567',
    '7e AF',
    'Marie Pierre-Louis',
    '3712 3456',
  ],
  ['Dorcélus', 'Widléy', 'M', '2011-09-01', 'Cap-Haïtien', '', '8e AF', 'Jean Dorcélus', ''],
];

let counter = 0;
const makeId = () => `id-${++counter}`;

describe('decoding a CSV file', () => {
  it('reads UTF-8 with or without BOM, and Windows-1252 when the bytes are not UTF-8', () => {
    const text = csvText([HEADER, ...ROWS]);
    expect(decodeText(utf8WithBom(text))).toBe(text);
    expect(decodeText(new TextEncoder().encode(text))).toBe(text);
    const ansi = windows1252(text);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(ansi)).toThrow();
    expect(decodeText(ansi)).toBe(text);
    expect(decodeText(windows1252('Œuvre l’élève'))).toBe('Œuvre l’élève');
  });

  it('finds the separator: semicolon, comma or tab, quoted cells kept whole', async () => {
    for (const separator of [';', ',', '\t']) {
      const rows = await readCsv(
        csvText([HEADER, ...ROWS, ['Noël, dit « Ti Noël »', 'Jean', 'M', '01/01/2013']], separator),
      );
      expect(rows[0]).toEqual(HEADER);
      expect(rows[1]![3]).toBe('15/03/2012');
      expect(rows[3]![0]).toBe('Noël, dit « Ti Noël »');
    }
  });
});

describe('reading a register file', () => {
  it('reads a semicolon CSV in Windows-1252, with a title above the header', async () => {
    const bytes = windows1252(csvText([['École Saint-Marc — Registre 2025-2026'], [], HEADER, ...ROWS]));
    const sheet = await readRegisterFile(bufferOf(bytes));
    expect(sheet.headers).toEqual(HEADER);
    // The title is line 1, the empty line 2, the header line 3: the first pupil is line 4.
    expect(sheet.lines[0]).toBe(4);
    expect(sheet.rows[0]![1]).toBe('Émilie');
  });

  it('reads an XLSX workbook as Excel saves it: shared strings, dates as styled serial numbers', async () => {
    const bytes = xlsxWorkbook([
      ['Liste des élèves'],
      ['Prénom', 'Nom', 'Date de naissance', 'Sexe', 'Classe', 'Téléphone'],
      ['Émilie', 'Pierre-Louis', { date: '2012-03-15' }, 'Féminin', '7e AF', 37123456],
      ['Widley', 'Dorcélus', '01/09/2011', 'Masculin', '8e AF', null],
    ]);
    const sheet = await readRegisterFile(bufferOf(bytes));
    expect(sheet.headers).toEqual(['Prénom', 'Nom', 'Date de naissance', 'Sexe', 'Classe', 'Téléphone']);
    expect(sheet.lines).toEqual([3, 4]);
    const lines = linesOf(sheet.rows, guessMapping(sheet.headers), { lines: sheet.lines, makeId });
    expect(lines.map((l) => [l.line, l.nom, l.prenom, l.date_of_birth, l.sexe, l.className, l.tutor_phone])).toEqual([
      [3, 'Pierre-Louis', 'Émilie', '2012-03-15', 'F', '7e AF', '37123456'],
      [4, 'Dorcélus', 'Widley', '2011-09-01', 'M', '8e AF', ''],
    ]);
  });

  it('numbers each line as the file does (what Excel shows), after a ;;;; line and a fully empty line', async () => {
    // Line 1 the header, 2 a pupil, 3 ';;;;;;;;', 4 a pupil, 5 empty, 6 and 7 pupils, 8 ';;;;', 9 a pupil.
    const text = [
      HEADER.join(';'),
      'Pierre;Anne;F;15/03/2012;Jacmel;;7e AF;;',
      ';;;;;;;;',
      'Paul;Ralph;M;02/02/2013;;;7e AF;;',
      '',
      'Jean;Marc;M;01/01/2013;;;7e AF;;',
      'Louis;Rose;F;12/12/2012;;;7e AF;;',
      ';;;;',
      'Noël;Lucie;F;03/03/2013;;;7e AF;;',
      '',
    ].join('\r\n');
    const sheet = await readRegisterFile(bufferOf(utf8WithBom(text)));
    expect(sheet.headers).toEqual(HEADER);
    const lines = linesOf(sheet.rows, guessMapping(sheet.headers), { lines: sheet.lines, makeId });
    expect(lines.map((l) => [l.line, l.nom])).toEqual([
      [2, 'Pierre'],
      [4, 'Paul'],
      [6, 'Jean'],
      [7, 'Louis'],
      [9, 'Noël'],
    ]);
  });

  it('numbers an XLSX sheet’s rows as Excel does, empty rows counted', async () => {
    const bytes = xlsxWorkbook([
      ['Prénom', 'Nom', 'Date de naissance', 'Sexe'],
      ['Émilie', 'Pierre-Louis', { date: '2012-03-15' }, 'F'],
      [null, null, null, null],
      ['Widley', 'Dorcélus', '01/09/2011', 'M'],
    ]);
    const sheet = await readRegisterFile(bufferOf(bytes));
    const lines = linesOf(sheet.rows, guessMapping(sheet.headers), { lines: sheet.lines, makeId });
    expect(lines.map((l) => [l.line, l.nom])).toEqual([
      [2, 'Pierre-Louis'],
      [4, 'Dorcélus'],
    ]);
  });

  it('refuses an empty file and the old binary .xls format', async () => {
    await expect(readRegisterFile(new ArrayBuffer(0))).rejects.toEqual(new UnreadableFile('empty'));
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    await expect(readRegisterFile(bufferOf(xls))).rejects.toEqual(new UnreadableFile('xls'));
  });
});

describe('headers in French, in any order', () => {
  it('recognises the usual headers, accents, case and punctuation aside', () => {
    expect(headerKey(' Date de naissance : ')).toBe('date de naissance');
    expect(
      guessMapping([
        'N° NISU',
        'PRÉNOM(S)',
        'Nom de famille',
        'Né(e) le',
        'Né(e) à',
        'Classe',
        'Nom du tuteur',
        'Tél.',
        'E-mail',
        'Adresse',
        'Sexe',
      ]),
    ).toEqual([
      'nisu',
      'prenom',
      'nom',
      'date_of_birth',
      'birth_place',
      'className',
      'tutor_name',
      'tutor_phone',
      'tutor_email',
      'address',
      'sexe',
    ]);
  });

  it('leaves unknown and repeated headers to the mapping step, and names the missing required columns', () => {
    const headers = ['Nom', 'Prénom', 'Matricule', 'Nom', 'Date naissance'];
    const mapping = guessMapping(headers);
    expect(mapping).toEqual(['nom', 'prenom', null, null, 'date_of_birth']);
    expect(unknownColumns(headers)).toEqual([2]);
    expect(missingColumns(mapping)).toEqual(['sexe']);
  });
});

describe('values as registers write them', () => {
  it('reads birth dates written day first or year first, and leaves anything else for the server to refuse', () => {
    expect(readDate('15/03/2012')).toBe('2012-03-15');
    expect(readDate('5/3/2012')).toBe('2012-03-05');
    expect(readDate('15-03-2012')).toBe('2012-03-15');
    expect(readDate('15.03.2012')).toBe('2012-03-15');
    expect(readDate('2012-03-15')).toBe('2012-03-15');
    expect(readDate('2012/3/15')).toBe('2012-03-15');
    expect(readDate('2012-03-15 00:00:00')).toBe('2012-03-15');
    expect(readDate('31/02/2012')).toBe('2012-02-31');
    expect(readDate('mars 2012')).toBe('mars 2012');
    expect(readDate('15/03/12')).toBe('15/03/12');
  });

  it('reads the sex from the words registers use', () => {
    expect(['M', 'm', 'Masculin', 'garçon', 'H', 'F', 'féminin', 'Fille', 'FEMME'].map(readSex)).toEqual([
      'M',
      'M',
      'M',
      'M',
      'M',
      'F',
      'F',
      'F',
      'F',
    ]);
    expect(readSex('X')).toBe('X');
  });

  it('builds lines: mapped cells cleaned, NISU normalized, empty rows skipped, a default for an empty address', () => {
    const rows = [
      ['  Jean ', 'Baptiste', 'M', '01/02/2013', 'pilo 2012 0315 f 1234567', ''],
      ['', '', '', '', '', ''],
      ['Paul', 'Ralph', 'M', '02/02/2013', '', 'Delmas 33'],
    ];
    const lines = linesOf(rows, ['nom', 'prenom', 'sexe', 'date_of_birth', 'nisu', 'address'], {
      lines: [2, 3, 4],
      defaults: { address: 'Port-au-Prince' },
      makeId,
    });
    expect(lines.map((l) => [l.line, l.nom, l.nisu, l.date_of_birth, l.address])).toEqual([
      [2, 'Jean', 'PILO20120315F1234567', '2013-02-01', 'Port-au-Prince'],
      [4, 'Paul', '', '2013-02-02', 'Delmas 33'],
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(2);
  });
});

describe('duplicates within the file', () => {
  const line = (n: number, nom: string, prenom: string, date: string, nisu = ''): ImportLine => ({
    line: n,
    id: `l${n}`,
    nom,
    prenom,
    sexe: 'M',
    date_of_birth: date,
    birth_place: '',
    address: 'x',
    nisu,
    className: '',
    tutor_name: '',
    tutor_phone: '',
    tutor_email: '',
  });

  it('finds a repeated NISU and the same names and birth date (accents and case aside)', () => {
    const lines = [
      line(2, 'Pierre', 'Émilie', '2012-03-15', 'PILO20120315F1234567'),
      line(3, 'PIERRE', 'emilie', '2012-03-15'),
      line(4, 'Autre', 'Nom', '2011-01-01', 'PILO20120315F1234567'),
      line(5, 'Pierre', 'Émilie', '2012-03-16'),
    ];
    expect([...duplicatesInFile(lines)]).toEqual([
      [3, { line: 2, reason: 'person' }],
      [4, { line: 2, reason: 'nisu' }],
    ]);
  });

  it('does not count a line that will not be written as the earlier one', () => {
    const lines = [line(2, 'Pierre', 'Émilie', '2012-03-15'), line(3, 'Pierre', 'Émilie', '2012-03-15')];
    expect([...duplicatesInFile(lines, (l) => l.line !== 2)]).toEqual([]);
  });
});
