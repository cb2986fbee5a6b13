// Students and their enrolments: the queries of the student register (document 2 §2, §7).
// Every function takes the school first and filters by it.
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { searchKey, searchWords } from '../domain/text';
import { classes, classFees, enrollments, schoolYears, students } from './schema';

/** Ids per statement: D1 binds at most 100 parameters, the school id is one of them. */
const IDS_PER_STATEMENT = 90;

export function chunk<T>(items: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

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
  and(eq(enrollments.instanceId, students.instanceId), eq(enrollments.studentId, students.id), eq(enrollments.yearId, yearId));
const classOfEnrollment = and(eq(classes.instanceId, enrollments.instanceId), eq(classes.id, enrollments.classId));

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

const studentColumns = { nomKey: sql`${students.nomKey}`, prenomKey: sql`${students.prenomKey}`, nisu: sql`${students.nisu}` };

function listConditions(instanceId: string, query: StudentListQuery): SQL[] {
  const conditions: SQL[] = [eq(students.instanceId, instanceId)];
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
  enrollmentId: sql<string | null>`${enrollments.id}`.as('enrollment_id'),
  enrollmentMppa: sql<number | null>`${enrollments.mppa}`.as('enrollment_mppa'),
  classId: sql<string | null>`${classes.id}`.as('class_id_of_enrollment'),
  className: sql<string | null>`${classes.name}`.as('class_name'),
};

export type StudentWithEnrollmentRow = {
  student: StudentRow;
  enrollmentId: string | null;
  enrollmentMppa: number | null;
  classId: string | null;
  className: string | null;
};

/**
 * One page of the register and the number of matching students, in one D1 round trip (a batch
 * of two statements): the page comes with its year's enrolment and class through joins, so the
 * number of queries never depends on the page size. Both walk the (instance, status, name)
 * indexes; the enrolment join uses the (instance, student, year) unique key.
 */
export async function listStudentsPage(db: Db, instanceId: string, query: StudentListQuery) {
  const where = and(...listConditions(instanceId, query));
  const needsJoin = query.classFilter !== null;
  const countQuery = needsJoin
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
  const pageQuery = db
    .select(studentWithEnrollment)
    .from(students)
    .leftJoin(enrollments, enrollmentOfYear(query.yearId))
    .leftJoin(classes, classOfEnrollment)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [counted, rows] = await db.batch([countQuery, pageQuery]);
  return { total: counted[0]?.total ?? 0, rows: rows as StudentWithEnrollmentRow[] };
}

// ------------------------------------------------------------------------------- lookups

export const getStudentRow = (db: Db, instanceId: string, id: string) =>
  db
    .select()
    .from(students)
    .where(and(eq(students.instanceId, instanceId), eq(students.id, id)))
    .get();

/** A student with the enrolment of one year (or none). */
export const getStudentForYear = (db: Db, instanceId: string, id: string, yearId: string) =>
  db
    .select(studentWithEnrollment)
    .from(students)
    .leftJoin(enrollments, enrollmentOfYear(yearId))
    .leftJoin(classes, classOfEnrollment)
    .where(and(eq(students.instanceId, instanceId), eq(students.id, id)))
    .get() as Promise<StudentWithEnrollmentRow | undefined>;

/** Whether any school already has a student with this id (ids are unique across the platform). */
export async function studentIdInUse(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.select({ id: students.id }).from(students).where(eq(students.id, id)).get());
}

/** A guard condition: the student is still at the revision its form was opened at. */
export const studentAtRevision = (instanceId: string, id: string, revision: number) =>
  sql`EXISTS (SELECT 1 FROM ${students} WHERE ${students.instanceId} = ${instanceId} AND ${students.id} = ${id} AND ${students.revision} = ${revision})`;

