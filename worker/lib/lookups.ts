// The records a request names by id or by name, of the caller's school, or 404 (another school's
// record answers exactly like a missing one).
import { serverText } from '../contract/texts/server';
import { findSchoolYear } from '../db/school-years';
import type { SchoolContext } from '../env';
import { notFound } from './errors';

export async function requireYear(c: SchoolContext, id: string) {
  const year = await findSchoolYear(c.var.db, c.var.school, id);
  if (!year) throw notFound(serverText.yearNotFound);
  return year;
}
