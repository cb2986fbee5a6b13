// Finance queries (document 2 §3, §4, §7): a class roster with its money, one enrolment's finance
// sheet and the statements that write it, grades access, and the financial report. Amounts are
// integer centimes here; the routes turn them into the API's decimals.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Sheet, SheetAdjustment, SheetPayment } from '../domain/finance-sheet';
import { compareNames } from '../domain/text';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { adjustments, classes, enrollments, instances, payments, schoolYears, students } from './schema';
import { studentSearchCondition } from './students';

export type PaymentLine = SheetPayment;
export type AdjustmentLine = SheetAdjustment;

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

/** A class of the school by name, as the route /class/{className} names it (case-insensitive). */
export const findClassByName = (db: Db, instanceId: string, name: string) =>
  db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.instanceId, instanceId), sql`${classes.name} = ${name} COLLATE NOCASE`))
    .get();

export const findYear = (db: Db, instanceId: string, yearId: string) =>
  db
    .select({ id: schoolYears.id, name: schoolYears.name })
    .from(schoolYears)
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.id, yearId)))
    .get();

const sameEnrollment = (table: typeof payments | typeof adjustments) =>
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
      .innerJoin(students, and(eq(students.instanceId, enrollments.instanceId), eq(students.id, enrollments.studentId)))
      .innerJoin(classes, and(eq(classes.instanceId, enrollments.instanceId), eq(classes.id, enrollments.classId)))
      .innerJoin(schoolYears, and(eq(schoolYears.instanceId, enrollments.instanceId), eq(schoolYears.id, enrollments.yearId)))
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
      .innerJoin(enrollments, sameEnrollment(payments))
      .where(where)
      .orderBy(asc(payments.position), asc(payments.receiptNo)),
    db
      .select({ enrollmentId: adjustments.enrollmentId, id: adjustments.id, label: adjustments.label, amount: adjustments.amount })
      .from(adjustments)
      .innerJoin(enrollments, sameEnrollment(adjustments))
      .where(where)
      .orderBy(asc(adjustments.position)),
  ] as const;
}

type EnrollmentRow = Omit<FinanceRecord, 'student' | 'payments' | 'adjustments'> & FinanceRecord['student'];
type FinanceRows = readonly [EnrollmentRow[], (PaymentLine & { enrollmentId: string })[], (AdjustmentLine & { enrollmentId: string })[]];

function financeRecordsOf([rows, paymentRows, adjustmentRows]: FinanceRows): FinanceRecord[] {
  const byId = new Map<string, FinanceRecord>();
  for (const r of rows) {
    byId.set(r.id, {
      id: r.id,
      studentId: r.studentId,
      yearId: r.yearId,
      yearName: r.yearName,
      className: r.className,
      mppa: r.mppa,
      gradesAccessEnabled: r.gradesAccessEnabled,
      revision: r.revision,
      student: { nom: r.nom, prenom: r.prenom, nisu: r.nisu },
      payments: [],
      adjustments: [],
    });
  }
  for (const { enrollmentId, ...line } of paymentRows) byId.get(enrollmentId)?.payments.push(line);
  for (const { enrollmentId, ...line } of adjustmentRows) byId.get(enrollmentId)?.adjustments.push(line);
  return [...byId.values()];
}

const oneEnrollment = (instanceId: string, enrollmentId: string) =>
  and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, enrollmentId))!;

/** The enrolled students of a class for a year with their money, by last then first name (one round trip). */
export async function classRoster(db: Db, instanceId: string, yearId: string, classId: string) {
  const where = and(eq(enrollments.instanceId, instanceId), eq(enrollments.yearId, yearId), eq(enrollments.classId, classId))!;
  const records = financeRecordsOf(await db.batch(financeQueries(db, where)));
  return records.sort(
    (a, b) => compareNames(a.student.nom, b.student.nom) || compareNames(a.student.prenom, b.student.prenom),
  );
}

