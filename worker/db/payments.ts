// Payments of an enrolment's finance sheet, in their order; a payment with a receipt number is
// never removed (domain/finance-sheet.ts decides, db/enrollments.ts composes the sheet's writes).
import { and, eq, not, sql } from 'drizzle-orm';
import type { SheetPayment } from '../domain/finance-sheet';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { ofSchool } from './scoped';
import { payments } from './schema';

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
  db.delete(payments).where(and(ofSchool(payments, school), eq(payments.enrollmentId, enrollmentId))),
  ...insertChunks(
    db,
    payments,
    list.map((p, position) => row(school, enrollmentId, p, position)),
  ),
];

/**
 * Which of `ids` a payment of another enrolment holds, in this school or another (ids are the
 * table's key): a client's id for a new line must not be one of them (one statement, any count).
 */
export const idsHeldElsewhere = (db: Db, school: string, enrollmentId: string, ids: readonly string[]) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        sql`${payments.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        not(and(eq(payments.instanceId, school), eq(payments.enrollmentId, enrollmentId))!),
      ),
    );
