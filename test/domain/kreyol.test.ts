// Kreyòl's texts and words (issue 42, decision 340): every Kreyòl text of the pupil's side and of
// the API's answers to a pupil holds no French (test/french-words.ts) and keeps to the glossary
// (docs/kreyol-glossary.md: a French word of its table in the French text, its Kreyòl word in the
// Kreyòl one); the API says each French text it may answer a pupil in Kreyòl; the formatter writes
// days, months and amounts in Kreyòl.
import { describe, expect, it } from 'vitest';
import { passwordText } from '../../worker/contract/texts/password';
import { resourcesServerText } from '../../worker/contract/texts/resources';
import { schoolAccessText } from '../../worker/contract/texts/school-access';
import { serverText } from '../../worker/contract/texts/server';
import { sessionsServerText } from '../../worker/contract/texts/sessions';
import { studentServerText } from '../../worker/contract/texts/student';
import { resourcesServerText as htResources } from '../../worker/contract/texts/ht/resources';
import { serverText as htServer } from '../../worker/contract/texts/ht/server';
import { sessionsServerText as htSessions } from '../../worker/contract/texts/ht/sessions';
import { studentServerText as htStudent } from '../../worker/contract/texts/ht/student';
import { formatDay, formatInstant, KREYOL_MONTHS, KREYOL_WEEKDAYS } from '../../worker/domain/format';
import { rankLabel } from '../../worker/domain/grades';
import { formatMoney } from '../../worker/domain/money';
import { inLanguage } from '../../worker/lib/language';
import { authText } from '../../web/i18n/auth';
import { commonText } from '../../web/i18n/common';
import { docsText } from '../../web/i18n/docs';
import { guardianText } from '../../web/i18n/guardian';
import { kreyol } from '../../web/i18n/ht';
import type { KreyolTexts } from '../../web/i18n/kreyol';
import { languageText } from '../../web/i18n/language';
import { offlineText } from '../../web/i18n/offline';
import { resourcesText } from '../../web/i18n/resources';
import { devicesText, securityText } from '../../web/i18n/security';
import { shellText } from '../../web/i18n/shell';
import { studentText } from '../../web/i18n/student';
import { timetableText } from '../../web/i18n/timetable';
import { frenchIn } from '../french-words';

const glossary = Object.values(
  import.meta.glob<string>('../../docs/kreyol-glossary.md', { query: '?raw', import: 'default', eager: true }),
)[0]!;

/** The French module of each Kreyòl one of the page. */
const FRENCH: { [K in keyof KreyolTexts]: KreyolTexts[K] } = {
  auth: authText,
  common: commonText,
  devices: devicesText,
  docs: docsText,
  guardian: guardianText,
  language: languageText,
  offline: offlineText,
  password: passwordText,
  resources: resourcesText,
  schoolAccess: schoolAccessText,
  security: securityText,
  sessions: sessionsServerText,
  shell: shellText,
  student: studentText,
  timetable: timetableText,
};

/** Every French and Kreyòl module pair: the page's, then the API's. */
const MODULES: [string, unknown, unknown][] = [
  ...Object.keys(kreyol).map((key): [string, unknown, unknown] => [
    `web ${key}`,
    FRENCH[key as keyof KreyolTexts],
    kreyol[key as keyof KreyolTexts],
  ]),
  ['api server', serverText, htServer],
  ['api student', studentServerText, htStudent],
  ['api sessions', sessionsServerText, htSessions],
  ['api resources', resourcesServerText, htResources],
];

/** Each Kreyòl text with its French twin, by its path (a function's said with 2 for each argument). */
function twins(french: unknown, other: unknown, path: string, into: [string, string, string][] = []) {
  if (typeof other === 'string' && typeof french === 'string') into.push([path, french, other]);
  else if (typeof other === 'function' && typeof french === 'function') {
    const args = Array.from({ length: Math.max(other.length, french.length) }, () => 2);
    into.push([`${path}()`, String(french(...args)), String(other(...args))]);
  } else if (typeof other === 'object' && other !== null) {
    for (const [key, value] of Object.entries(other))
      twins((french as Record<string, unknown> | undefined)?.[key], value, `${path}.${key}`, into);
  } else into.push([path, String(french), String(other)]);
  return into;
}

const PAIRS = MODULES.flatMap(([name, french, other]) => twins(french, other, name));