/** One enrolment's finance sheet, or null when the school has no such enrolment. */
export async function financeRecord(db: Db, instanceId: string, enrollmentId: string) {
  const [record] = financeRecordsOf(await db.batch(financeQueries(db, oneEnrollment(instanceId, enrollmentId))));
  return record ?? null;
}

/** One enrolment's sheet and the school's receipt counter, read together before a write (one round trip). */
export async function sheetForWrite(db: Db, instanceId: string, enrollmentId: string) {
  const [rows, paymentRows, adjustmentRows, counter] = await db.batch([
    ...financeQueries(db, oneEnrollment(instanceId, enrollmentId)),
    db.select({ receiptSeq: instances.receiptSeq }).from(instances).where(eq(instances.id, instanceId)),
  ]);
  const [record] = financeRecordsOf([rows, paymentRows, adjustmentRows]);
  return record ? { record, receiptSeq: counter[0]?.receiptSeq ?? 0 } : null;
}

/** What a write read: the enrolment at its revision, the school's counter at its value. */
export interface WriteBase {
  revision: number;
  receiptSeq: number;
}

/** Guard condition: the enrolment is still at the revision read. */
export const revisionStillIs = (instanceId: string, enrollmentId: string, revision: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${enrollments} WHERE ${oneEnrollment(instanceId, enrollmentId)} AND ${enrollments.revision} = ${revision})`;

/** Guard condition: the school's receipt counter is still at the value read. */
export const receiptSeqStillIs = (instanceId: string, receiptSeq: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${instances} WHERE ${instances.id} = ${instanceId} AND ${instances.receiptSeq} = ${receiptSeq})`;

/**
 * The guard conditions of a write of one enrolment's money: nobody moved the enrolment's revision
 * nor (when it issues receipts) the school's receipt counter since they were read. Otherwise the
 * whole batch rolls back, so no payment is lost and no receipt number is burnt.
 */
export const sheetUnchanged = (instanceId: string, enrollmentId: string, base: WriteBase, receiptSeq: number): SQL[] => [
  revisionStillIs(instanceId, enrollmentId, base.revision),
  ...(receiptSeq === base.receiptSeq ? [] : [receiptSeqStillIs(instanceId, base.receiptSeq)]),
];

/** The write's statements with the counter moved and the revision moved by exactly one. */
function advanced(db: Db, instanceId: string, enrollmentId: string, base: WriteBase, receiptSeq: number, body: BatchItem<'sqlite'>[], mppa: number | null) {
  return [
    ...(receiptSeq === base.receiptSeq ? [] : [db.update(instances).set({ receiptSeq }).where(eq(instances.id, instanceId))]),
    ...body,
    db
      .update(enrollments)
      .set({ revision: base.revision + 1, ...(mppa === null ? {} : { mppa }) })
      .where(oneEnrollment(instanceId, enrollmentId)),
  ];
}

const paymentRow = (instanceId: string, enrollmentId: string, p: SheetPayment, position: number) => ({
  id: p.id,
  instanceId,
  enrollmentId,
  date: p.date,
  label: p.label,
  amount: p.amount,
  receiptNo: p.receiptNo,
  recordedBy: p.recordedBy,
  position,
});

export interface SheetWrite {
  /** The new base MPPA, or null to keep it. */
  mppa: number | null;
  payments: SheetPayment[];
  adjustments: SheetAdjustment[];
  /** The school's receipt counter after the write. */
  receiptSeq: number;
}

