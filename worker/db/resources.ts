// Resources of the courses (document 2 §3): files (kept in R2 under the school's prefix, the key
// in `file_key`) and links. Who may read one is a condition of the query itself: the
// administration, the course's teacher, or a student enrolled that year in the course's class.
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow } from './guards';
import { along, byId, deleteById, updateById } from './scoped';
import { assignments, classes, enrollments, resources, subjects, teachers, users } from './schema';
import { ofTeacherUser, taughtInYear } from './assignments';
import { aliased } from './batch-columns';

const assignmentOf = along(assignments, resources, resources.assignmentId);
const classOf = along(classes, assignments, assignments.classId);
const subjectOf = along(subjects, assignments, assignments.subjectId);
const teacherOf = along(teachers, assignments, assignments.teacherId);

const columns = {
  id: resources.id,
  assignment_id: resources.assignmentId,
  resource_type: resources.resourceType,
  title: resources.title,
  url: resources.url,
  file_key: resources.fileKey,
  file_name: resources.fileName,
  mime_type: resources.mimeType,
  size: resources.size,
  created_at: resources.createdAt,
  year_id: assignments.yearId,
  teacher_id: assignments.teacherId,
  class_name: aliased(classes.name, 'class_name'),
  subject_id: aliased(subjects.id, 'subject_id'),
  subject_name: aliased(subjects.name, 'subject_name'),
  teacher_prenom: teachers.prenom,
  teacher_nom: teachers.nom,
};

const selectWhere = (db: Db, where: SQL) =>
  db
    .select(columns)
    .from(resources)
    .innerJoin(assignments, assignmentOf)
    .innerJoin(classes, classOf)
    .innerJoin(subjects, subjectOf)
    .innerJoin(teachers, teacherOf)
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id));

export type ResourceRow = Awaited<ReturnType<typeof selectWhere>>[number];

/** The resources of a year's courses, newest first. */
export const selectOfYear = (db: Db, school: string, yearId: string) =>
  selectWhere(db, and(eq(resources.instanceId, school), eq(assignments.yearId, yearId))!);

/** The resources of the courses an account teaches in a year. */
export const selectOfTeacher = (db: Db, school: string, yearId: string, userId: string) =>
  selectWhere(db, and(eq(resources.instanceId, school), taughtInYear(db, school, userId, yearId))!);

/** The resources of a class in a year. */
export const selectOfClass = (db: Db, school: string, yearId: string, classId: string) =>
  selectWhere(
    db,
    and(eq(resources.instanceId, school), eq(assignments.yearId, yearId), eq(assignments.classId, classId))!,
  );

/** Who reads: the whole school's resources, a teacher's courses, or a student's class of the course's year. */
export type Reader = { kind: 'manager' } | { kind: 'teacher'; userId: string } | { kind: 'student'; userId: string };

/** A condition on an assignment row: the reader may see its resources. */
function readable(db: Db, school: string, reader: Reader): SQL {
  if (reader.kind === 'manager') return sql`1 = 1`;
  if (reader.kind === 'teacher') return ofTeacherUser(db, school, reader.userId);
  return sql`EXISTS (SELECT 1 FROM ${enrollments} e JOIN ${users} u ON u.instance_id = e.instance_id AND u.student_id = e.student_id
    WHERE e.instance_id = ${school} AND u.id = ${reader.userId} AND e.year_id = ${assignments.yearId} AND e.class_id = ${assignments.classId})`;
}

/** One resource of the school, if the reader may read it (else nothing, like a missing one). */
export const findReadable = (db: Db, school: string, id: string, reader: Reader) =>
  selectWhere(db, and(byId(resources, school, id), readable(db, school, reader))!).get();

const courseColumns = {
  id: assignments.id,
  year_id: assignments.yearId,
  teacher_prenom: teachers.prenom,
  teacher_nom: teachers.nom,
  subject_id: aliased(subjects.id, 'subject_id'),
  subject_name: aliased(subjects.name, 'subject_name'),
  class_name: aliased(classes.name, 'class_name'),
};

const selectCourses = (db: Db, where: SQL) =>
  db
    .select(courseColumns)
    .from(assignments)
    .innerJoin(classes, classOf)
    .innerJoin(subjects, subjectOf)
    .innerJoin(teachers, teacherOf)
    .where(where)
    .orderBy(classes.orderIndex, classes.name, subjects.name);

/** The courses of a year whose resources the writer manages (a teacher: their own), by class order then subject. */
export const selectManageableCourses = (db: Db, school: string, yearId: string, writer: Reader) =>
  selectCourses(
    db,
    and(eq(assignments.instanceId, school), eq(assignments.yearId, yearId), readable(db, school, writer))!,
  );

/** The course a write names, with its names, if the writer may manage its resources. */
export const findManageableAssignment = (db: Db, school: string, assignmentId: string, writer: Reader) =>
  selectCourses(db, and(byId(assignments, school, assignmentId), readable(db, school, writer))!).get();

/** Guard: the writer may still manage the assignment's resources when the batch runs. */
export const stillManageable = (db: Db, school: string, assignmentId: string, writer: Reader) =>
  existsNow(assignments, and(byId(assignments, school, assignmentId), readable(db, school, writer))!);

/** Guard: the resource is still there, unchanged (same file), in the same course. */
export const stillSame = (school: string, id: string, assignmentId: string, fileKey: string | null) =>
  existsNow(
    resources,
    and(
      byId(resources, school, id),
      eq(resources.assignmentId, assignmentId),
      fileKey === null ? sql`${resources.fileKey} IS NULL` : eq(resources.fileKey, fileKey),
    )!,
  );

export interface NewResource {
  id: string;
  assignmentId: string;
  resourceType: 'file' | 'link';
  title: string;
  url: string | null;
  fileKey: string | null;
  fileName: string | null;
  mimeType: string | null;
  size: number | null;
  createdAt?: string;
}

export const insertResource = (db: Db, school: string, row: NewResource) =>
  db.insert(resources).values({ ...row, instanceId: school });

export const updateResource = (
  db: Db,
  school: string,
  id: string,
  change: Pick<NewResource, 'title' | 'url' | 'fileKey' | 'fileName' | 'mimeType' | 'size'>,
) => updateById(db, resources, school, id, change);

export const deleteResource = (db: Db, school: string, id: string) => deleteById(db, resources, school, id);

/** Whether an id is already taken (a queued create replayed, or a client's id reused). */
export const findAnyById = (db: Db, id: string) =>
  db.select({ instanceId: resources.instanceId }).from(resources).where(eq(resources.id, id)).get();

/** The file keys the given resources hold, whatever their school (the file sweep: a file no resource holds is an orphan). */
export const fileKeysOf = (db: Db, ids: string[]) =>
  db.select({ key: resources.fileKey }).from(resources).where(inArray(resources.id, ids));
