// Students: the register's page, the lookups of the student form and the bulk actions, and the
// writes of the student form (document 2 §2, §7). A read that returns students with their
// enrolment of the year lives here; the enrolments' own reads and writes in db/enrollments.ts.
import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { searchKey, searchWords } from '../domain/text';
import { chunk, IDS_PER_STATEMENT, insertChunks, selectByIds } from './chunks';
import type { Db } from './client';
import { existsNow } from './guards';
import { along, byId, ofSchool } from './scoped';
import { classes, enrollments, students } from './schema';
import { leftJoined } from './batch-columns';

export type StudentRow = typeof students.$inferSelect;
export type NewStudent = typeof students.$inferInsert;

// ---------------------------------------------------------------------------------- list

/** The reserved class filter value that lists the students not enrolled in the year. */
export const UNENROLLED_FILTER = '__non_inscrits__';

export interface StudentListQuery {
  yearId: string;
  page: number;
  limit: number;
  includeArchived: boolean;
  /** A class name, UNENROLLED_FILTER, or null for every student. */
  classFilter: string | null;
  /** Words that must each appear in the last name, the first name or the NISU (domain/text.ts). */
  search: string;
  sort: 'nom' | 'prenom';
}

const enrollmentOfYear = (yearId: string) =>
  along(students, enrollments, enrollments.studentId, eq(enrollments.yearId, yearId));
const classOfEnrollment = along(classes, enrollments, enrollments.classId);

/**
 * The one student search rule in SQL (domain/text.ts matchesStudentSearch): every folded word of
 * the query is found by instr() in the student's folded names or NISU. No LIKE, so no 50-byte
 * pattern limit, and no wildcard characters. Shared with the financial report, whose raw SQL
 * names the columns through its own table alias.
 */
export function studentSearchCondition(query: string, columns: { nomKey: SQL; prenomKey: SQL; nisu: SQL }): SQL | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  const text = sql`(${columns.nomKey} || ' ' || ${columns.prenomKey} || ' ' || lower(coalesce(${columns.nisu}, '')))`;
  return sql.join(
    words.map((word) => sql`instr(${text}, ${word}) > 0`),
    sql` AND `,
  );
}

const studentColumns = {
  nomKey: sql`${students.nomKey}`,
  prenomKey: sql`${students.prenomKey}`,
  nisu: sql`${students.nisu}`,
};

function listConditions(school: string, query: StudentListQuery): SQL[] {
  const conditions: SQL[] = [ofSchool(students, school)];
  if (!query.includeArchived) conditions.push(eq(students.status, 'active'));
  if (query.classFilter === UNENROLLED_FILTER) conditions.push(isNull(enrollments.id));
  else if (query.classFilter) conditions.push(sql`${classes.name} = ${query.classFilter} COLLATE NOCASE`);
  const search = studentSearchCondition(query.search, studentColumns);
  if (search) conditions.push(search);
  return conditions;
}

// Joined columns get their own names: D1 answers a batch as objects keyed by column name, so a
// second `id` would overwrite the student's.
const studentWithEnrollment = {
  student: students,
  enrollmentId: leftJoined(enrollments.id, 'enrollment_id'),
  enrollmentMppa: leftJoined(enrollments.mppa, 'enrollment_mppa'),
  classId: leftJoined(classes.id, 'class_id_of_enrollment'),
  className: leftJoined(classes.name, 'class_name'),
};

const withYearEnrollment = (db: Db, yearId: string) =>
  db
    .select(studentWithEnrollment)
    .from(students)
    .leftJoin(enrollments, enrollmentOfYear(yearId))
    .leftJoin(classes, classOfEnrollment);

export type StudentWithEnrollmentRow = Awaited<ReturnType<typeof withYearEnrollment>>[number];

/**
 * One page of the register and the number of matching students, in one D1 round trip (a batch
 * of two statements): the page comes with its year's enrolment and class through joins, so the
 * number of queries never depends on the page size. Both walk the (instance, status, name)
 * indexes; the enrolment join uses the (instance, student, year) unique key.
 */
