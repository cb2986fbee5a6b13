// Enrolments: a student in a class for a year, with the money of the year (document 2 §3, §4,
// §7). The reads that return enrolments live here (the class roster with its money, one finance
// sheet, the financial report), and so do the writes of an enrolment's sheet, composed from the
// payments', adjustments' and receipt counter's owners. Amounts are integer centimes; the routes
// turn them into the API's decimals.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import type { Sheet, SheetAdjustment, SheetPayment } from '../domain/finance-sheet';
import { compareNames } from '../domain/text';
import { idsHeldElsewhere as adjustmentIdsHeldElsewhere, replaceAdjustments } from './adjustments';
import { chunk, IDS_PER_STATEMENT, insertChunks, selectByIds } from './chunks';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import * as instances from './instances';
import { idsHeldElsewhere as paymentIdsHeldElsewhere, insertPayment, replacePayments } from './payments';
import { byId, ofSchool } from './scoped';
import { adjustments, classes, classFees, enrollments, payments, schoolYears, students, users } from './schema';
import { studentSearchCondition } from './students';

export type NewEnrollment = typeof enrollments.$inferInsert & { id: string };

const ofClass = (school: string, classId: string): SQL =>
  and(ofSchool(enrollments, school), eq(enrollments.classId, classId))!;
const inClassYear = (school: string, yearId: string, classId: string) =>
  and(ofClass(school, classId), eq(enrollments.yearId, yearId))!;
const classOfEnrollment = and(eq(classes.instanceId, enrollments.instanceId), eq(classes.id, enrollments.classId));
const studentOfEnrollment = and(
  eq(students.instanceId, enrollments.instanceId),
  eq(students.id, enrollments.studentId),
);
const yearOfEnrollment = and(
  eq(schoolYears.instanceId, enrollments.instanceId),
  eq(schoolYears.id, enrollments.yearId),
);

// ------------------------------------------------------------------------ the register's writes

/** A guard condition: no enrolment in the class, of any year, past or present. */
export const noneInClass = (school: string, classId: string) => noneNow(enrollments, ofClass(school, classId));

/** An enrolment with its class (the register row's enrolment). */
export const findEnrollment = (db: Db, school: string, id: string) =>
  db
    .select({
      id: enrollments.id,
      studentId: enrollments.studentId,
      yearId: enrollments.yearId,
      classId: enrollments.classId,
      className: classes.name,
      mppa: enrollments.mppa,
    })
    .from(enrollments)
    .innerJoin(classes, and(eq(classes.instanceId, enrollments.instanceId), eq(classes.id, enrollments.classId)))
    .where(byId(enrollments, school, id))
    .get();

/** The year and class of the enrolments among `ids` (at most IDS_PER_STATEMENT of them): batchable. */
export const selectPlaces = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select({ id: enrollments.id, year_id: enrollments.yearId, class_id: enrollments.classId })
    .from(enrollments)
    .where(and(ofSchool(enrollments, school), inArray(enrollments.id, [...ids])));

/** Enrolments among `ids` with their student's name and their class. */
export const enrollmentsByIds = (db: Db, school: string, ids: readonly string[]) =>
  selectByIds(db, ids, (part) =>
    db
      .select({
        id: enrollments.id,
        yearId: enrollments.yearId,
        classId: enrollments.classId,
        className: classes.name,
        nom: students.nom,
        prenom: students.prenom,
      })
      .from(enrollments)
      .innerJoin(classes, classOfEnrollment)
      .innerJoin(students, studentOfEnrollment)
      .where(and(ofSchool(enrollments, school), inArray(enrollments.id, part))),
  );

/** A guard condition: the enrolment's base MPPA is still the amount read. */
export const mppaStillIs = (school: string, id: string, mppa: number) =>
  existsNow(enrollments, and(byId(enrollments, school, id), eq(enrollments.mppa, mppa))!);

export const insertEnrollments = (db: Db, rows: NewEnrollment[]) => insertChunks(db, enrollments, rows);

