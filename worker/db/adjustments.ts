// Adjustments of an enrolment's finance sheet (scholarships, fees added), in their order.
import { and, eq, not, sql } from 'drizzle-orm';
import type { SheetAdjustment } from '../domain/finance-sheet';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { ofSchool } from './scoped';
import { adjustments } from './schema';

/** The statements that replace an enrolment's adjustments with `list`, in its order. */
export const replaceAdjustments = (db: Db, school: string, enrollmentId: string, list: SheetAdjustment[]) => [
  db.delete(adjustments).where(and(ofSchool(adjustments, school), eq(adjustments.enrollmentId, enrollmentId))),
  ...insertChunks(
    db,
    adjustments,
    list.map((a, position) => ({
      id: a.id,
      instanceId: school,
      enrollmentId,
      label: a.label,
      amount: a.amount,
      position,
    })),
  ),
];

/** Which of `ids` an adjustment of another enrolment holds, in this school or another (see payments.ts). */
export const idsHeldElsewhere = (db: Db, school: string, enrollmentId: string, ids: readonly string[]) =>
  db
    .select({ id: adjustments.id })
    .from(adjustments)
    .where(
      and(
        sql`${adjustments.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        not(and(eq(adjustments.instanceId, school), eq(adjustments.enrollmentId, enrollmentId))!),
      ),
    );