/** A guard condition: the enrolment's base MPPA is still the amount read. */
export const enrollmentMppaIs = (instanceId: string, id: string, mppa: number) =>
  sql`EXISTS (SELECT 1 FROM ${enrollments} WHERE ${enrollments.instanceId} = ${instanceId} AND ${enrollments.id} = ${id} AND ${enrollments.mppa} = ${mppa})`;

export const findNisuOwner = (db: Db, instanceId: string, nisu: string) =>
  db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.instanceId, instanceId), eq(students.nisu, nisu)))
    .get();

/** The students among `ids` with their enrolment of the year, in one batch whatever the count. */
export async function studentsWithYearEnrollment(db: Db, instanceId: string, ids: readonly string[], yearId: string) {
  const parts = chunk([...new Set(ids)], IDS_PER_STATEMENT - 1).map((part) =>
    db
      .select({
        id: students.id,
        nom: students.nom,
        prenom: students.prenom,
        photoKey: students.photoKey,
        enrollmentId: sql<string | null>`${enrollments.id}`.as('enrollment_id'),
      })
      .from(students)
      .leftJoin(enrollments, enrollmentOfYear(yearId))
      .where(and(eq(students.instanceId, instanceId), inArray(students.id, part))),
  );
  if (parts.length === 0) return [];
  const results = await db.batch(parts as [(typeof parts)[number], ...(typeof parts)[number][]]);
  return results.flat();
}

/** The students among `ids` (name and photo, for the audit and the clean-up). */
export async function studentsByIds(db: Db, instanceId: string, ids: readonly string[]) {
  const parts = chunk([...new Set(ids)]).map((part) =>
    db
      .select({ id: students.id, nom: students.nom, prenom: students.prenom, photoKey: students.photoKey, status: students.status })
      .from(students)
      .where(and(eq(students.instanceId, instanceId), inArray(students.id, part))),
  );
  if (parts.length === 0) return [];
  const results = await db.batch(parts as [(typeof parts)[number], ...(typeof parts)[number][]]);
  return results.flat();
}

/** Enrolments among `ids` with their student's name and their class. */
export async function enrollmentsByIds(db: Db, instanceId: string, ids: readonly string[]) {
  const parts = chunk([...new Set(ids)]).map((part) =>
    db
      .select({
        id: enrollments.id,
        yearId: enrollments.yearId,
        classId: enrollments.classId,
        className: classes.name,
        nom: students.nom,
        prenom: students.prenom,
      })
      .from(enrollments)
      .innerJoin(classes, classOfEnrollment)
      .innerJoin(students, and(eq(students.instanceId, enrollments.instanceId), eq(students.id, enrollments.studentId)))
      .where(and(eq(enrollments.instanceId, instanceId), inArray(enrollments.id, part))),
  );
  if (parts.length === 0) return [];
  const results = await db.batch(parts as [(typeof parts)[number], ...(typeof parts)[number][]]);
  return results.flat();
}

export const getEnrollment = (db: Db, instanceId: string, id: string) =>
  db
    .select({ id: enrollments.id, studentId: enrollments.studentId, yearId: enrollments.yearId, mppa: enrollments.mppa })
    .from(enrollments)
    .where(and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, id)))
    .get();

export const getYear = (db: Db, instanceId: string, yearId: string) =>
  db
    .select({ id: schoolYears.id, name: schoolYears.name })
    .from(schoolYears)
    .where(and(eq(schoolYears.instanceId, instanceId), eq(schoolYears.id, yearId)))
    .get();

/** A class by its name (names are unique per school, case-insensitive) with its fee for a year. */
export const findClassWithFee = (db: Db, instanceId: string, name: string, yearId: string) =>
  db
    .select({ id: classes.id, name: classes.name, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(
      classFees,
      and(eq(classFees.instanceId, classes.instanceId), eq(classFees.classId, classes.id), eq(classFees.yearId, yearId)),
    )
    .where(and(eq(classes.instanceId, instanceId), sql`${classes.name} = ${name.trim()} COLLATE NOCASE`))
    .get();

export const findClass = (db: Db, instanceId: string, name: string) =>
  db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.instanceId, instanceId), sql`${classes.name} = ${name.trim()} COLLATE NOCASE`))
    .get();

