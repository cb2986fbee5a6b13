// The promotion's rules (issue 16; document 2 §2 'Promotion tool', §4 'Promotion'; product
// decision 'Promotion'; decision 172). Pure: the route reads, this decides, the route writes.
// - The target year is the next year by name: 2025-2026 -> 2026-2027.
// - Each class maps to the next class in the school's order; the last maps to none (graduation).
// - A student is admitted when their annual average (the mean of the period averages that exist,
//   computed exactly as the report cards compute it) reaches the school's passing grade, failed
//   otherwise. A student without any grade is 'Sans notes' (issue 38): never decided by default,
//   left out of the execution unless the director chooses an outcome in the simulation.
// - Admitted: next class (or graduated from the last class); failed: the same class again.
import type { ReportData } from '../contract/grades';
import { decision, reportBase } from './grades';
import { buildReportCards, type ReportPeriod } from './report-cards';

export type Outcome = 'admitted' | 'failed';
/** What the grades say: an outcome, or no grade at all. */
export type Computed = Outcome | 'ungraded';

export interface PromotionClass {
  id: string;
  name: string;
}

/** 2025-2026 -> 2026-2027; null for a name that is not two consecutive years. */
export function nextYearName(name: string): string | null {
  const m = /^(\d{4})-(\d{4})$/.exec(name);
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]);
  if (end !== start + 1) return null;
  return `${end}-${end + 1}`;
}

/**
 * Each class (in the school's order) to the next one; the last to null (graduation). A
 * `promotionMap` entry (class id -> class id or null) replaces the default for its class; ids
 * that are not the school's classes are refused (the answer is the faulty id).
 */
export function classTargets(
  classes: readonly PromotionClass[],
  promotionMap: Readonly<Record<string, string | null>> = {},
): { targets: Map<string, string | null>; unknown: string | null } {
  const ids = new Set(classes.map((c) => c.id));
  const targets = new Map<string, string | null>();
  classes.forEach((c, i) => targets.set(c.id, classes[i + 1]?.id ?? null));
  for (const [from, to] of Object.entries(promotionMap)) {
    if (!ids.has(from)) return { targets, unknown: from };
    if (to !== null && !ids.has(to)) return { targets, unknown: to };
    targets.set(from, to);
  }
  return { targets, unknown: null };
}

export interface StudentResult {
  studentId: string;
  nom: string;
  prenom: string;
  /** Annual average in percent, null without any grade. */
  percent: number | null;
  /** The same on the report cards' base (100 or 10), two decimals. */
  average: number | null;
  /** The outcome the grades give ('ungraded' without any grade). */
  computed: Computed;
  /** The outcome applied: the computed one unless overridden ('ungraded': left where they are). */
  outcome: Computed;
  overridden: boolean;
}

/** The outcome of an annual average (percent; decided on the two decimals shown, as the cards do); 'ungraded' without one. */
export function outcomeOf(percent: number | null, passingGrade: number): Computed {
  if (percent === null) return 'ungraded';
  return decision(percent, passingGrade, false) === 'repeat' ? 'failed' : 'admitted';
}

/** The annual results of one class's students, as its report cards give them. */
export function classResults(
  data: ReportData,
  periods: readonly ReportPeriod[],
  passingGrade: number,
  overrides: Readonly<Record<string, Outcome>> = {},
): StudentResult[] {
  const cards = buildReportCards({ data, periods, periodId: periods[0]?.id ?? '', passingGrade, lastClass: false });
  return cards.cards.map((card) => {
    const computed = outcomeOf(card.annualPercent, passingGrade);
    const forced = overrides[card.studentId];
    return {
      studentId: card.studentId,
      nom: card.nom,
      prenom: card.prenom,
      percent: card.annualPercent,
      average: card.annualAverage,
      computed,
      outcome: forced ?? computed,
      overridden: forced !== undefined && forced !== computed,
    };
  });
}

/** The base (100 or 10) a class's averages are shown on, as on its report cards. */
export const classBase = (data: ReportData): 100 | 10 => reportBase(data.subjects.map((s) => s.max_grade));

/** Where a student goes: a class id of the target year, null when they graduate, undefined when they stay out ('Sans notes'). */
export const destination = (outcome: Computed, classId: string, target: string | null): string | null | undefined =>
  outcome === 'ungraded' ? undefined : outcome === 'admitted' ? target : classId;
