// The report cards of a class (issue 14; document 2 §2 'Bulk report cards', §4 'Report cards',
// §9; product decision 'Grades and report cards'): from the bulk report data of one period, the
// year's periods in order, the school's passing grade and whether the class is the school's last,
// one card model per student. One pass over the grades (each lands in its student's subject and
// period cell), then one pass over students x subjects x periods: linear in the data, so 60 cards
// of 12 subjects over 3 periods are built at once. Pure: no I/O, no texts (the decision is a code,
// the screen names it).
import type { ReportData } from '../contract/grades';
import {
  annualPercent,
  averageBand,
  decision,
  type Decision,
  onBase,
  percentHundredths,
  periodPercent,
  rankedCount,
  ranks,
  reportBase,
  round2,
  toHundredths,
} from './grades';

export interface ReportPeriod {
  id: string;
  name: string;
}

export interface ReportCardsInput {
  data: ReportData;
  /** The year's periods in their order (GET /academic-periods?yearId). */
  periods: readonly ReportPeriod[];
  /** The period the cards are for. */
  periodId: string;
  /** The school's passing grade, in percent (default 50). */
  passingGrade: number;
  /** The class is the last of the school's order: admitted students graduate. */
  lastClass: boolean;
}

/** One evaluation a student was graded in (the detailed template lists them). */
export interface CardEvaluation {
  name: string;
  score: number;
  max: number;
}

export interface CardSubject {
  subjectId: string;
  name: string;
  /** The subject's max grade in points: its coefficient. */
  coefficient: number;
  /** The subject's average in the selected period, in percent (null: no grade). */
  percent: number | null;
  /** The same average as an exact integer, hundredths of a percent: what the automatic appreciation reads. */
  hundredths: number | null;
  /** The same average as points over the subject's max grade, two decimals. */
  points: number | null;
  /** The same average on the report's base (100 or 10), two decimals. */
  onBase: number | null;
  band: 'good' | 'medium' | 'poor' | null;
  /** The selected period's evaluations the student was graded in, in the data's order. */
  evaluations: CardEvaluation[];
  /** The subject's percent in each of the year's periods (the annual template's columns). */
  byPeriod: (number | null)[];
  /** Mean of the periods' percents that exist. */
  annualPercent: number | null;
}

export interface CardPeriod {
  periodId: string;
  name: string;
  /** The period average in percent (coefficients applied), null without any grade. */
  percent: number | null;
  /** On the report's base, two decimals. */
  average: number | null;
  rank: number | null;
}

export interface StudentCard {
  enrollmentId: string;
  studentId: string;
  nom: string;
  prenom: string;
  nisu: string | null;
  dateOfBirth: string | null;
  sexe: string | null;
  subjects: CardSubject[];
  /** The selected period's average in percent. */
  percent: number | null;
  /** The selected period's average on the report's base, two decimals. */
  average: number | null;
  /** Rank in the class for the selected period (ties share it), null without an average. */
  rank: number | null;
  /** Another student has the same rank. */
  tied: boolean;
  /** Every period of the year, in order. */
  periods: CardPeriod[];
  annualPercent: number | null;
  annualAverage: number | null;
  annualRank: number | null;
  /** The council's decision from the annual average, null without any average. */
  decision: Decision | null;
}

export interface ReportCards {
  /** 100 when a subject's max grade is at least 100 points, otherwise 10. */
  base: 100 | 10;
  /** Sum of the subjects' coefficients. */
  totalCoefficient: number;
  /** Students with an average in the selected period: the rank's 'sur N' (`rankedCount`). */
  ranked: number;
  periodName: string;
  cards: StudentCard[];
}

const onReportBase = (percent: number | null, base: number) =>
  percent === null ? null : round2(onBase(percent, base));

