// Grade rules shared by the worker, the grade book and the report cards (document 2 §4 'Grade
// entry', §5 'Grades', §9; product decision 'Grades and report cards'): points in hundredths,
// the evaluation set's limit, a subject's percentage, the period average with coefficients on
// base 100 or 10, ranks with ties, the annual average and the council's decision, the automatic
// appreciation, the period under way. Pure functions, no I/O.
import { schoolClock } from './dates';
import { formatNumber } from './format';
import type { Language } from './language';
import { parseAmount } from './money';

// ------------------------------------------------------------------------------------ Points

/** Scores and max scores travel as points with two decimals and are stored in hundredths. */
export const toHundredths = (points: number): number => Math.round(points * 100);
export const toPoints = (hundredths: number): number => hundredths / 100;

/** A score typed in the grade book: a number of at most two decimals, from 0 (step 0.01). */
export const isScoreValue = (points: number): boolean =>
  Number.isFinite(points) && points >= 0 && Math.abs(points * 100 - Math.round(points * 100)) < 1e-6;

/**
 * Points typed in a form (a score, a max): '12,5' as well as '12.5', at most two decimals, not
 * negative; null for anything else, so that the form refuses it visibly instead of truncating it.
 */
export function parsePoints(text: string): number | null {
  const hundredths = parseAmount(text);
  return hundredths === null || hundredths < 0 || /^\s*[+-]/.test(text) ? null : hundredths / 100;
}

/** The default max score of a new evaluation and of a curriculum subject (document 2 §9). */
export const DEFAULT_EVALUATION_MAX = 20;
export const DEFAULT_SUBJECT_MAX = 100;

/** Evaluation names compare case-insensitively (and without surrounding spaces). */
export const sameEvaluationName = (a: string, b: string): boolean =>
  a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');

/**
 * The sum of the evaluation set's max scores once `added` joins it (all in hundredths), or null
 * when it stays within the subject's max grade.
 */
export function exceededTotal(existingMaxes: readonly number[], added: number, subjectMax: number): number | null {
  const total = existingMaxes.reduce((sum, m) => sum + m, 0) + added;
  return total > subjectMax ? total : null;
}

/** 'Limite atteinte': the set's max scores already reach the subject's max grade. */
export const limitReached = (existingMaxes: readonly number[], subjectMax: number): boolean =>
  existingMaxes.reduce((sum, m) => sum + m, 0) >= subjectMax;

// ------------------------------------------------------------------------------ Current period

/**
 * The school's today ('YYYY-MM-DD' in America/Port-au-Prince), for the period under way. One
 * place to point at the school's one clock (`domain/attendance.ts schoolClock` today).
 */
export const schoolToday = (now: Date = new Date()): string => schoolClock(now).date;

/**
 * The period under way on a day: the last of the year's periods (in their order) whose start date
 * is that day or before; the first period when none has started or none has a date (decision 193).
 * Null without any period.
 */
export function currentPeriodId(
  periods: readonly { id: string; start_date?: string | null }[],
  today: string,
): string | null {
  let current: string | null = null;
  for (const p of periods) if (p.start_date && p.start_date <= today) current = p.id;
  return current ?? periods[0]?.id ?? null;
}

// ---------------------------------------------------------------------------------- Averages

export interface Mark {
  /** Hundredths (or any unit, the same for both). */
  score: number;
  max: number;
}

/** The sum of the scores and the sum of the max scores of a subject's marks. */
function totalOf(marks: readonly Mark[]): Mark {
  let score = 0;
  let max = 0;
  for (const m of marks) {
    score += m.score;
    max += m.max;
  }
  return { score, max };
}

/** A subject's average for a student, in percent: sum of scores over sum of the max scores of the evaluations graded. */
export function subjectPercent(marks: readonly Mark[]): number | null {
  const { score, max } = totalOf(marks);
  return max > 0 ? (score / max) * 100 : null;
}

export interface SubjectResult {
  /** The subject's percentage, null without any grade. */
  percent: number | null;
  /** The subject's max grade in the curriculum: its coefficient. */
  maxGrade: number;
}

/** The period average in percent: the subjects' percentages weighted by their max grade, over the subjects graded. */
export function periodPercent(subjects: readonly SubjectResult[]): number | null {
  let weighted = 0;
  let weights = 0;
  for (const s of subjects) {
    if (s.percent === null) continue;
    weighted += s.percent * s.maxGrade;
    weights += s.maxGrade;
  }
  return weights > 0 ? weighted / weights : null;
}

/** The base averages are shown on: 100 if any subject's max grade is at least 100 points, otherwise 10. */
export const reportBase = (maxGradesInPoints: readonly number[]): 100 | 10 =>
  maxGradesInPoints.some((m) => m >= 100) ? 100 : 10;

/** A percentage on the report's base (average / 100 x base). */
export const onBase = (percent: number, base: number): number => (percent / 100) * base;

