// Classes of a school, ordered (the order drives promotion to the next class).
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { existsNow } from './guards';
import { along, byId, byName, deleteById, ofSchool, updateById } from './scoped';
import { academicPeriods, classes, classFees, schoolYears } from './schema';

const columns = { id: classes.id, name: classes.name, order_index: classes.orderIndex };

/** First to last: by order, then by name. */
const inOrder = [asc(classes.orderIndex), asc(classes.name)];

/** Joins a class to its fee of the year (no fee without a year). */
const feeOfClass = (yearId: string | null): SQL =>
  along(classes, classFees, classFees.classId, yearId === null ? sql`0` : eq(classFees.yearId, yearId));

export const listClasses = (db: Db, school: string) =>
  db
    .select(columns)
    .from(classes)
    .where(ofSchool(classes, school))
    .orderBy(...inOrder)
    .all();

/** Every class of the school in its order, with its MPPA for the year (centimes, null when none is set). */
export const listWithFees = (db: Db, school: string, yearId: string) =>
  db
    .select({ id: classes.id, name: classes.name, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(classFees, feeOfClass(yearId))
    .where(ofSchool(classes, school))
    .orderBy(...inOrder)
    .all();

/** The MPPA (centimes) of each class that has one for the school's current year. */
export const currentYearFees = (db: Db, school: string) =>
  db
    .select({ classId: classFees.classId, mppa: classFees.mppa })
    .from(classFees)
    .innerJoin(schoolYears, along(schoolYears, classFees, classFees.yearId, eq(schoolYears.isCurrent, true)))
    .where(eq(classFees.instanceId, school))
    .all();

/**
 * The classes named (case-insensitive, as the unique index compares), each with its MPPA for the
 * year: one query whatever the number of names (they travel as one JSON parameter).
 */
export const selectByNames = (db: Db, school: string, names: readonly string[], feeYearId: string) =>
  db
    .select({ ...columns, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(classFees, feeOfClass(feeYearId))
    .where(
      and(
        ofSchool(classes, school),
        sql`${classes.name} COLLATE NOCASE IN (SELECT value FROM json_each(${JSON.stringify(names)}))`,
      ),
    );

export const findClass = (db: Db, school: string, id: string) =>
  db
    .select(columns)
    .from(classes)
    .where(byId(classes, school, id))
    .get();

/**
 * The class a name names (unique per school, case-insensitive), with its MPPA for `feeYearId`
 * (null without a year or a fee): a query, to run alone or in a batch.
 */
export const selectByName = (db: Db, school: string, name: string, feeYearId: string | null = null) =>
  db
    .select({ ...columns, mppa: classFees.mppa })
    .from(classes)
    .leftJoin(classFees, feeOfClass(feeYearId))
    .where(byName(classes, school, name))
    .limit(1);

/** A class's id by its name, as a scalar subquery (null when the school has no such class). */
export const classIdByName = (db: Db, school: string, name: string): SQL =>
  sql`(${db
    .select({ id: classes.id })
    .from(classes)
    .where(byName(classes, school, name))})`;

export const findClassByName = async (db: Db, school: string, name: string) =>
  (await selectByName(db, school, name))[0];

const nameMatch = z.object({ requested: z.string(), id: z.string().nullable(), name: z.string().nullable() });

/** For each name, the class it names (compared as the unique index compares), or nulls: one query. */
export async function matchNames(db: Db, school: string, names: string[]) {
  const rows = await db.all(
    sql`SELECT j.value AS requested, c.id AS id, c.name AS name FROM json_each(${JSON.stringify(names)}) j
      LEFT JOIN ${classes} c ON c.instance_id = ${school} AND c.name = j.value COLLATE NOCASE ORDER BY j.key`,
  );
  return z.array(nameMatch).parse(rows);
}

export async function nextClassOrder(db: Db, school: string): Promise<number> {
  const row = await db
    .select({ last: sql<number | null>`max(${classes.orderIndex})` })
    .from(classes)
    .where(ofSchool(classes, school))
    .get();
  return (row?.last ?? 0) + 1;
}

export const insertClasses = (db: Db, school: string, rows: { id: string; name: string; orderIndex: number }[]) =>
  insertChunks(
    db,
    classes,
    rows.map((row) => ({ ...row, instanceId: school })),
  );

export const updateClass = (db: Db, school: string, id: string, change: { name: string; orderIndex?: number }) =>
  updateById(db, classes, school, id, change);

export const deleteClass = (db: Db, school: string, id: string) => deleteById(db, classes, school, id);

/** A guard condition: the class still exists. */
export const classStillExists = (school: string, id: string) => existsNow(classes, byId(classes, school, id));

/**
 * What a class's report cards stand on, in one query: the class by name, whether the year is the
 * school's and whether the period belongs to that year.
 */
export const selectReportScope = (db: Db, school: string, yearId: string, className: string, periodId: string) =>
  db
    .select({
      class_id: classes.id,
      year_ok: sql<number>`EXISTS (SELECT 1 FROM ${schoolYears} WHERE ${schoolYears.instanceId} = ${school} AND ${schoolYears.id} = ${yearId})`,
      period_ok: sql<number>`EXISTS (SELECT 1 FROM ${academicPeriods} WHERE ${academicPeriods.instanceId} = ${school} AND ${academicPeriods.id} = ${periodId} AND ${academicPeriods.yearId} = ${yearId})`,
    })
    .from(classes)
    .where(byName(classes, school, className))
    .limit(1);
