// Evaluations (the grade book's columns). Here for now: what stops a period or a subject from
// being deleted while it holds evaluations.
import { and, eq, type SQL } from 'drizzle-orm';
import { noneNow } from './guards';
import { ofSchool } from './scoped';
import { evaluations } from './schema';

const ofPeriod = (school: string, periodId: string): SQL => and(ofSchool(evaluations, school), eq(evaluations.periodId, periodId))!;
const ofSubject = (school: string, subjectId: string): SQL => and(ofSchool(evaluations, school), eq(evaluations.subjectId, subjectId))!;

/** Guard conditions: still no evaluation in the period / of the subject. */
export const noneInPeriod = (school: string, periodId: string) => noneNow(evaluations, ofPeriod(school, periodId));
export const noneOfSubject = (school: string, subjectId: string) => noneNow(evaluations, ofSubject(school, subjectId));
