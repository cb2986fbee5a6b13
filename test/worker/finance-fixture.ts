// Finance rows for the finance tests, inserted with drizzle (years, classes, students, enrolments,
// payments, adjustments): each test builds the money its screen reads. Amounts are centimes.
import { eq } from 'drizzle-orm';
import { insertChunks } from '../../worker/db/chunks';
import { database } from '../../worker/db/client';
import { schoolD1 } from './helpers';
import { nameKeys } from '../../worker/db/students';
import { adjustments, classes, enrollments, instances, payments, schoolYears, students } from '../../worker/db/schema';

export interface EnrolmentSeed {
  nom: string;
  prenom: string;
  nisu?: string | null;
  className: string;
  /** Year name; the first year of the fixture by default. */
  year?: string;
  mppa: number;
  payments?: { amount: number; date?: string | null; label?: string }[];
  adjustments?: { amount: number; label?: string }[];
  gradesAccess?: boolean;
}

export interface FinanceFixture {
  yearIds: Map<string, string>;
  classIds: Map<string, string>;
  /** Enrolment ids in the order of the seeds. */
  enrollmentIds: string[];
  receiptSeq: number;
}

/**
 * Years (the first is current), classes in the given order, and one student per seed enrolled
 * with its payments and adjustments; receipts numbered 1..n in seed order and receipt_seq = n.
 */
export async function seedFinance(
  instanceId: string,
  { years, classNames, enrolments }: { years: string[]; classNames: string[]; enrolments: EnrolmentSeed[] },
): Promise<FinanceFixture> {
  const db = database(await schoolD1(instanceId));
  const yearIds = new Map(years.map((name) => [name, crypto.randomUUID()]));
  const classIds = new Map(classNames.map((name) => [name, crypto.randomUUID()]));
  const studentRows: (typeof students.$inferInsert)[] = [];
  const enrollmentRows: (typeof enrollments.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const adjustmentRows: (typeof adjustments.$inferInsert)[] = [];
  let receipt = 0;
  for (const seed of enrolments) {
    const studentId = crypto.randomUUID();
    const enrollmentId = crypto.randomUUID();
    studentRows.push({
      id: studentId,
      instanceId,
      nom: seed.nom,
      prenom: seed.prenom,
      ...nameKeys(seed),
      nisu: seed.nisu ?? null,
    });
    enrollmentRows.push({
      id: enrollmentId,
      instanceId,
      studentId,
      yearId: yearIds.get(seed.year ?? years[0]!)!,
      classId: classIds.get(seed.className)!,
      mppa: seed.mppa,
      gradesAccessEnabled: seed.gradesAccess ?? true,
    });
    (seed.payments ?? []).forEach((p, position) =>
      paymentRows.push({
        id: crypto.randomUUID(),
        instanceId,
        enrollmentId,
        amount: p.amount,
        date: p.amount > 0 ? (p.date ?? '2025-10-01') : null,
        label: p.label ?? `Versement ${position + 1}`,
        receiptNo: p.amount > 0 ? ++receipt : null,
        position,
      }),
    );
    (seed.adjustments ?? []).forEach((a, position) =>
      adjustmentRows.push({
        id: crypto.randomUUID(),
        instanceId,
        enrollmentId,
        amount: a.amount,
        label: a.label ?? 'Bourse',
        position,
      }),
    );
  }
  await db.batch([
    db.update(instances).set({ receiptSeq: receipt }).where(eq(instances.id, instanceId)),
    ...insertChunks(
      db,
      schoolYears,
      years.map((name, i) => ({ id: yearIds.get(name)!, instanceId, name, isCurrent: i === 0 })),
    ),
    ...insertChunks(
      db,
      classes,
      classNames.map((name, orderIndex) => ({ id: classIds.get(name)!, instanceId, name, orderIndex })),
    ),
    ...insertChunks(db, students, studentRows),
    ...insertChunks(db, enrollments, enrollmentRows),
    ...insertChunks(db, payments, paymentRows),
    ...insertChunks(db, adjustments, adjustmentRows),
  ]);
  return { yearIds, classIds, enrollmentIds: enrollmentRows.map((e) => e.id), receiptSeq: receipt };
}