export const updateMppa = (db: Db, school: string, id: string, mppa: number) =>
  db
    .update(enrollments)
    .set({ mppa })
    .where(byId(enrollments, school, id));

/**
 * Moves enrolments to another class. An enrolment whose MPPA is still its old class's fee for
 * the year follows the fee of the new class (when that class has one); an amount set by hand is
 * kept.
 */
export function moveEnrollments(db: Db, school: string, ids: readonly string[], targetClassId: string) {
  const feeOf = (classId: SQL | string) =>
    sql`(SELECT ${classFees.mppa} FROM ${classFees} WHERE ${classFees.instanceId} = ${enrollments.instanceId} AND ${classFees.yearId} = ${enrollments.yearId} AND ${classFees.classId} = ${classId})`;
  return chunk(ids, IDS_PER_STATEMENT - 2).map((part) =>
    db
      .update(enrollments)
      .set({
        classId: targetClassId,
        mppa: sql`CASE WHEN ${enrollments.mppa} = ${feeOf(sql`${enrollments.classId}`)} THEN COALESCE(${feeOf(targetClassId)}, ${enrollments.mppa}) ELSE ${enrollments.mppa} END`,
      })
      .where(and(ofSchool(enrollments, school), inArray(enrollments.id, part))),
  );
}

// ------------------------------------------------------------------------- finance sheets

export interface FinanceRecord extends Sheet {
  id: string;
  studentId: string;
  yearId: string;
  yearName: string;
  className: string;
  gradesAccessEnabled: boolean;
  /** Moves by one with every write to the money (the API's `version`). */
  revision: number;
  student: { nom: string; prenom: string; nisu: string | null };
}

const lineOf = (table: typeof payments | typeof adjustments) =>
  and(eq(enrollments.instanceId, table.instanceId), eq(enrollments.id, table.enrollmentId));

/** The three reads of enrolments with their student, class, year, payments and adjustments. */
function financeQueries(db: Db, where: SQL) {
  return [
    db
      .select({
        id: enrollments.id,
        studentId: enrollments.studentId,
        yearId: enrollments.yearId,
        // Aliased: D1 answers a batch as objects keyed by column name, and two `name` columns collide.
        yearName: sql<string>`${schoolYears.name}`.as('year_name'),
        className: sql<string>`${classes.name}`.as('class_name'),
        mppa: enrollments.mppa,
        gradesAccessEnabled: enrollments.gradesAccessEnabled,
        revision: enrollments.revision,
        nom: students.nom,
        prenom: students.prenom,
        nisu: students.nisu,
      })
      .from(enrollments)
      .innerJoin(students, studentOfEnrollment)
      .innerJoin(classes, classOfEnrollment)
      .innerJoin(schoolYears, yearOfEnrollment)
      .where(where),
    db
      .select({
        enrollmentId: payments.enrollmentId,
        id: payments.id,
        date: payments.date,
        label: payments.label,
        amount: payments.amount,
        receiptNo: payments.receiptNo,
        recordedBy: payments.recordedBy,
      })
      .from(payments)
      .innerJoin(enrollments, lineOf(payments))
      .where(where)
      .orderBy(asc(payments.position), asc(payments.receiptNo)),
    db
      .select({
        enrollmentId: adjustments.enrollmentId,
        id: adjustments.id,
        label: adjustments.label,
        amount: adjustments.amount,
      })
      .from(adjustments)
      .innerJoin(enrollments, lineOf(adjustments))
      .where(where)
      .orderBy(asc(adjustments.position)),
  ] as const;
}

type EnrollmentRow = Omit<FinanceRecord, 'student' | 'payments' | 'adjustments'> & FinanceRecord['student'];
type FinanceRows = readonly [
  EnrollmentRow[],
  (SheetPayment & { enrollmentId: string })[],
  (SheetAdjustment & { enrollmentId: string })[],
];

