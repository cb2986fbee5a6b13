// Type tests (checked by `npm run typecheck`, never run): a Kreyòl module has its French twin's shape
// (issue 42, decision 340), so a text missing in Kreyòl, or said with other parameters, is a type
// error, never a French word on a Kreyòl screen. Each `@ts-expect-error` must find its error.
import type { Texts } from '../../worker/contract/texts/shape';
import type { studentServerText } from '../../worker/contract/texts/student';
import { studentServerText as kreyolStudent } from '../../worker/contract/texts/ht/student';
import { studentText } from '../../web/i18n/ht/student';
import type { KreyolTexts } from '../../web/i18n/kreyol';

const { title: _title, ...gradesWithoutTitle } = studentText.grades;

// @ts-expect-error the Notes section's title missing in Kreyòl
export const missing: KreyolTexts['student'] = { ...studentText, grades: gradesWithoutTitle };

// @ts-expect-error a greeting that takes another parameter than the French one
export const otherParameters: KreyolTexts['student'] = { ...studentText, hello: (n: number) => `Bonjou ${n}` };

const { periodNotFound: _period, ...serverWithoutPeriod } = kreyolStudent;

// @ts-expect-error an answer of the API missing in Kreyòl
export const missingAnswer: Texts<typeof studentServerText> = serverWithoutPeriod;

// @ts-expect-error the strength levels are six, as in French
export const fewerLevels: KreyolTexts['auth']['strength']['levels'] = ['Fèb', 'Bon'];
