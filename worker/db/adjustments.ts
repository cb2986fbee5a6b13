// Adjustments of an enrolment's finance sheet (scholarships, fees added), in their order.
import type { SheetAdjustment } from '../domain/finance-sheet';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { adjustments } from './schema';
import { idsHeldElsewhere as heldElsewhere, linesOf } from './sheet-lines';

/** The statements that replace an enrolment's adjustments with `list`, in its order. */
export const replaceAdjustments = (db: Db, school: string, enrollmentId: string, list: SheetAdjustment[]) => [
  db.delete(adjustments).where(linesOf(adjustments, school, enrollmentId)),
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

/** Which of `ids` an adjustment of another enrolment holds (sheet-lines.ts). */
export const idsHeldElsewhere = (db: Db, school: string, enrollmentId: string, ids: readonly string[]) =>
  heldElsewhere(db, adjustments, school, enrollmentId, ids);
