// School years of a school: the list, the current flag (exactly one per school) and deletion,
// which takes the year's periods, curriculum, fees, enrolments and everything under them along
// (the schema's ON DELETE CASCADE keys, one statement, so one batch).
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { byId, deleteById, exists, ofSchool } from './scoped';
import { schoolYears } from './schema';

const current = (school: string) => and(ofSchool(schoolYears, school), eq(schoolYears.isCurrent, true))!;

export const listSchoolYears = (db: Db, school: string) =>
  db
    .select({ id: schoolYears.id, name: schoolYears.name, is_current: schoolYears.isCurrent })
    .from(schoolYears)
    .where(ofSchool(schoolYears, school))
    .orderBy(desc(schoolYears.name))
    .all();

/** The school's year with this id: a query, to run alone or in a batch. */
export const selectById = (db: Db, school: string, id: string) =>
  db
    .select()
    .from(schoolYears)
    .where(byId(schoolYears, school, id))
    .limit(1);

export const findSchoolYear = async (db: Db, school: string, id: string) => (await selectById(db, school, id))[0];

export const findSchoolYearByName = (db: Db, school: string, name: string) =>
  db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(ofSchool(schoolYears, school), eq(schoolYears.name, name)))
    .get();

/** The school's current year, if it has one. */
export const findCurrentYear = (db: Db, school: string) =>
  db.select({ id: schoolYears.id, name: schoolYears.name }).from(schoolYears).where(current(school)).get();

export const hasCurrentYear = (db: Db, school: string) => exists(db, schoolYears, current(school));

export const insertSchoolYear = (db: Db, school: string, year: { id: string; name: string; isCurrent: boolean }) =>
  db.insert(schoolYears).values({ ...year, instanceId: school });

/** Clears the current flag, then sets it on one year (two statements: the unique index allows one). */
export const setCurrentYearStatements = (db: Db, school: string, id: string) => [
  db.update(schoolYears).set({ isCurrent: false }).where(current(school)),
  db
    .update(schoolYears)
    .set({ isCurrent: true })
    .where(byId(schoolYears, school, id)),
];

export const deleteSchoolYear = (db: Db, school: string, id: string) => deleteById(db, schoolYears, school, id);

/** Guard conditions: the year still exists; the year is not the school's current year. */
export const yearStillExists = (school: string, id: string) => existsNow(schoolYears, byId(schoolYears, school, id));
export const yearIsNotCurrent = (school: string, id: string) =>
  noneNow(schoolYears, and(byId(schoolYears, school, id), eq(schoolYears.isCurrent, true))!);
