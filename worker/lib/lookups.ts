// The records a request names by id or by name, of the caller's school, or 404 (another school's
// record answers exactly like a missing one). Every area that names a year or a class by name
// (programme, finance, enrolments, and next the grade book, timetable, attendance, promotion)
// looks it up here.
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import { serverText } from '../contract/texts/server';
import * as classes from '../db/classes';
import type { Db } from '../db/client';
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

/**
 * Reads that name a year, with the year itself, in one round trip: the year (404 when it is not
 * the school's), then each read's rows.
 */
export async function withYear<T extends BatchItem<'sqlite'>[]>(c: SchoolContext, yearId: string, ...reads: T) {
  const { db, school } = c.var;
  const [yearRows, ...rows] = await db.batch([years.selectById(db, school, yearId), ...reads]);
  return [found(yearRows[0], serverText.yearNotFound), ...rows] as [
    NonNullable<(typeof yearRows)[number]>,
    ...BatchResponse<T>,
  ];
}

/** A year's rows, read with the year in one round trip: 404 when the year is not the school's. */
export async function rowsOfYear<R extends BatchItem<'sqlite'>>(
  c: SchoolContext,
  yearId: string,
  select: (db: Db, school: string, yearId: string) => R,
) {
  const [, rows] = await withYear(c, yearId, select(c.var.db, c.var.school, yearId));
  return rows;
}

/** A year and a class by name (with its MPPA for that year), in one round trip; the year is checked first. */
export async function requireYearAndClass(c: SchoolContext, yearId: string, className: string) {
  const { db, school } = c.var;
  const [year, classRows] = await withYear(c, yearId, classes.selectByName(db, school, className, yearId));
  return { year, klass: found(classRows[0], serverText.classNotFound) };
}