export async function listStudentsPage(db: Db, school: string, query: StudentListQuery) {
  const where = and(...listConditions(school, query));
  const countQuery =
    query.classFilter !== null
      ? db
          .select({ total: count() })
          .from(students)
          .leftJoin(enrollments, enrollmentOfYear(query.yearId))
          .leftJoin(classes, classOfEnrollment)
          .where(where)
      : db.select({ total: count() }).from(students).where(where);
  // Folded names: 'Étienne' sorts with the E's, not after Z.
  const order =
    query.sort === 'prenom'
      ? [asc(students.prenomKey), asc(students.nomKey), asc(students.id)]
      : [asc(students.nomKey), asc(students.prenomKey), asc(students.id)];
  const pageQuery = withYearEnrollment(db, query.yearId)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted, rows] = await db.batch([countQuery, pageQuery]);
  return { total: counted[0]?.total ?? 0, rows };
}

// ------------------------------------------------------------------------------- lookups

export const findStudent = (db: Db, school: string, id: string) =>
  db
    .select()
    .from(students)
    .where(byId(students, school, id))
    .get();

/** A student with the enrolment of one year (or none). */
export const findStudentForYear = (db: Db, school: string, id: string, yearId: string) =>
  withYearEnrollment(db, yearId)
    .where(byId(students, school, id))
    .get();

/** Whether any school already has a student with this id (ids are unique across the platform). */
export async function studentIdInUse(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.select({ id: students.id }).from(students).where(eq(students.id, id)).get());
}

/** A guard condition: the student is still at the revision its form was opened at. */
export const studentAtRevision = (school: string, id: string, revision: number) =>
  existsNow(students, and(byId(students, school, id), eq(students.revision, revision))!);

export const findNisuOwner = (db: Db, school: string, nisu: string) =>
  db
    .select({ id: students.id })
    .from(students)
    .where(and(ofSchool(students, school), eq(students.nisu, nisu)))
    .get();

// ------------------------------------------------------------------------ register import

