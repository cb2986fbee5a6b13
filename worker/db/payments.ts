// Payments of an enrolment's finance sheet, in their order; a payment with a receipt number is
// never removed (domain/finance-sheet.ts decides, db/finance-sheets.ts composes the sheet's writes).
import { and, asc, count, gte, lte, sql } from 'drizzle-orm';
import type { SheetPayment } from '../domain/finance-sheet';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { along, ofSchool } from './scoped';
import { classes, enrollments, payments, schoolYears, students } from './schema';
import { idsHeldElsewhere as heldElsewhere, linesOf } from './sheet-lines';
import { aliased } from './batch-columns';

const row = (school: string, enrollmentId: string, p: SheetPayment, position: number) => ({
  id: p.id,
  instanceId: school,
  enrollmentId,
  date: p.date,
  label: p.label,
  amount: p.amount,
  receiptNo: p.receiptNo,
  recordedBy: p.recordedBy,
  position,
});

export const insertPayment = (db: Db, school: string, enrollmentId: string, payment: SheetPayment, position: number) =>
  db.insert(payments).values(row(school, enrollmentId, payment, position));

/** The statements that replace an enrolment's payments with `list`, in its order. */
export const replacePayments = (db: Db, school: string, enrollmentId: string, list: SheetPayment[]) => [
  db.delete(payments).where(linesOf(payments, school, enrollmentId)),
  ...insertChunks(
    db,
    payments,
    list.map((p, position) => row(school, enrollmentId, p, position)),
  ),
];

/** Which of `ids` a payment of another enrolment holds (sheet-lines.ts). */
export const idsHeldElsewhere = (db: Db, school: string, enrollmentId: string, ids: readonly string[]) =>
  heldElsewhere(db, payments, school, enrollmentId, ids);

// ------------------------------------------------------------------- payments of a period (issue 30)

export interface PeriodQuery {
  /** First and last day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  page: number;
  limit: number;
}

/** The columns a period's payment is listed with (aliased: a batch answers rows by column name). */
const periodColumns = {
  id: payments.id,
  date: payments.date,
  receiptNo: payments.receiptNo,
  amount: payments.amount,
  label: payments.label,
  recordedBy: payments.recordedBy,
  nom: aliased(students.nom, 'student_nom'),
  prenom: aliased(students.prenom, 'student_prenom'),
  className: aliased(classes.name, 'class_name'),
  yearName: aliased(schoolYears.name, 'year_name'),
};

/**
 * One page of the payments dated within a period (by date, then receipt number), with their
 * number and sum over the whole period: one round trip of two statements, whatever the page.
 */
export async function paymentsOfPeriod(db: Db, school: string, q: PeriodQuery) {
  const where = and(ofSchool(payments, school), gte(payments.date, q.from), lte(payments.date, q.to));
  const [rows, totals] = await db.batch([
    db
      .select(periodColumns)
      .from(payments)
      .innerJoin(enrollments, along(enrollments, payments, payments.enrollmentId))
      .innerJoin(students, along(students, enrollments, enrollments.studentId))
      .innerJoin(classes, along(classes, enrollments, enrollments.classId))
      .innerJoin(schoolYears, along(schoolYears, enrollments, enrollments.yearId))
      .where(where)
      .orderBy(asc(payments.date), asc(payments.receiptNo), asc(payments.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ count: count(), sum: sql<number>`coalesce(sum(${payments.amount}), 0)`.as('sum') })
      .from(payments)
      .where(where),
  ]);
  return { rows, total: totals[0]?.count ?? 0, sum: totals[0]?.sum ?? 0 };
}
