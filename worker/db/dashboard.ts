// The home screen's figures: one D1 round trip of two statements, whatever the school's size.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { along, ofSchool } from './scoped';
import { adjustments, classes, enrollments, payments } from './schema';
import * as years from './school-years';

const adjustmentsOfEnrollment = sql<number>`(SELECT COALESCE(SUM(${adjustments.amount}), 0) FROM ${adjustments}
  WHERE ${adjustments.instanceId} = ${enrollments.instanceId} AND ${adjustments.enrollmentId} = ${enrollments.id})`;

const paidByEnrollment = (range?: { from: string; to: string }) =>
  sql<number>`(SELECT COALESCE(SUM(${payments.amount}), 0) FROM ${payments}
    WHERE ${payments.instanceId} = ${enrollments.instanceId} AND ${payments.enrollmentId} = ${enrollments.id}
    ${range ? sql`AND ${payments.date} >= ${range.from} AND ${payments.date} < ${range.to}` : sql``})`;

/**
 * Per class of the school (in order): the year's enrolments, what they owe, what they paid and
 * what they paid between `range.from` (included) and `range.to`, in centimes. Null when the year
 * is not the school's.
 */
export async function yearFigures(db: Db, instanceId: string, yearId: string, range: { from: string; to: string }) {
  const [year, rows] = await db.batch([
    years.selectById(db, instanceId, yearId),
    db
      .select({
        id: classes.id,
        name: classes.name,
        enrolled: sql<number>`COUNT(${enrollments.id})`,
        expected: sql<number>`COALESCE(SUM(${enrollments.mppa} + ${adjustmentsOfEnrollment}), 0)`,
        paid: sql<number>`COALESCE(SUM(${paidByEnrollment()}), 0)`,
        paidInMonth: sql<number>`COALESCE(SUM(${paidByEnrollment(range)}), 0)`,
      })
      .from(classes)
      .leftJoin(enrollments, along(classes, enrollments, enrollments.classId, eq(enrollments.yearId, yearId)))
      .where(ofSchool(classes, instanceId))
      .groupBy(classes.id)
      .orderBy(asc(classes.orderIndex), asc(classes.name)),
  ]);
  return year.length === 0 ? null : rows;
}

export type ClassFigures = NonNullable<Awaited<ReturnType<typeof yearFigures>>>[number];