/** A list of values as one JSON parameter, read by SQL's json_each: one statement whatever its length. */
const jsonList = (values: readonly string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/**
 * Which of these ids are taken, by this school (`ours` = 1) or by another one (ids are unique
 * across the platform): the lines of an import already written, and the ids to replace.
 */
export const selectTakenIds = (db: Db, school: string, ids: readonly string[]) =>
  db
    .select({ id: students.id, ours: sql<number>`${students.instanceId} = ${school}`.as('ours') })
    .from(students)
    .where(sql`${students.id} IN ${jsonList(ids)}`);

const importMatch = {
  id: students.id,
  nom: students.nom,
  prenom: students.prenom,
  nisu: students.nisu,
  person:
    sql<string>`${students.nomKey} || '|' || ${students.prenomKey} || '|' || coalesce(${students.dateOfBirth}, '')`.as(
      'person',
    ),
};

/** The school's students holding one of these NISUs (never another school's). */
export const selectByNisus = (db: Db, school: string, nisus: readonly string[]) =>
  db
    .select(importMatch)
    .from(students)
    .where(and(ofSchool(students, school), isNotNull(students.nisu), sql`${students.nisu} IN ${jsonList(nisus)}`));

/**
 * The school's students with the same folded names and birth date as one of `persons`
 * (domain/register-import.ts personKey: 'nom|prenom|YYYY-MM-DD').
 */
export const selectByPersons = (db: Db, school: string, persons: readonly string[]) =>
  db
    .select(importMatch)
    .from(students)
    .where(
      and(
        ofSchool(students, school),
        sql`${students.nomKey} || '|' || ${students.prenomKey} || '|' || coalesce(${students.dateOfBirth}, '') IN ${jsonList(persons)}`,
      ),
    );

/**
 * A guard condition of an import's batch: none of these NISUs, names and birth dates is the
 * school's, and none of these ids is taken anywhere, when the batch runs (decision 041).
 */
export const noneOfImport = (school: string, keys: { ids: string[]; nisus: string[]; persons: string[] }) =>
  sql`NOT EXISTS (SELECT 1 FROM ${students} WHERE ${students.id} IN ${jsonList(keys.ids)})
    AND NOT EXISTS (SELECT 1 FROM ${students} WHERE ${students.instanceId} = ${school} AND ${students.nisu} IS NOT NULL AND ${students.nisu} IN ${jsonList(keys.nisus)})
    AND NOT EXISTS (SELECT 1 FROM ${students} WHERE ${students.instanceId} = ${school} AND ${students.nomKey} || '|' || ${students.prenomKey} || '|' || coalesce(${students.dateOfBirth}, '') IN ${jsonList(keys.persons)})`;

/** Students of an import: inserted with their folded names, a few rows per statement (D1's 100 parameters). */
export const insertStudents = (db: Db, rows: NewStudent[]) =>
  insertChunks(
    db,
    students,
    rows.map((row) => ({ ...row, ...nameKeys(row) })),
  );

/** The students among `ids` with their enrolment of the year, in one batch whatever the count. */
export const studentsWithYearEnrollment = (db: Db, school: string, ids: readonly string[], yearId: string) =>
  selectByIds(
    db,
    ids,
    (part) =>
      db
        .select({
          id: students.id,
          nom: students.nom,
          prenom: students.prenom,
          enrollmentId: leftJoined(enrollments.id, 'enrollment_id'),
        })
        .from(students)
        .leftJoin(enrollments, enrollmentOfYear(yearId))
        .where(and(ofSchool(students, school), inArray(students.id, part))),
    IDS_PER_STATEMENT - 1,
  );

/** The students among `ids` (name and photo, for the audit and the clean-up). */
export const studentsByIds = (db: Db, school: string, ids: readonly string[]) =>
  selectByIds(db, ids, (part) =>
    db
      .select({
        id: students.id,
        nom: students.nom,
        prenom: students.prenom,
        photoKey: students.photoKey,
        status: students.status,
      })
      .from(students)
      .where(and(ofSchool(students, school), inArray(students.id, part))),
  );

// ------------------------------------------------------------------------------- writes

/** The folded names the search and the sort read, kept with every write of the names. */
export const nameKeys = (names: { nom: string; prenom: string }) => ({
  nomKey: searchKey(names.nom),
  prenomKey: searchKey(names.prenom),
});

export const insertStudent = (db: Db, row: NewStudent) => db.insert(students).values({ ...row, ...nameKeys(row) });

/** A save of the student form: its fields, the folded names, and the next revision. */
export const updateStudent = (
  db: Db,
  school: string,
  id: string,
  values: Omit<Partial<NewStudent>, 'nom' | 'prenom'> & { nom: string; prenom: string },
) =>
  db
    .update(students)
    .set({ ...values, ...nameKeys(values), revision: sql`${students.revision} + 1` })
    .where(byId(students, school, id));

const inIds = (school: string, part: string[]) => and(ofSchool(students, school), inArray(students.id, part));

/**
 * Deletes students; the composite foreign keys cascade to their enrolments and from there to
 * payments, adjustments, appreciations and attendance overrides, and to their portal account;
 * an enrolment's marks and grades, packed by seat, are erased by migration 0007's trigger
 * (decision 220).
 */
export const deleteStudents = (db: Db, school: string, ids: readonly string[]) =>
  chunk(ids).map((part) => db.delete(students).where(inIds(school, part)));

export const setStudentsStatus = (db: Db, school: string, ids: readonly string[], status: 'active' | 'archived') =>
  chunk(ids).map((part) =>
    db.update(students).set({ status, updatedAt: new Date().toISOString() }).where(inIds(school, part)),
  );

/** The photo keys the given students hold, whatever their school (the file sweep: a photo no student holds is an orphan). */
export const photoKeysOf = (db: Db, ids: string[]) =>
  db.select({ key: students.photoKey }).from(students).where(inArray(students.id, ids));