/** The statements that replace an enrolment's payments and adjustments (the ledger edit); guard them with `sheetUnchanged`. */
export function replaceSheetStatements(db: Db, instanceId: string, enrollmentId: string, base: WriteBase, write: SheetWrite) {
  return advanced(
    db,
    instanceId,
    enrollmentId,
    base,
    write.receiptSeq,
    [
      db.delete(payments).where(and(eq(payments.instanceId, instanceId), eq(payments.enrollmentId, enrollmentId))),
      db.delete(adjustments).where(and(eq(adjustments.instanceId, instanceId), eq(adjustments.enrollmentId, enrollmentId))),
      ...insertChunks(db, payments, write.payments.map((p, position) => paymentRow(instanceId, enrollmentId, p, position))),
      ...insertChunks(
        db,
        adjustments,
        write.adjustments.map((a, position) => ({ id: a.id, instanceId, enrollmentId, label: a.label, amount: a.amount, position })),
      ),
    ],
    write.mppa,
  );
}

/** The statements that add one payment at the end of an enrolment's sheet; guard them with `sheetUnchanged`. */
export function addPaymentStatements(db: Db, instanceId: string, enrollmentId: string, base: WriteBase, payment: SheetPayment, position: number) {
  if (payment.receiptNo === null) throw new RangeError('receipt');
  return advanced(db, instanceId, enrollmentId, base, payment.receiptNo, [db.insert(payments).values(paymentRow(instanceId, enrollmentId, payment, position))], null);
}

export const setGradesAccess = (db: Db, instanceId: string, enrollmentId: string, enabled: boolean) =>
  db
    .update(enrollments)
    .set({ gradesAccessEnabled: enabled })
    .where(and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, enrollmentId)));

const inClassYear = (instanceId: string, yearId: string, classId: string) =>
  and(eq(enrollments.instanceId, instanceId), eq(enrollments.yearId, yearId), eq(enrollments.classId, classId));

export const setClassGradesAccess = (db: Db, instanceId: string, yearId: string, classId: string, enabled: boolean) =>
  db.update(enrollments).set({ gradesAccessEnabled: enabled }).where(inClassYear(instanceId, yearId, classId));

export async function countClassEnrollments(db: Db, instanceId: string, yearId: string, classId: string) {
  const row = await db
    .select({ count: sql<number>`count(*)` })
    .from(enrollments)
    .where(inClassYear(instanceId, yearId, classId))
    .get();
  return row?.count ?? 0;
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

export interface ReportRow {
  id: string;
  prenom: string;
  nom: string;
  year_name: string;
  class_name: string;
  mppa: number;
  adjusted: number;
  paid: number;
}

/** Raw reads in one D1 round trip (drizzle's batch cannot bind parameters of raw SQL). */
async function readBatch(db: Db, queries: SQL[]): Promise<Record<string, unknown>[][]> {
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  const results = await db.$client.batch<Record<string, unknown>>(statements);
  return results.map((r) => r.results);
}

/**
 * The financial report: one page of enrolments and the totals over the whole filtered set,
 * both computed by SQLite over integer centimes, plus the school's classes for the filter.
 */
export async function financialReport(db: Db, instanceId: string, f: ReportFilters) {
  const conditions: SQL[] = [sql`e.instance_id = ${instanceId}`];
  if (f.yearId) conditions.push(sql`e.year_id = ${f.yearId}`);
  if (f.classNames) {
    conditions.push(sql`c.name COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(f.classNames)}))`);
  }
  if (f.mppa !== null) conditions.push(sql`e.mppa = ${f.mppa}`);
  // The one student search rule and the folded names (db/students.ts), as in the student list.
  const search = f.search ? studentSearchCondition(f.search, { nomKey: sql`s.nom_key`, prenomKey: sql`s.prenom_key`, nisu: sql`s.nisu` }) : null;
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
    sql`SELECT name FROM classes WHERE instance_id = ${instanceId} ORDER BY order_index, name`,
  ]);
  const sums = (totals?.[0] ?? { count: 0, adjusted: 0, paid: 0 }) as { count: number; adjusted: number; paid: number };
  return {
    rows: (rows ?? []) as unknown as ReportRow[],
    total: sums.count,
    adjusted: sums.adjusted,
    paid: sums.paid,
    classes: ((classList ?? []) as { name: string }[]).map((c) => c.name),
  };
}
