// Finance sheets (document 2 §4, §7): an enrolment's money read with its student, class, year,
// payments and adjustments (the class roster, one sheet), and the writes of a sheet, composed
// from the payments', adjustments', receipt counter's and enrolments' owners in one guarded
// batch. Amounts are integer centimes; the routes turn them into the API's decimals.
import { asc, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Sheet, SheetAdjustment, SheetPayment } from '../domain/finance-sheet';
import { compareNames } from '../domain/text';
import { idsHeldElsewhere as adjustmentIdsHeldElsewhere, replaceAdjustments } from './adjustments';
import type { Db } from './client';
import * as enrollments from './enrollments';
import * as instances from './instances';
import { idsHeldElsewhere as paymentIdsHeldElsewhere, insertPayment, replacePayments } from './payments';
import { along, byId } from './scoped';
import { adjustments, classes, enrollments as enrollmentRows, payments, schoolYears, students } from './schema';
import { aliased } from './batch-columns';

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

const lineOf = (table: typeof payments | typeof adjustments) => along(enrollmentRows, table, table.enrollmentId);

/** The three reads of enrolments with their student, class, year, payments and adjustments. */
function financeQueries(db: Db, where: SQL) {
  return [
    db
      .select({
        id: enrollmentRows.id,
        studentId: enrollmentRows.studentId,
        yearId: enrollmentRows.yearId,
        // Aliased: D1 answers a batch as objects keyed by column name, and two `name` columns collide.
        yearName: aliased(schoolYears.name, 'year_name'),
        className: aliased(classes.name, 'class_name'),
        mppa: enrollmentRows.mppa,
        gradesAccessEnabled: enrollmentRows.gradesAccessEnabled,
        revision: enrollmentRows.revision,
        nom: students.nom,
        prenom: students.prenom,
        nisu: students.nisu,
      })
      .from(enrollmentRows)
      .innerJoin(students, enrollments.studentOfEnrollment)
      .innerJoin(classes, enrollments.classOfEnrollment)
      .innerJoin(schoolYears, enrollments.yearOfEnrollment)
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
      .innerJoin(enrollmentRows, lineOf(payments))
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
      .innerJoin(enrollmentRows, lineOf(adjustments))
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
  const records = financeRecordsOf(
    await db.batch(financeQueries(db, enrollments.inClassYear(school, yearId, classId))),
  );
  return records.sort(
    (a, b) => compareNames(a.student.nom, b.student.nom) || compareNames(a.student.prenom, b.student.prenom),
  );
}

/** One enrolment's finance sheet, or null when the school has no such enrolment. */
export async function financeRecord(db: Db, school: string, enrollmentId: string) {
  const [record] = financeRecordsOf(await db.batch(financeQueries(db, byId(enrollmentRows, school, enrollmentId))));
  return record ?? null;
}

/**
 * One enrolment's sheet and the school's receipt counter, read together before a write (one round
 * trip), with which of the client's line ids another enrolment's line holds, in any school (`taken`:
 * such an id is replaced by a fresh one, never refused, so nobody learns it exists elsewhere).
 */
export async function sheetForWrite(db: Db, school: string, enrollmentId: string, clientIds: readonly string[] = []) {
  const [rows, paymentRows, adjustmentRows, counter, paymentsElsewhere, adjustmentsElsewhere] = await db.batch([
    ...financeQueries(db, byId(enrollmentRows, school, enrollmentId)),
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

/**
 * The guard conditions of a write of one enrolment's money: nobody moved the enrolment's revision
 * nor (when it issues receipts) the school's receipt counter since they were read. Otherwise the
 * whole batch rolls back, so no payment is lost and no receipt number is burnt.
 */
export const sheetUnchanged = (school: string, enrollmentId: string, base: WriteBase, receiptSeq: number): SQL[] => [
  enrollments.revisionStillIs(school, enrollmentId, base.revision),
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
    enrollments.advanceRevision(db, school, enrollmentId, base.revision, mppa),
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
