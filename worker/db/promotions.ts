// The promotion's reads and writes (decision 172): the source year's students with their account,
// the target year's enrolled students, the run record and what it wrote, and the undo of the
// latest run, all as statements and guard conditions for one batch each.
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { chunk, insertChunks } from './chunks';
import type { Db } from './client';
import { noGradeOf } from './grades';
import { existsNow, noneNow } from './guards';
import { along, byId, ofSchool, type SchoolTable } from './scoped';
import { enrollments, payments, promotionRunItems, promotionRuns, schoolYears, students, users } from './schema';
import { aliased, leftJoined } from './batch-columns';

type ItemKind = (typeof promotionRunItems.$inferInsert)['kind'];

/** The active students enrolled in a year, with their class and their portal account, if any. */
export const selectYearStudents = (db: Db, school: string, yearId: string) =>
  db
    .select({
      student_id: aliased(students.id, 'student_id'),
      class_id: enrollments.classId,
      user_id: leftJoined(users.id, 'user_id'),
      user_status: users.status,
    })
    .from(enrollments)
    .innerJoin(students, along(students, enrollments, enrollments.studentId))
    .leftJoin(users, along(students, users, users.studentId))
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId), eq(students.status, 'active')));

/** The students already enrolled in a year. */
export const selectEnrolledStudentIds = (db: Db, school: string, yearId: string) =>
  db
    .select({ student_id: enrollments.studentId })
    .from(enrollments)
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId)));

/** Guards: none of these students is enrolled in the year yet (one condition per chunk of ids). */
export const noneEnrolled = (school: string, yearId: string, studentIds: readonly string[]) =>
  chunk(studentIds).map((part) =>
    noneNow(
      enrollments,
      and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId), inArray(enrollments.studentId, part))!,
    ),
  );

/**
 * Guards: these students' enrolments of the year are all still in this class (one condition per
 * chunk of ids): a student moved to another class after the plan read them is not promoted from
 * the class they left.
 */
export const stillInClass = (school: string, yearId: string, classId: string, studentIds: readonly string[]) =>
  chunk(studentIds).map((part) =>
    noneNow(
      enrollments,
      and(
        ofSchool(enrollments, school),
        eq(enrollments.yearId, yearId),
        inArray(enrollments.studentId, part),
        ne(enrollments.classId, classId),
      )!,
    ),
  );

export interface NewRun {
  id: string;
  sourceYearId: string;
  targetYearId: string;
  createdBy: string;
  items: { kind: ItemKind; refId: string; previous?: string | null }[];
}

/** The run (numbered after the school's latest) and the rows it wrote. */
export const insertRun = (db: Db, school: string, run: NewRun) => [
  db.insert(promotionRuns).values({
    id: run.id,
    instanceId: school,
    sourceYearId: run.sourceYearId,
    targetYearId: run.targetYearId,
    createdBy: run.createdBy,
    seq: sql`(SELECT COALESCE(MAX(${promotionRuns.seq}), 0) + 1 FROM ${promotionRuns} WHERE ${promotionRuns.instanceId} = ${school})`,
  }),
  ...insertChunks(
    db,
    promotionRunItems,
    run.items.map((i) => ({
      instanceId: school,
      runId: run.id,
      kind: i.kind,
      refId: i.refId,
      previous: i.previous ?? null,
    })),
  ),
];

/** Archives the graduates (only those still active). */
export const archiveStudents = (db: Db, school: string, ids: readonly string[]) =>
  chunk(ids).map((part) =>
    db
      .update(students)
      .set({ status: 'archived', updatedAt: new Date().toISOString() })
      .where(and(ofSchool(students, school), inArray(students.id, part), eq(students.status, 'active'))),
  );