function financeRecordsOf([rows, paymentRows, adjustmentRows]: FinanceRows): FinanceRecord[] {
  const byEnrollment = new Map<string, FinanceRecord>();
  for (const { nom, prenom, nisu, ...r } of rows)
    byEnrollment.set(r.id, { ...r, student: { nom, prenom, nisu }, payments: [], adjustments: [] });
  for (const { enrollmentId, ...line } of paymentRows) byEnrollment.get(enrollmentId)?.payments.push(line);
  for (const { enrollmentId, ...line } of adjustmentRows) byEnrollment.get(enrollmentId)?.adjustments.push(line);
  return [...byEnrollment.values()];
}

/** The enrolled students of a class for a year with their money, by last then first name (one round trip). */
export async function classRoster(db: Db, school: string, yearId: string, classId: string) {
  const records = financeRecordsOf(await db.batch(financeQueries(db, inClassYear(school, yearId, classId))));
  return records.sort(
    (a, b) => compareNames(a.student.nom, b.student.nom) || compareNames(a.student.prenom, b.student.prenom),
  );
}

/** One enrolment's finance sheet, or null when the school has no such enrolment. */
export async function financeRecord(db: Db, school: string, enrollmentId: string) {
  const [record] = financeRecordsOf(await db.batch(financeQueries(db, byId(enrollments, school, enrollmentId))));
  return record ?? null;
}

/**
 * One enrolment's sheet and the school's receipt counter, read together before a write (one round
 * trip), with which of the client's line ids another enrolment's line holds, in any school (`taken`:
 * such an id is replaced by a fresh one, never refused, so nobody learns it exists elsewhere).
 */
export async function sheetForWrite(db: Db, school: string, enrollmentId: string, clientIds: readonly string[] = []) {
  const [rows, paymentRows, adjustmentRows, counter, paymentsElsewhere, adjustmentsElsewhere] = await db.batch([
    ...financeQueries(db, byId(enrollments, school, enrollmentId)),
    instances.selectReceiptSeq(db, school),
    paymentIdsHeldElsewhere(db, school, enrollmentId, clientIds),
    adjustmentIdsHeldElsewhere(db, school, enrollmentId, clientIds),
  ]);
  const [record] = financeRecordsOf([rows, paymentRows, adjustmentRows]);
  const taken = new Set([...paymentsElsewhere, ...adjustmentsElsewhere].map((r) => r.id));
  return record ? { record, receiptSeq: counter[0]?.receiptSeq ?? 0, taken } : null;
}

/** What a write read: the enrolment at its revision, the school's counter at its value. */
export interface WriteBase {
  revision: number;
  receiptSeq: number;
}

/** Guard condition: the enrolment is still at the revision read. */
export const revisionStillIs = (school: string, enrollmentId: string, revision: number): SQL =>
  existsNow(enrollments, and(byId(enrollments, school, enrollmentId), eq(enrollments.revision, revision))!);

/**
 * The guard conditions of a write of one enrolment's money: nobody moved the enrolment's revision
 * nor (when it issues receipts) the school's receipt counter since they were read. Otherwise the
 * whole batch rolls back, so no payment is lost and no receipt number is burnt.
 */
export const sheetUnchanged = (school: string, enrollmentId: string, base: WriteBase, receiptSeq: number): SQL[] => [
  revisionStillIs(school, enrollmentId, base.revision),
  ...(receiptSeq === base.receiptSeq ? [] : [instances.receiptSeqStillIs(school, base.receiptSeq)]),
];

/** The write's statements with the counter moved and the revision moved by exactly one. */
function advanced(
  db: Db,
  school: string,
  enrollmentId: string,
  base: WriteBase,
  receiptSeq: number,
  body: BatchItem<'sqlite'>[],
  mppa: number | null,
) {
  return [
    ...(receiptSeq === base.receiptSeq ? [] : [instances.setReceiptSeq(db, school, receiptSeq)]),
    ...body,
    db
      .update(enrollments)
      .set({ revision: base.revision + 1, ...(mppa === null ? {} : { mppa }) })
      .where(byId(enrollments, school, enrollmentId)),
  ];
}

