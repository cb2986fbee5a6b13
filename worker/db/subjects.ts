// Subjects of a school (shared by all its years; the curriculum places them in classes).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { evaluations, subjects } from './schema';

const subjectColumns = { id: subjects.id, name: subjects.name, instance_id: subjects.instanceId };

export const listSubjects = (db: Db, instanceId: string) =>
  db.select(subjectColumns).from(subjects).where(eq(subjects.instanceId, instanceId)).orderBy(asc(subjects.name)).all();

export const findSubject = (db: Db, instanceId: string, id: string) =>
  db
    .select(subjectColumns)
    .from(subjects)
    .where(and(eq(subjects.instanceId, instanceId), eq(subjects.id, id)))
    .get();

export const findSubjectByName = (db: Db, instanceId: string, name: string) =>
  db
    .select(subjectColumns)
    .from(subjects)
    .where(and(eq(subjects.instanceId, instanceId), sql`${subjects.name} = ${name} COLLATE NOCASE`))
    .get();

export const insertSubject = (db: Db, instanceId: string, row: { id: string; name: string }) =>
  db.insert(subjects).values({ ...row, instanceId });

export const updateSubject = (db: Db, instanceId: string, id: string, name: string) =>
  db
    .update(subjects)
    .set({ name })
    .where(and(eq(subjects.instanceId, instanceId), eq(subjects.id, id)));

export const deleteSubject = (db: Db, instanceId: string, id: string) =>
  db.delete(subjects).where(and(eq(subjects.instanceId, instanceId), eq(subjects.id, id)));

export async function subjectHasEvaluations(db: Db, instanceId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.instanceId, instanceId), eq(evaluations.subjectId, id)))
    .limit(1)
    .get();
  return Boolean(row);
}