/** The school's classes in their order, each with its MPPA (centimes or null) for the year. */
export const classesWithFees = (db: Db, instanceId: string, yearId: string) =>
  db
    .select({ id: classes.id, name: classes.name, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(
      classFees,
      and(eq(classFees.instanceId, classes.instanceId), eq(classFees.classId, classes.id), eq(classFees.yearId, yearId)),
    )
    .where(eq(classes.instanceId, instanceId))
    .orderBy(asc(classes.orderIndex), asc(classes.name))
    .all();

// ------------------------------------------------------------------------------- writes

/** The folded names the search and the sort read, kept with every write of the names. */
export const nameKeys = (names: { nom: string; prenom: string }) => ({ nomKey: searchKey(names.nom), prenomKey: searchKey(names.prenom) });

export const insertStudent = (db: Db, row: NewStudent) => db.insert(students).values({ ...row, ...nameKeys(row) });

/** A save of the student form: its fields, the folded names, and the next revision. */
export const updateStudent = (
  db: Db,
  instanceId: string,
  id: string,
  values: Omit<Partial<NewStudent>, 'nom' | 'prenom'> & { nom: string; prenom: string },
) =>
  db
    .update(students)
    .set({ ...values, ...nameKeys(values), revision: sql`${students.revision} + 1` })
    .where(and(eq(students.instanceId, instanceId), eq(students.id, id)));

/**
 * Deletes students; the composite foreign keys cascade to their enrolments and from there to
 * payments, adjustments, grades, appreciations and attendance, and to their portal account.
 */
export const deleteStudents = (db: Db, instanceId: string, ids: readonly string[]) =>
  chunk(ids).map((part) => db.delete(students).where(and(eq(students.instanceId, instanceId), inArray(students.id, part))));

export const setStudentsStatus = (db: Db, instanceId: string, ids: readonly string[], status: 'active' | 'archived') =>
  chunk(ids).map((part) =>
    db
      .update(students)
      .set({ status, updatedAt: new Date().toISOString() })
      .where(and(eq(students.instanceId, instanceId), inArray(students.id, part))),
  );

export type NewEnrollment = typeof enrollments.$inferInsert;

export const insertEnrollments = (db: Db, rows: NewEnrollment[]) => insertChunks(db, enrollments, rows);

export const updateEnrollmentMppa = (db: Db, instanceId: string, id: string, mppa: number) =>
  db
    .update(enrollments)
    .set({ mppa })
    .where(and(eq(enrollments.instanceId, instanceId), eq(enrollments.id, id)));

/**
 * Moves enrolments to another class. An enrolment whose MPPA is still its old class's fee for
 * the year follows the fee of the new class (when that class has one); an amount set by hand is
 * kept.
 */
export function moveEnrollments(db: Db, instanceId: string, ids: readonly string[], targetClassId: string) {
  const feeOf = (classId: SQL | string) =>
    sql`(SELECT ${classFees.mppa} FROM ${classFees} WHERE ${classFees.instanceId} = ${enrollments.instanceId} AND ${classFees.yearId} = ${enrollments.yearId} AND ${classFees.classId} = ${classId})`;
  return chunk(ids, IDS_PER_STATEMENT - 2).map((part) =>
    db
      .update(enrollments)
      .set({
        classId: targetClassId,
        mppa: sql`CASE WHEN ${enrollments.mppa} = ${feeOf(sql`${enrollments.classId}`)} THEN COALESCE(${feeOf(targetClassId)}, ${enrollments.mppa}) ELSE ${enrollments.mppa} END`,
      })
      .where(and(eq(enrollments.instanceId, instanceId), inArray(enrollments.id, part))),
  );
}
