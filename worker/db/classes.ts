// Classes of a school, ordered (the order drives promotion to the next class).
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { classes, enrollments } from './schema';

const classColumns = { id: classes.id, name: classes.name, order_index: classes.orderIndex };

export const listClasses = (db: Db, instanceId: string) =>
  db
    .select(classColumns)
    .from(classes)
    .where(eq(classes.instanceId, instanceId))
    .orderBy(asc(classes.orderIndex), asc(classes.name))
    .all();

export const findClass = (db: Db, instanceId: string, id: string) =>
  db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.instanceId, instanceId), eq(classes.id, id)))
    .get();

export const findClassByName = (db: Db, instanceId: string, name: string) =>
  db
    .select(classColumns)
    .from(classes)
    .where(and(eq(classes.instanceId, instanceId), sql`${classes.name} = ${name} COLLATE NOCASE`))
    .get();

export async function nextClassOrder(db: Db, instanceId: string): Promise<number> {
  const row = await db
    .select({ last: sql<number | null>`max(${classes.orderIndex})` })
    .from(classes)
    .where(eq(classes.instanceId, instanceId))
    .get();
  return (row?.last ?? 0) + 1;
}

export const insertClass = (db: Db, instanceId: string, row: { id: string; name: string; orderIndex: number }) =>
  db.insert(classes).values({ ...row, instanceId });

export const updateClass = (db: Db, instanceId: string, id: string, change: { name: string; orderIndex?: number }) =>
  db
    .update(classes)
    .set(change)
    .where(and(eq(classes.instanceId, instanceId), eq(classes.id, id)));

export const deleteClass = (db: Db, instanceId: string, id: string) =>
  db.delete(classes).where(and(eq(classes.instanceId, instanceId), eq(classes.id, id)));

/** Any enrolment, of any year, past or present. */
export async function classHasEnrollments(db: Db, instanceId: string, id: string): Promise<boolean> {
  const row = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.instanceId, instanceId), eq(enrollments.classId, id)))
    .limit(1)
    .get();
  return Boolean(row);
}