describe('the Kreyòl texts', () => {
  it('each has its French twin', () => {
    expect(PAIRS.filter(([, french]) => french === 'undefined').map(([path]) => path)).toEqual([]);
    expect(PAIRS.length).toBeGreaterThan(250);
  });

  it('hold no French, and none is its French twin copied', () => {
    const french = PAIRS.flatMap(([path, , text]) => frenchIn(text).map((word) => `${path}: ${word} (${text})`));
    expect(french).toEqual([]);
    // Words both languages write alike.
    const shared = new Set(['Bon']);
    const copied = PAIRS.filter(([, fr, ht]) => fr === ht && /\p{L}{3}/u.test(ht) && !shared.has(ht)).map(
      ([path, , ht]) => `${path}: ${ht}`,
    );
    expect(copied).toEqual([]);
  });

  it('keep to the glossary', () => {
    const section = glossary.slice(glossary.indexOf('## The screens'), glossary.indexOf('## Other words'));
    const rows = [...section.matchAll(/^\| ([^|]+?) \| ([^|]+?) \|/gm)]
      .map((m) => [m[1]!.trim(), m[2]!.trim()] as const)
      .filter(([fr]) => fr !== 'French' && !fr.startsWith('---'));
    expect(rows.length).toBeGreaterThan(25);
    const astray: string[] = [];
    for (const [forms, word] of rows) {
      const french = forms.split('/').map((form) => form.trim().toLowerCase());
      for (const [path, fr, ht] of PAIRS)
        if (french.some((form) => fr.toLowerCase().includes(form)) && !ht.toLowerCase().includes(word))
          astray.push(`${path}: « ${fr} » without '${word}': « ${ht} »`);
    }
    expect(astray).toEqual([]);
  });

  it('say every French text the API may answer a pupil with', () => {
    // Texts with parameters (a path ending in '()') are written in Kreyòl where they are made.
    const untold = PAIRS.filter(([path]) => path.startsWith('api ') && !path.endsWith('()'))
      .map(([path, fr]) => [path, fr, inLanguage(fr, 'ht')] as const)
      .filter(([, fr, said]) => (said === fr && /\p{L}{3}/u.test(fr)) || frenchIn(said).length > 0)
      .map(([path, fr]) => `${path}: ${fr}`);
    expect(untold).toEqual([]);
    expect(inLanguage('Ressource introuvable.', 'ht')).toBe('Nou pa jwenn resous sa a.');
    expect(inLanguage('Ressource introuvable.', 'fr')).toBe('Ressource introuvable.');
    // Data (a maintenance message the superadmin typed) passes as it is.
    expect(inLanguage('Mise à jour ce soir.', 'ht')).toBe('Mise à jour ce soir.');
  });
});

describe('the formatter in Kreyòl', () => {
  it('writes weekdays and months in Kreyòl, the digits as in French', () => {
    expect(KREYOL_WEEKDAYS).toEqual(['dimanch', 'lendi', 'madi', 'mèkredi', 'jedi', 'vandredi', 'samdi']);
    expect(KREYOL_MONTHS[0]).toBe('janvye');
    expect(KREYOL_MONTHS[11]).toBe('desanm');
    expect(formatDay('2026-11-27', 'long', '-', 'ht')).toBe('27 novanm 2026');
    expect(formatDay('2026-11-27', 'long')).toBe('27 novembre 2026');
    expect(formatDay('2027-01-19', 'weekday', '-', 'ht')).toBe('mad. 19/01');
    expect(formatDay('2026-08', 'month', '-', 'ht')).toBe('out 2026');
    expect(formatDay('pa yon jou', 'long', '-', 'ht')).toBe('-');
  });

  it('writes an instant on the school’s clock, in Kreyòl words where it has words', () => {
    // 02:30 UTC on 1 December is still 30 November in Port-au-Prince.
    expect(formatInstant('2026-12-01T02:30:00Z', 'longDate', '-', 'ht')).toBe('30 novanm 2026');
    expect(formatInstant('2026-07-14T15:00:00Z', 'shortDate', '-', 'ht')).toBe('14 jiy. 2026');
    expect(formatInstant('2026-12-01T02:30:00Z', 'date', '-', 'ht')).toBe(
      formatInstant('2026-12-01T02:30:00Z', 'date'),
    );
  });

  it('says amounts in goud with a decimal comma, and ranks in Kreyòl', () => {
    // Thousands apart by a narrow no-break space, as in French.
    expect(formatMoney(150050, 'Gdes', 'ht')).toBe('1\u202f500,50 goud');
    expect(formatMoney(-2500, 'Gdes', 'ht')).toBe('-25,00 goud');
    expect(formatMoney(150050, 'Gdes')).toBe('1\u202f500,50 Gdes');
    expect(formatMoney(150050, '$HT', 'ht')).toBe('$HT 1\u202f500,50');
    expect([1, 2, 3].map((rank) => rankLabel(rank, 'ht'))).toEqual(['1ye', '2yèm', '3yèm']);
    expect(rankLabel(1)).toBe('1er');
  });
});
