// The setup wizard's plan (document 1 §2 "Setup wizard", §5): from the wizard's payload and the
// school's existing classes and subjects, the rows that create a school year with everything in
// it, or the first validation message of the spec. Classes and subjects belong to the school, not
// to a year: a name the school already has (case-insensitive) is reused, not duplicated.
import { adminServerText } from '../contract/texts/admin';
import { parseAmount, toCentimes } from './money';
import { cleanText } from './text';

const YEAR_NAME_PATTERN = /^\d{4}-\d{4}$/;

/**
 * What is wrong with a school year name, or null: not four digits, a dash, four digits
 * ('format'), or a second year that does not follow the first, as in '2031-2030' ('order').
 */
export function yearNameProblem(name: string): 'format' | 'order' | null {
  const value = name.trim();
  if (!YEAR_NAME_PATTERN.test(value)) return 'format';
  const [first, second] = value.split('-').map(Number) as [number, number];
  return second === first + 1 ? null : 'order';
}

/** The wizard's default max grade for a curriculum cell (document 1 §9). */
export const DEFAULT_MAX_GRADE = 100;
/** The highest max grade a programme entry takes. */
export const MAX_GRADE_LIMIT = 10_000;

/**
 * A max grade typed in the wizard or the programme tab: a number from 0 to 10 000 with at most
 * two decimals ('12,5' accepted), or null ('Veuillez entrer un nombre valide.').
 */
export function parseMaxGrade(text: string): number | null {
  const hundredths = parseAmount(text);
  return hundredths === null || hundredths < 0 || hundredths > MAX_GRADE_LIMIT * 100 ? null : hundredths / 100;
}

export interface SetupInput {
  yearName: string;
  periods: string[];
  classes: { name: string; order_index?: number | undefined }[];
  subjects: string[];
  curriculum: { className: string; subjectName: string; maxGrade?: number | undefined }[];
  financials: { className: string; mppa: number | null }[];
}

export interface SetupPlan {
  year: { id: string; name: string };
  periods: { id: string; name: string; position: number }[];
  newClasses: { id: string; name: string; orderIndex: number }[];
  reorderedClasses: { id: string; name: string; orderIndex: number }[];
  newSubjects: { id: string; name: string }[];
  curriculum: { id: string; classId: string; subjectId: string; maxGrade: number }[];
  fees: { classId: string; mppa: number | null }[];
}

export type SetupResult = { ok: true; plan: SetupPlan } | { ok: false; message: string };

const key = (name: string) => cleanText(name).toLocaleLowerCase('fr');

/** The first name that appears twice (case-insensitive), if any. */
function duplicateOf(names: string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(key(name))) return name;
    seen.add(key(name));
  }
  return null;
}

export function planSetup(
  input: SetupInput,
  existing: { classes: { id: string; name: string }[]; subjects: { id: string; name: string }[] },
  newId: () => string,
): SetupResult {
  const t = adminServerText.setup;
  const fail = (message: string): SetupResult => ({ ok: false, message });
  const yearName = input.yearName.trim();
  const yearProblem = yearNameProblem(yearName);
  if (yearProblem) return fail(yearProblem === 'format' ? t.invalidYear : adminServerText.years.notConsecutive);

  const periodNames = input.periods.map((p) => p.trim());
  if (periodNames.some((p) => !p)) return fail(t.periodNames);
  const classNames = input.classes.map((c) => c.name.trim());
  if (classNames.some((c) => !c)) return fail(t.classNames);
  const subjectNames = input.subjects.map((s) => s.trim());
  if (subjectNames.length === 0) return fail(t.subjectRequired);
  if (subjectNames.some((s) => !s)) return fail(t.subjectNames);

  const twicePeriod = duplicateOf(periodNames);
  if (twicePeriod) return fail(t.duplicatePeriod(twicePeriod));
  const twiceClass = duplicateOf(classNames);
  if (twiceClass) return fail(t.duplicateClass(twiceClass));
  const twiceSubject = duplicateOf(subjectNames);
  if (twiceSubject) return fail(t.duplicateSubject(twiceSubject));

  const existingClass = new Map(existing.classes.map((c) => [key(c.name), c]));
  const existingSubject = new Map(existing.subjects.map((s) => [key(s.name), s]));
  const newClasses: SetupPlan['newClasses'] = [];
  const reorderedClasses: SetupPlan['reorderedClasses'] = [];
  const classId = new Map<string, string>();
  input.classes.forEach((c, i) => {
    const name = classNames[i]!;
    const orderIndex = c.order_index ?? i + 1;
    const found = existingClass.get(key(name));
    if (found) reorderedClasses.push({ id: found.id, name: found.name, orderIndex });
    else newClasses.push({ id: newId(), name, orderIndex });
    classId.set(key(name), found?.id ?? newClasses[newClasses.length - 1]!.id);
  });
  const newSubjects: SetupPlan['newSubjects'] = [];
  const subjectId = new Map<string, string>();
  for (const name of subjectNames) {
    const found = existingSubject.get(key(name));
    if (!found) newSubjects.push({ id: newId(), name });
    subjectId.set(key(name), found?.id ?? newSubjects[newSubjects.length - 1]!.id);
  }

  const cells = new Map<string, SetupPlan['curriculum'][number]>();
  for (const cell of input.curriculum) {
    const cId = classId.get(key(cell.className));
    if (!cId) return fail(t.unknownClass(cell.className));
    const sId = subjectId.get(key(cell.subjectName));
    if (!sId) return fail(t.unknownSubject(cell.subjectName));
    const maxGrade = cell.maxGrade ?? DEFAULT_MAX_GRADE;
    if (!Number.isFinite(maxGrade) || maxGrade < 0) return fail(adminServerText.curriculum.invalidMaxGrade);
    // A cell named twice keeps its last max grade.
    cells.set(`${cId}/${sId}`, {
      id: cells.get(`${cId}/${sId}`)?.id ?? newId(),
      classId: cId,
      subjectId: sId,
      maxGrade: Math.round(maxGrade * 100),
    });
  }

  const fees = new Map<string, number | null>();
  for (const fee of input.financials) {
    const cId = classId.get(key(fee.className));
    if (!cId) return fail(t.unknownClass(fee.className));
    if (fee.mppa !== null && (!Number.isFinite(fee.mppa) || fee.mppa < 0))
      return fail(adminServerText.fees.invalidAmount);
    fees.set(cId, fee.mppa === null ? null : toCentimes(fee.mppa));
  }

  return {
    ok: true,
    plan: {
      year: { id: newId(), name: yearName },
      periods: periodNames.map((name, position) => ({ id: newId(), name, position })),
      newClasses,
      reorderedClasses,
      newSubjects,
      curriculum: [...cells.values()],
      fees: [...fees].map(([classId, mppa]) => ({ classId, mppa })),
    },
  };
}