export interface SheetWrite {
  /** The new base MPPA, or null to keep it. */
  mppa: number | null;
  payments: SheetPayment[];
  adjustments: SheetAdjustment[];
  /** The school's receipt counter after the write. */
  receiptSeq: number;
}

/** The statements that replace an enrolment's payments and adjustments (the ledger edit); guard them with `sheetUnchanged`. */
export function replaceSheetStatements(
  db: Db,
  school: string,
  enrollmentId: string,
  base: WriteBase,
  write: SheetWrite,
) {
  const lines = [
    ...replacePayments(db, school, enrollmentId, write.payments),
    ...replaceAdjustments(db, school, enrollmentId, write.adjustments),
  ];
  return advanced(db, school, enrollmentId, base, write.receiptSeq, lines, write.mppa);
}

/** The statements that add one payment at the end of an enrolment's sheet; guard them with `sheetUnchanged`. */
export function addPaymentStatements(
  db: Db,
  school: string,
  enrollmentId: string,
  base: WriteBase,
  payment: SheetPayment,
  position: number,
) {
  if (payment.receiptNo === null) throw new RangeError('receipt');
  return advanced(
    db,
    school,
    enrollmentId,
    base,
    payment.receiptNo,
    [insertPayment(db, school, enrollmentId, payment, position)],
    null,
  );
}

// --------------------------------------------------------------------------- grades access

export const setGradesAccess = (db: Db, school: string, enrollmentId: string, enabled: boolean) =>
  db
    .update(enrollments)
    .set({ gradesAccessEnabled: enabled })
    .where(byId(enrollments, school, enrollmentId));

export const setClassGradesAccess = (db: Db, school: string, yearId: string, classId: string, enabled: boolean) =>
  db
    .update(enrollments)
    .set({ gradesAccessEnabled: enabled })
    .where(inClassYear(school, yearId, classId));

export async function countClassEnrollments(db: Db, school: string, yearId: string, classId: string) {
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(enrollments)
    .where(inClassYear(school, yearId, classId))
    .get();
  return row?.count ?? 0;
}

/** Whether a student account's enrolment of a year (the current year when null) opens its grades. */
export async function gradesAccessOfStudentUser(db: Db, school: string, userId: string, yearId: string | null) {
  const row = await db
    .select({ enabled: enrollments.gradesAccessEnabled })
    .from(users)
    .innerJoin(
      enrollments,
      and(eq(enrollments.instanceId, users.instanceId), eq(enrollments.studentId, users.studentId)),
    )
    .innerJoin(schoolYears, yearOfEnrollment)
    .where(and(byId(users, school, userId), yearId ? eq(enrollments.yearId, yearId) : eq(schoolYears.isCurrent, true)))
    .get();
  return row?.enabled ?? false;
}

// ------------------------------------------------------------------------------- the report

export interface ReportFilters {
  /** null = every year. */
  yearId: string | null;
  /** null = every class; [] = none. */
  classNames: string[] | null;
  balance: 'all' | 'zero' | 'nonzero';
  /** Exact base MPPA in centimes, or null. */
  mppa: number | null;
  /** Words of the student's name, or null. */
  search: string | null;
  page: number;
  limit: number;
}

const reportRow = z.object({
  id: z.string(),
  prenom: z.string(),
  nom: z.string(),
  year_name: z.string(),
  class_name: z.string(),
  mppa: z.number(),
  adjusted: z.number(),
  paid: z.number(),
});
const reportTotals = z.object({ count: z.number(), adjusted: z.number(), paid: z.number() });
const className = z.object({ name: z.string() });

/** Raw reads in one D1 round trip (drizzle's batch cannot bind parameters of raw SQL). */
async function readBatch(db: Db, queries: SQL[]): Promise<unknown[][]> {
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch(statements);
  return results.map((r) => r.results);
}

