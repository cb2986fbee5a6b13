// The statements of the setup wizard: a school year with its periods, classes, subjects,
// curriculum and fees, written in one batch by the route (all or nothing).
import type { SetupPlan } from '../domain/setup';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { updateClass } from './classes';
import { academicPeriods, classes, classFees, curriculum, subjects } from './schema';
import { insertSchoolYear } from './school-years';

export function setupStatements(db: Db, instanceId: string, plan: SetupPlan, makeCurrent: boolean) {
  const yearId = plan.year.id;
  return [
    insertSchoolYear(db, instanceId, { ...plan.year, isCurrent: makeCurrent }),
    ...insertChunks(
      db,
      academicPeriods,
      plan.periods.map((p) => ({ ...p, instanceId, yearId })),
    ),
    ...insertChunks(
      db,
      classes,
      plan.newClasses.map((c) => ({ ...c, instanceId })),
    ),
    ...plan.reorderedClasses.map((c) => updateClass(db, instanceId, c.id, { name: c.name, orderIndex: c.orderIndex })),
    ...insertChunks(
      db,
      subjects,
      plan.newSubjects.map((s) => ({ ...s, instanceId })),
    ),
    ...insertChunks(
      db,
      curriculum,
      plan.curriculum.map((cell) => ({ ...cell, instanceId, yearId })),
    ),
    ...insertChunks(
      db,
      classFees,
      plan.fees.map((f) => ({ ...f, instanceId, yearId })),
    ),
  ];
}
