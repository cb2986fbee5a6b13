// What the lines of an enrolment's finance sheet, its payments and its adjustments, are replaced
// and checked by alike (each table's module, payments.ts and adjustments.ts, owns its writes).
import { and, eq, not } from 'drizzle-orm';
import type { Db } from './client';
import type { adjustments, payments } from './schema';
import { amongIds, ofSchool } from './scoped';

type SheetLines = typeof payments | typeof adjustments;

/** The enrolment's lines of the table. */
export const linesOf = (table: SheetLines, school: string, enrollmentId: string) =>
  and(ofSchool(table, school), eq(table.enrollmentId, enrollmentId))!;

/**
 * Which of `ids` a line of another enrolment holds, in this school or another (ids are the
 * table's key): a client's id for a new line must not be one of them (one statement, any count).
 */
export const idsHeldElsewhere = (
  db: Db,
  table: SheetLines,
  school: string,
  enrollmentId: string,
  ids: readonly string[],
) =>
  db
    .select({ id: table.id })
    .from(table)
    .where(and(amongIds(table.id, ids), not(linesOf(table, school, enrollmentId))));
