// Finance queries (document 2 §3, §4, §7): a class roster with its money, one enrolment's finance
// sheet and its replacement, grades access, and the financial report. Amounts are integer
// centimes here; the routes turn them into the API's decimals.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { D1_MAX_PARAMS, insertChunks } from './chunks';
import type { Db } from './client';
import { adjustments, classes, enrollments, instances, payments, schoolYears, students } from './schema';
import { studentSearchCondition } from './students';

export interface PaymentLine {
  id: string;
  date: string | null;
  label: string;
  amount: number;
  receiptNo: number | null;
}

export interface AdjustmentLine {
  id: string;
  label: string;
  amount: number;
}

export interface FinanceRecord {
  id: string;
  studentId: string;
  yearId: string;
  yearName: string;
  className: string;
  mppa: number;
  gradesAccessEnabled: boolean;
  student: { nom: string; prenom: string; nisu: string | null };
  payments: PaymentLine[];
  adjustments: AdjustmentLine[];
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

/** Enrolments with their student, class, year, payments and adjustments: three reads, one round trip. */
async function financeRecords(db: Db, where: SQL): Promise<FinanceRecord[]> {
  const [rows, paymentRows, adjustmentRows] = await db.batch([
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
  ]);
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
      student: { nom: r.nom, prenom: r.prenom, nisu: r.nisu },
      payments: [],
      adjustments: [],
    });
  }
  for (const { enrollmentId, ...line } of paymentRows) byId.get(enrollmentId)?.payments.push(line);
  for (const { enrollmentId, ...line } of adjustmentRows) byId.get(enrollmentId)?.adjustments.push(line);
  return [...byId.values()];
}

const byName = new Intl.Collator('fr', { sensitivity: 'base' });

/** The enrolled students of a class for a year with their money, by last then first name. */
export async function classRoster(db: Db, instanceId: string, yearId: string, classId: string) {
  const records = await financeRecords(
    db,
    and(eq(enrollments.instanceId, instanceId), eq(enrollments.yearId, yearId), eq(enrollments.classId, classId))!,
  );
  return records.sort(
    (a, b) => byName.compare(a.student.nom, b.student.nom) || byName.compare(a.student.prenom, b.student.prenom),
  );
}

/** One enrolment's finance sheet, or null when the school has no such enrolment. */
export async function financeRecord(db: Db, instanceId: string, enrollmentId: string) {
  const [record] = await financeRecords(db, and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, enrollmentId))!);
  return record ?? null;
}

export interface PaymentWrite {
  id: string;
  date: string | null;
  label: string;
  amount: number;
  /** A receipt number already issued, or 'new' to issue the next one of the school. */
  receipt: number | 'new' | null;
}

export interface FinanceWrite {
  mppa: number | null;
  payments: PaymentWrite[];
  adjustments: AdjustmentLine[];
}

/**
 * The statements that replace an enrolment's payments and adjustments (and its base MPPA when
 * given), for one batch. New receipt numbers come from the school's counter inside the same
 * batch: the counter moves first, then the k-th of n new receipts reads `receipt_seq - (n - k)`,
 * so two batches can never hand out the same number and none is skipped.
 */
export function replaceFinanceStatements(db: Db, instanceId: string, enrollmentId: string, write: FinanceWrite) {
  const issued = write.payments.filter((p) => p.receipt === 'new').length;
  const statements: BatchItem<'sqlite'>[] = [];
  if (issued > 0) {
    statements.push(
      db
        .update(instances)
        .set({ receiptSeq: sql`${instances.receiptSeq} + ${issued}` })
        .where(eq(instances.id, instanceId)),
    );
  }
  statements.push(
    db.delete(payments).where(and(eq(payments.instanceId, instanceId), eq(payments.enrollmentId, enrollmentId))),
    db.delete(adjustments).where(and(eq(adjustments.instanceId, instanceId), eq(adjustments.enrollmentId, enrollmentId))),
  );
  // `back` receipts before the counter's new value (a server-computed integer, safe to inline).
  const counterMinus = (back: number) =>
    sql`(SELECT ${instances.receiptSeq} FROM ${instances} WHERE ${instances.id} = ${instanceId}) - ${sql.raw(String(back))}`;
  let nth = 0;
  const paymentRows = write.payments.map((p, position) => ({
    id: p.id,
    instanceId,
    enrollmentId,
    date: p.date,
    label: p.label,
    amount: p.amount,
    receiptNo: p.receipt === 'new' ? counterMinus(issued - 1 - nth++) : p.receipt,
    position,
  }));
  if (paymentRows.length > 0) {
    // insertChunks cannot take the receipt sub-select; the same rule: at most 100 bound values.
    const perRow = db.insert(payments).values(paymentRows[0]!).toSQL().params.length;
    const size = Math.max(1, Math.floor(D1_MAX_PARAMS / perRow));
    for (let i = 0; i < paymentRows.length; i += size) statements.push(db.insert(payments).values(paymentRows.slice(i, i + size)));
  }
  statements.push(
    ...insertChunks(
      db,
      adjustments,
      write.adjustments.map((a, position) => ({ id: a.id, instanceId, enrollmentId, label: a.label, amount: a.amount, position })),
    ),
  );
  if (write.mppa !== null) {
    statements.push(
      db
        .update(enrollments)
        .set({ mppa: write.mppa })
        .where(and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, enrollmentId))),
    );
  }
  return statements;
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
