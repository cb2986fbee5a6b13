// Adjustments of an enrolment's finance sheet (scholarships, fees added), in their order.
import { and, eq } from 'drizzle-orm';
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