/** Two decimals, the way averages are shown and decided. */
export const round2 = (value: number): number => Math.round((value + Number.EPSILON) * 100) / 100;

/** Colour band of a subject average on a report card (document 2 §9). */
export const averageBand = (percent: number): 'good' | 'medium' | 'poor' =>
  percent >= 80 ? 'good' : percent >= 60 ? 'medium' : 'poor';

/** In the grade book, averages below 50 % are shown red. */
export const isBelowHalf = (percent: number): boolean => percent < 50;

// ------------------------------------------------------------------------------------- Ranks

/**
 * Ranks by average, best first; equal averages (to the hundredth shown) share a rank and the next
 * rank skips (1, 1, 3). Students without an average have no rank.
 */
export function ranks<K>(averages: ReadonlyMap<K, number | null>): Map<K, number> {
  const ranked = [...averages].filter((e): e is [K, number] => e[1] !== null).map(([k, v]) => [k, round2(v)] as const);
  ranked.sort((a, b) => b[1] - a[1]);
  const out = new Map<K, number>();
  ranked.forEach(([key, value], i) => {
    const previous = ranked[i - 1];
    out.set(key, previous && previous[1] === value ? out.get(previous[0])! : i + 1);
  });
  return out;
}

/**
 * How many students a rank is out of (its 'sur N'): those with an average, the students `ranks`
 * ranks. In a partly graded period the students without any grade yet are not ranked, so they
 * are not counted either: '1er sur 1' while one of 18 has grades (decision 191). The report cards
 * and the student's Notes both say this N.
 */
export const rankedCount = (averages: Iterable<number | null>): number => {
  let n = 0;
  for (const a of averages) if (a !== null) n++;
  return n;
};

/** '1er', '2ème', '3ème'…; in Kreyòl '1ye', '2yèm', '3yèm'… */
export const rankLabel = (rank: number, language: Language = 'fr'): string =>
  language === 'ht' ? (rank === 1 ? '1ye' : `${rank}yèm`) : rank === 1 ? '1er' : `${rank}ème`;

// ---------------------------------------------------------------------------- Year's decision

/** Mean of the period averages that exist (percent), null when none does. */
export function annualPercent(periods: readonly (number | null)[]): number | null {
  const known = periods.filter((p): p is number => p !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
}

export type Decision = 'admitted' | 'repeat' | 'graduated';

/**
 * The council's decision from the annual average (percent, decided on the two decimals shown)
 * and the school's passing grade (percent): admitted at or above it, graduated when admitted from
 * the last class, otherwise to repeat.
 */
export function decision(annual: number, passingGrade: number, lastClass: boolean): Decision {
  if (round2(annual) < passingGrade) return 'repeat';
  return lastClass ? 'graduated' : 'admitted';
}

// ------------------------------------------------------------------------ Automatic appreciation

/**
 * An average as an exact integer: hundredths of a percent (5800 = 58 %), from sums of hundredths
 * of points, rounded half up to the hundredth the screens show, in integer arithmetic only. The
 * floating percent of 43.5 / 75 is 57.999…, whose floor is 57; this is 5800 (decision 192).
 */
export function percentHundredths(score: number, max: number): number | null {
  if (!(max > 0)) return null;
  const s = Math.round(score);
  const m = Math.round(max);
  // round(s * 10000 / m) = floor((2 * s * 10000 + m) / (2 * m)), exact on integers.
  const numerator = 2 * s * 10000 + m;
  const denominator = 2 * m;
  return (numerator - (numerator % denominator)) / denominator;
}

/** A subject's average (marks in hundredths of points) in exact hundredths of a percent, null without any mark. */
export function subjectHundredths(marks: readonly Mark[]): number | null {
  const { score, max } = totalOf(marks);
  return percentHundredths(score, max);
}

export type AppreciationTier = 'top' | 'good' | 'average' | 'poor';

/**
 * The tier of an average given in exact hundredths of a percent: at least 90 % top, 80 % good,
 * 60 % average, below poor (document 2 §9).
 */
export const appreciationTier = (hundredths: number): AppreciationTier =>
  hundredths >= 9000 ? 'top' : hundredths >= 8000 ? 'good' : hundredths >= 6000 ? 'average' : 'poor';

/** Which of the tier's four phrases: the floored average (in whole percent) modulo four (document 2 §9). */
export const phraseIndex = (hundredths: number): number => ((hundredths - (hundredths % 100)) / 100) % 4;

/**
 * The suggested phrase for an average given in exact hundredths of a percent (`subjectHundredths`,
 * `percentHundredths`), from each tier's four phrases: the grade book and the report cards alike.
 */
export const suggestedAppreciation = (
  hundredths: number,
  phrases: Readonly<Record<AppreciationTier, readonly [string, string, string, string]>>,
): string => phrases[appreciationTier(hundredths)][phraseIndex(hundredths)]!;

/** Points in French: '12,5', '20', '7,25'. */
export const formatPoints = (points: number): string => formatNumber(points, 2);
