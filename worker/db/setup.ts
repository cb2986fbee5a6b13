// The statements of the setup wizard: a school year with its periods, classes, subjects,
// curriculum and fees, written in one batch by the route (all or nothing), each by its table's
// module.
import type { SetupPlan } from '../domain/setup';
import * as periods from './academic-periods';
import * as classFees from './class-fees';
import * as classes from './classes';
import type { Db } from './client';
import * as curriculum from './curriculum';
import * as years from './school-years';
import * as subjects from './subjects';

export function setupStatements(db: Db, school: string, plan: SetupPlan, makeCurrent: boolean) {
  const yearId = plan.year.id;
  return [
    years.insertSchoolYear(db, school, { ...plan.year, isCurrent: makeCurrent }),
    ...periods.insertPeriods(
      db,
      school,
      plan.periods.map((p) => ({ ...p, yearId })),
    ),
    ...classes.insertClasses(db, school, plan.newClasses),
    ...plan.reorderedClasses.map((c) =>
      classes.updateClass(db, school, c.id, { name: c.name, orderIndex: c.orderIndex }),
    ),
    ...subjects.insertSubjects(db, school, plan.newSubjects),
    ...curriculum.insertCurriculumEntries(
      db,
      school,
      plan.curriculum.map((cell) => ({ ...cell, yearId })),
    ),
    ...classFees.upsertClassFees(db, school, yearId, plan.fees),
  ];
}
