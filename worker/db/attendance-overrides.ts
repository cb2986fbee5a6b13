// A staff member's choice of a student's status for a whole day, over what the lessons' marks say.
import { and, between, eq } from 'drizzle-orm';
import type { ClassDays } from './attendance-records';
import type { Db } from './client';
import { inClassYear } from './enrollments';
import { attendanceOverrides, enrollments } from './schema';
import { along } from './scoped';

/** The overrides of a class's enrolments of a year over a date range. */
export const selectClassOverrides = (db: Db, school: string, c: ClassDays) =>
  db
    .select({
      enrollmentId: attendanceOverrides.enrollmentId,
      date: attendanceOverrides.date,
      status: attendanceOverrides.status,
    })
    .from(attendanceOverrides)
    .innerJoin(
      enrollments,
      along(
        enrollments,
        attendanceOverrides,
        attendanceOverrides.enrollmentId,
        inClassYear(school, c.yearId, c.classId),
      ),
    )
    .where(and(eq(attendanceOverrides.instanceId, school), between(attendanceOverrides.date, c.start, c.end)));

export const setOverride = (
  db: Db,
  school: string,
  enrollmentId: string,
  date: string,
  status: 'present' | 'absent' | 'late' | 'justified',
) =>
  db
    .insert(attendanceOverrides)
    .values({ instanceId: school, enrollmentId, date, status })
    .onConflictDoUpdate({
      target: [attendanceOverrides.instanceId, attendanceOverrides.enrollmentId, attendanceOverrides.date],
      set: { status },
    });

export const clearOverride = (db: Db, school: string, enrollmentId: string, date: string) =>
  db
    .delete(attendanceOverrides)
    .where(
      and(
        eq(attendanceOverrides.instanceId, school),
        eq(attendanceOverrides.enrollmentId, enrollmentId),
        eq(attendanceOverrides.date, date),
      ),
    );
