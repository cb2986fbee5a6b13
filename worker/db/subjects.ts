// Subjects of a school (shared by all its years; the curriculum places them in classes).
import { asc } from 'drizzle-orm';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { existsNow } from './guards';
import { byId, byName, deleteById, ofSchool } from './scoped';
import { classes, subjects } from './schema';
import { aliased } from './batch-columns';

const columns = { id: subjects.id, name: subjects.name, instance_id: subjects.instanceId };

export const listSubjects = (db: Db, school: string) =>
  db.select(columns).from(subjects).where(ofSchool(subjects, school)).orderBy(asc(subjects.name)).all();

export const findSubject = (db: Db, school: string, id: string) =>
  db
    .select(columns)
    .from(subjects)
    .where(byId(subjects, school, id))
    .get();

export const findSubjectByName = (db: Db, school: string, name: string) =>
  db
    .select(columns)
    .from(subjects)
    .where(byName(subjects, school, name))
    .get();

export const insertSubjects = (db: Db, school: string, rows: { id: string; name: string }[]) =>
  insertChunks(
    db,
    subjects,
    rows.map((row) => ({ ...row, instanceId: school })),
  );

export const updateSubject = (db: Db, school: string, id: string, name: string) =>
  db
    .update(subjects)
    .set({ name })
    .where(byId(subjects, school, id));

export const deleteSubject = (db: Db, school: string, id: string) => deleteById(db, subjects, school, id);

/** A guard condition: the subject still exists. */
export const subjectStillExists = (school: string, id: string) => existsNow(subjects, byId(subjects, school, id));

/**
 * The names of a course (a subject in a class) in a select that joins classes and subjects:
 * aliased, because both columns are called `name`, and D1's batch answers rows by column name
 * (two columns of one name become one, and the columns after it shift).
 */
export const courseNames = {
  subject_name: aliased(subjects.name, 'subject_name'),
  class_name: aliased(classes.name, 'class_name'),
};

/** A course as the teacher's screens name it (document 2 §3 'Teacher course'), its subject id aliased for the same reason. */
export const courseColumns = {
  class_name: courseNames.class_name,
  subject_id: aliased(subjects.id, 'subject_id'),
  subject_name: courseNames.subject_name,
};