/**
 * The financial report: one page of enrolments and the totals over the whole filtered set,
 * both computed by SQLite over integer centimes, plus the school's classes for the filter.
 */
export async function financialReport(db: Db, school: string, f: ReportFilters) {
  const conditions: SQL[] = [sql`e.instance_id = ${school}`];
  if (f.yearId) conditions.push(sql`e.year_id = ${f.yearId}`);
  if (f.classNames) {
    conditions.push(sql`c.name COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(f.classNames)}))`);
  }
  if (f.mppa !== null) conditions.push(sql`e.mppa = ${f.mppa}`);
  // The one student search rule and the folded names (db/students.ts), as in the student list.
  const search = f.search
    ? studentSearchCondition(f.search, { nomKey: sql`s.nom_key`, prenomKey: sql`s.prenom_key`, nisu: sql`s.nisu` })
    : null;
  if (search) conditions.push(search);
  const balance =
    f.balance === 'zero' ? sql`WHERE adjusted = paid` : f.balance === 'nonzero' ? sql`WHERE adjusted <> paid` : sql``;
  const filtered = sql`WITH base AS (
      SELECT e.id, s.prenom, s.nom, s.nom_key, s.prenom_key, y.name AS year_name, c.name AS class_name, c.order_index, e.mppa,
        e.mppa + COALESCE((SELECT SUM(a.amount) FROM adjustments a WHERE a.instance_id = e.instance_id AND a.enrollment_id = e.id), 0) AS adjusted,
        COALESCE((SELECT SUM(p.amount) FROM payments p WHERE p.instance_id = e.instance_id AND p.enrollment_id = e.id), 0) AS paid
      FROM enrollments e
      JOIN students s ON s.instance_id = e.instance_id AND s.id = e.student_id
      JOIN classes c ON c.instance_id = e.instance_id AND c.id = e.class_id
      JOIN school_years y ON y.instance_id = e.instance_id AND y.id = e.year_id
      WHERE ${sql.join(conditions, sql` AND `)}
    ), matching AS (SELECT * FROM base ${balance})`;
  const [rows, totals, classList] = await readBatch(db, [
    sql`${filtered}
      SELECT id, prenom, nom, year_name, class_name, mppa, adjusted, paid FROM matching
      ORDER BY year_name DESC, order_index, nom_key, prenom_key, id
      LIMIT ${f.limit} OFFSET ${(f.page - 1) * f.limit}`,
    sql`${filtered}
      SELECT COUNT(*) AS count, COALESCE(SUM(adjusted), 0) AS adjusted, COALESCE(SUM(paid), 0) AS paid FROM matching`,
    sql`SELECT name FROM classes WHERE instance_id = ${school} ORDER BY order_index, name`,
  ]);
  const sums = reportTotals.parse(totals?.[0]);
  return {
    rows: z.array(reportRow).parse(rows),
    total: sums.count,
    adjusted: sums.adjusted,
    paid: sums.paid,
    classes: z
      .array(className)
      .parse(classList)
      .map((c) => c.name),
  };
}

/**
 * The students of a class for a year (enrolment and student ids, names), for a roll call: one
 * query (ids aliased: a batch answers rows by column name).
 */
export const selectClassList = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      enrollment_id: sql<string>`${enrollments.id}`.as('enrollment_id'),
      student_id: sql<string>`${students.id}`.as('student_id'),
      nom: students.nom,
      prenom: students.prenom,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(inClassYear(school, yearId, classId));

/** A student's enrolment of a year, if any. */
export const findEnrollmentOfStudent = (db: Db, school: string, studentId: string, yearId: string) =>
  db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(ofSchool(enrollments, school), eq(enrollments.studentId, studentId), eq(enrollments.yearId, yearId)))
    .get();