/** The cards of a class for one period, in the data's student order. */
export function buildReportCards({ data, periods, periodId, passingGrade, lastClass }: ReportCardsInput): ReportCards {
  const subjects = data.subjects;
  const nSubjects = subjects.length;
  const nPeriods = periods.length;
  const subjectIndex = new Map(subjects.map((s, i) => [s.subject_id, i]));
  const periodIndex = new Map(periods.map((p, i) => [p.id, i]));
  const selected = periodIndex.get(periodId) ?? -1;
  const base = reportBase(subjects.map((s) => s.max_grade));
  const cells = nSubjects * nPeriods;

  const cards: StudentCard[] = data.enrollments.map((enrollment) => {
    // Hundredths of points by (subject, period): sums stay exact.
    const scores = new Float64Array(cells);
    const maxes = new Float64Array(cells);
    const evaluations: CardEvaluation[][] = subjects.map(() => []);
    for (const g of data.gradesByEnrollment[enrollment.id] ?? []) {
      const s = subjectIndex.get(g.subject_id);
      const p = periodIndex.get(g.period_id);
      if (s === undefined || p === undefined) continue;
      const cell = s * nPeriods + p;
      scores[cell]! += toHundredths(g.score);
      maxes[cell]! += toHundredths(g.max_score);
      if (p === selected) evaluations[s]!.push({ name: g.evaluation_name, score: g.score, max: g.max_score });
    }
    const percentAt = (cell: number) => (maxes[cell]! > 0 ? (scores[cell]! / maxes[cell]!) * 100 : null);

    const cardSubjects: CardSubject[] = subjects.map((subject, s) => {
      const byPeriod: (number | null)[] = [];
      for (let p = 0; p < nPeriods; p++) byPeriod.push(percentAt(s * nPeriods + p));
      const percent = selected >= 0 ? (byPeriod[selected] ?? null) : null;
      const cell = s * nPeriods + selected;
      return {
        subjectId: subject.subject_id,
        name: subject.subject_name,
        coefficient: subject.max_grade,
        percent,
        hundredths: percent === null ? null : percentHundredths(scores[cell]!, maxes[cell]!),
        points: percent === null ? null : round2((percent / 100) * subject.max_grade),
        onBase: onReportBase(percent, base),
        band: percent === null ? null : averageBand(percent),
        evaluations: evaluations[s]!,
        byPeriod,
        annualPercent: annualPercent(byPeriod),
      };
    });

    const cardPeriods: CardPeriod[] = periods.map((period, p) => {
      const percent = periodPercent(
        cardSubjects.map((s) => ({ percent: s.byPeriod[p] ?? null, maxGrade: s.coefficient })),
      );
      return { periodId: period.id, name: period.name, percent, average: onReportBase(percent, base), rank: null };
    });
    const annual = annualPercent(cardPeriods.map((p) => p.percent));
    const current = cardPeriods[selected];
    return {
      enrollmentId: enrollment.id,
      studentId: enrollment.student.id,
      nom: enrollment.student.nom,
      prenom: enrollment.student.prenom,
      nisu: enrollment.student.nisu,
      dateOfBirth: enrollment.student.date_of_birth,
      sexe: enrollment.student.sexe,
      subjects: cardSubjects,
      percent: current?.percent ?? null,
      average: current?.average ?? null,
      rank: null,
      tied: false,
      periods: cardPeriods,
      annualPercent: annual,
      annualAverage: onReportBase(annual, base),
      annualRank: null,
      decision: annual === null ? null : decision(annual, passingGrade, lastClass),
    };
  });

  // Ranks of every period (the annual template shows them) and of the year.
  for (let p = 0; p < nPeriods; p++) {
    const rankOf = ranks(new Map(cards.map((c) => [c, c.periods[p]!.percent])));
    for (const card of cards) card.periods[p]!.rank = rankOf.get(card) ?? null;
  }
  const annualRanks = ranks(new Map(cards.map((c) => [c, c.annualPercent])));
  const taken = new Map<number, number>();
  for (const card of cards) {
    card.annualRank = annualRanks.get(card) ?? null;
    card.rank = card.periods[selected]?.rank ?? null;
    if (card.rank !== null) taken.set(card.rank, (taken.get(card.rank) ?? 0) + 1);
  }
  for (const card of cards) card.tied = card.rank !== null && (taken.get(card.rank) ?? 0) > 1;

  return {
    base,
    totalCoefficient: subjects.reduce((sum, s) => sum + s.max_grade, 0),
    ranked: rankedCount(cards.map((c) => c.percent)),
    periodName: periods[selected]?.name ?? '',
    cards,
  };
}

/** The last class of the school's order (its highest order index). */
export const isLastClass = (classes: readonly { name: string; order_index: number }[], className: string): boolean => {
  let last: { name: string; order_index: number } | null = null;
  for (const c of classes) if (!last || c.order_index > last.order_index) last = c;
  return last?.name === className;
};

/** The report card templates (document 2 §2), the default first. */
export const REPORT_TEMPLATES = [
  'default',
  'moderne',
  'classique',
  'formel',
  'annuel',
  'detaille',
  'elegant',
  'creatif',
  'creatif-compact',
  'elegant-compact',
] as const;
export type ReportTemplate = (typeof REPORT_TEMPLATES)[number];
export const isReportTemplate = (value: unknown): value is ReportTemplate =>
  (REPORT_TEMPLATES as readonly unknown[]).includes(value);
