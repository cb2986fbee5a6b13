// The records a request names by id or by name, of the caller's school, or 404 (another school's
// record answers exactly like a missing one). Every area that names a year or a class by name
// (programme, finance, enrolments, and next the grade book, timetable, attendance, promotion)
// looks it up here.
import { serverText } from '../contract/texts/server';
import * as classes from '../db/classes';
import * as years from '../db/school-years';
import type { SchoolContext } from '../env';
import { found } from './errors';

export async function requireYear(c: SchoolContext, id: string) {
  return found(await years.findSchoolYear(c.var.db, c.var.school, id), serverText.yearNotFound);
}

/** The class a name names, with its MPPA (centimes) for `feeYearId` when given, null otherwise. */
export async function requireClassByName(c: SchoolContext, name: string, feeYearId: string | null = null) {
  return found((await classes.selectByName(c.var.db, c.var.school, name, feeYearId))[0], serverText.classNotFound);
}

/** A year and a class by name (with its MPPA for that year), in one round trip; the year is checked first. */
export async function requireYearAndClass(c: SchoolContext, yearId: string, className: string) {
  const { db, school } = c.var;
  const [yearRows, classRows] = await db.batch([
    years.selectById(db, school, yearId),
    classes.selectByName(db, school, className, yearId),
  ]);
  return { year: found(yearRows[0], serverText.yearNotFound), klass: found(classRows[0], serverText.classNotFound) };
}