/** The students of a class for a year with what a report card prints of them (ids aliased for batches). */
export const selectReportStudents = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      enrollment_id: sql<string>`${enrollments.id}`.as('enrollment_id'),
      student_id: sql<string>`${students.id}`.as('student_id'),
      nom: students.nom,
      prenom: students.prenom,
      nisu: students.nisu,
      date_of_birth: students.dateOfBirth,
      sexe: students.sexe,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .where(inClassYear(school, yearId, classId));

/** An enrolment with its year and class (a grade names only the enrolment). */
export const findEnrollmentPlace = (db: Db, school: string, id: string) =>
  db
    .select({ id: enrollments.id, yearId: enrollments.yearId, classId: enrollments.classId })
    .from(enrollments)
    .where(byId(enrollments, school, id))
    .get();

/** The class of an enrolment, as a scalar subquery (null when there is no such enrolment). */
export const classIdOfEnrollment = (school: string, id: string): SQL =>
  sql`(SELECT ${enrollments.classId} FROM ${enrollments} WHERE ${byId(enrollments, school, id)})`;

/** Guard: the enrolment still exists. */
export const enrollmentStillExists = (school: string, id: string) =>
  existsNow(enrollments, byId(enrollments, school, id));

/**
 * The student the portal shows (a student account's own, or the one an admin names) with their
 * enrolment of the current year, if any: one query.
 */
export const findPortalStudent = (db: Db, school: string, who: { userId: string } | { studentId: string }) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      nisu: students.nisu,
      date_of_birth: students.dateOfBirth,
      sexe: students.sexe,
      enrollment_id: sql<string | null>`${enrollments.id}`.as('enrollment_id'),
      year_id: sql<string | null>`${schoolYears.id}`.as('year_id'),
      year_name: sql<string | null>`${schoolYears.name}`.as('year_name'),
      class_id: sql<string | null>`${classes.id}`.as('class_id'),
      class_name: sql<string | null>`${classes.name}`.as('class_name'),
      class_order: classes.orderIndex,
      grades_access_enabled: enrollments.gradesAccessEnabled,
    })
    .from(students)
    .leftJoin(schoolYears, and(eq(schoolYears.instanceId, students.instanceId), eq(schoolYears.isCurrent, true)))
    .leftJoin(
      enrollments,
      and(
        eq(enrollments.instanceId, students.instanceId),
        eq(enrollments.studentId, students.id),
        eq(enrollments.yearId, schoolYears.id),
      ),
    )
    .leftJoin(classes, classOfEnrollment)
    .where(
      'userId' in who
        ? and(
            eq(students.instanceId, school),
            inArray(
              students.id,
              db
                .select({ id: users.studentId })
                .from(users)
                .where(byId(users, school, who.userId)),
            ),
          )
        : byId(students, school, who.studentId),
    )
    .get();

/** The enrolled students of a year with their class and their portal account, if any (one query). */
export const selectPortalAccounts = (db: Db, school: string, yearId: string) =>
  db
    .select({
      student_id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      class_name: sql<string>`${classes.name}`.as('class_name'),
      class_order: classes.orderIndex,
      user_id: sql<string | null>`${users.id}`.as('user_id'),
      username: users.username,
      account_status: users.status,
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .innerJoin(classes, classOfEnrollment)
    .leftJoin(users, and(eq(users.instanceId, students.instanceId), eq(users.studentId, students.id)))
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId)));

/** Students among `ids` enrolled in the year, with their names and whether they have an account. */
export const selectStudentsForAccounts = (db: Db, school: string, yearId: string, ids: readonly string[]) =>
  db
    .select({
      id: students.id,
      nom: students.nom,
      prenom: students.prenom,
      user_id: sql<string | null>`${users.id}`.as('user_id'),
    })
    .from(enrollments)
    .innerJoin(students, studentOfEnrollment)
    .leftJoin(users, and(eq(users.instanceId, students.instanceId), eq(users.studentId, students.id)))
    .where(and(ofSchool(enrollments, school), eq(enrollments.yearId, yearId), inArray(students.id, [...ids])))
    .all();