/** Disables accounts and ends their sessions. */
export const disableAccounts = (db: Db, school: string, ids: readonly string[]) =>
  chunk(ids).map((part) =>
    db
      .update(users)
      .set({ status: 'disabled', tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(ofSchool(users, school), inArray(users.id, part))),
  );

// ------------------------------------------------------------------------------- the latest run

/** The school's latest run not undone, with its years' names and what it did. */
export async function findLatestRun(db: Db, school: string) {
  const run = await db
    .select({
      id: promotionRuns.id,
      seq: promotionRuns.seq,
      target_year_id: promotionRuns.targetYearId,
      source_year: sql<string>`(SELECT ${schoolYears.name} FROM ${schoolYears} WHERE ${schoolYears.instanceId} = ${promotionRuns.instanceId} AND ${schoolYears.id} = ${promotionRuns.sourceYearId})`,
      target_year: sql<string>`(SELECT ${schoolYears.name} FROM ${schoolYears} WHERE ${schoolYears.instanceId} = ${promotionRuns.instanceId} AND ${schoolYears.id} = ${promotionRuns.targetYearId})`,
      created_by: promotionRuns.createdBy,
      created_at: promotionRuns.createdAt,
      undone_at: promotionRuns.undoneAt,
      enrolled: sql<number>`(SELECT COUNT(*) FROM ${promotionRunItems} WHERE ${promotionRunItems.instanceId} = ${promotionRuns.instanceId} AND ${promotionRunItems.runId} = ${promotionRuns.id} AND ${promotionRunItems.kind} = 'enrollment')`,
      graduated: sql<number>`(SELECT COUNT(*) FROM ${promotionRunItems} WHERE ${promotionRunItems.instanceId} = ${promotionRuns.instanceId} AND ${promotionRunItems.runId} = ${promotionRuns.id} AND ${promotionRunItems.kind} = 'graduate')`,
    })
    .from(promotionRuns)
    .where(ofSchool(promotionRuns, school))
    .orderBy(desc(promotionRuns.seq))
    .limit(1)
    .get();
  return run && run.undone_at === null ? run : undefined;
}

const itemsOf = (db: Db, school: string, runId: string, kind: ItemKind) =>
  db
    .select({ id: promotionRunItems.refId })
    .from(promotionRunItems)
    .where(
      and(ofSchool(promotionRunItems, school), eq(promotionRunItems.runId, runId), eq(promotionRunItems.kind, kind)),
    );

/**
 * The rows a run wrote or changed: the school's rows of `table` whose `column` one of the run's
 * items of a kind names, with any further conditions.
 */
const ofRun =
  (db: Db, school: string, runId: string) =>
  (kind: ItemKind, table: SchoolTable, column: SQLiteColumn, ...also: SQL[]): SQL =>
    and(ofSchool(table, school), inArray(column, itemsOf(db, school, runId, kind)), ...also)!;

/** Guard: the run is still the school's latest and not undone. */
export const runIsLatest = (school: string, runId: string) =>
  existsNow(
    promotionRuns,
    and(
      byId(promotionRuns, school, runId),
      isNull(promotionRuns.undoneAt),
      sql`${promotionRuns.seq} = (SELECT MAX(p2.seq) FROM ${promotionRuns} AS p2 WHERE p2.instance_id = ${school})`,
    )!,
  );

/** Guard: no payment and no grade on the enrolments the run made. */
export const runUntouched = (db: Db, school: string, runId: string) =>
  and(
    noneNow(payments, ofRun(db, school, runId)('enrollment', payments, payments.enrollmentId)),
    noGradeOf(school, itemsOf(db, school, runId, 'enrollment')),
  )!;

/** The undo: the run's enrolments removed, its graduates active again, their accounts as they were. */
export const undoRun = (db: Db, school: string, runId: string) => {
  const ofThisRun = ofRun(db, school, runId);
  return [
    db.delete(enrollments).where(ofThisRun('enrollment', enrollments, enrollments.id)),
    db
      .update(students)
      .set({ status: 'active', updatedAt: new Date().toISOString() })
      .where(ofThisRun('graduate', students, students.id, eq(students.status, 'archived'))),
    db
      .update(users)
      .set({
        status: sql`(SELECT i.previous FROM ${promotionRunItems} AS i WHERE i.instance_id = ${school} AND i.run_id = ${runId} AND i.kind = 'account' AND i.ref_id = ${users.id})`,
      })
      .where(ofThisRun('account', users, users.id, eq(users.status, 'disabled'))),
    db
      .update(promotionRuns)
      .set({ undoneAt: new Date().toISOString() })
      .where(byId(promotionRuns, school, runId)),
  ];
};
