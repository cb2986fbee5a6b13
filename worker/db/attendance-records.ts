// Roll calls: a student's status (present, absent, late, justified) in one lesson (a timetable
// entry) on one date, stored per enrolment.
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { assignments, attendanceRecords, enrollments, subjects, timetableEntries } from './schema';

/** The marks of one lesson on one date. */
export const selectSessionMarks = (db: Db, school: string, entryId: string, date: string) =>
  db
    .select({ enrollment_id: attendanceRecords.enrollmentId, status: attendanceRecords.status })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.instanceId, school),
        eq(attendanceRecords.timetableEntryId, entryId),
        eq(attendanceRecords.date, date),
      ),
    );

export interface SessionMarks {
  entryId: string;
  date: string;
  yearId: string;
  classId: string;
  marks: readonly { enrollment_id: string; status: string | null }[];
}

/**
 * A roll call's marks, whatever their number, in two statements reading one JSON parameter: the
 * statuses set (an enrolment of another class or year matches nothing) and the ones cleared.
 */
export function saveSessionMarks(db: Db, school: string, s: SessionMarks) {
  const json = JSON.stringify(s.marks);
  return [
    db
      .insert(attendanceRecords)
      .select(
        sql`SELECT lower(hex(randomblob(16))), ${school}, ${s.entryId}, e.id, ${s.date}, json_extract(j.value, '$.status')
          FROM json_each(${json}) j
          JOIN ${enrollments} e ON e.instance_id = ${school} AND e.id = json_extract(j.value, '$.enrollment_id') AND e.year_id = ${s.yearId} AND e.class_id = ${s.classId}
          WHERE json_extract(j.value, '$.status') IS NOT NULL`,
      )
      .onConflictDoUpdate({
        target: [
          attendanceRecords.instanceId,
          attendanceRecords.timetableEntryId,
          attendanceRecords.enrollmentId,
          attendanceRecords.date,
        ],
        set: { status: sql`excluded.status` },
      }),
    db
      .delete(attendanceRecords)
      .where(
        and(
          eq(attendanceRecords.instanceId, school),
          eq(attendanceRecords.timetableEntryId, s.entryId),
          eq(attendanceRecords.date, s.date),
          sql`${attendanceRecords.enrollmentId} IN (SELECT json_extract(value, '$.enrollment_id') FROM json_each(${json}) WHERE json_extract(value, '$.status') IS NULL)`,
        ),
      ),
  ];
}

/** The marks of a class's enrolments of a year over a date range, with their lesson's subject and time (the reports). */
export const selectClassMarks = (
  db: Db,
  school: string,
  c: { yearId: string; classId: string; start: string; end: string },
) =>
  db
    .select({
      enrollmentId: attendanceRecords.enrollmentId,
      date: attendanceRecords.date,
      status: attendanceRecords.status,
      subject_id: sql<string>`${subjects.id}`.as('subject_id'),
      subject_name: sql<string>`${subjects.name}`.as('subject_name'),
      start_time: timetableEntries.startTime,
    })
    .from(attendanceRecords)
    .innerJoin(
      enrollments,
      and(eq(enrollments.instanceId, attendanceRecords.instanceId), eq(enrollments.id, attendanceRecords.enrollmentId)),
    )
    .innerJoin(
      timetableEntries,
      and(
        eq(timetableEntries.instanceId, attendanceRecords.instanceId),
        eq(timetableEntries.id, attendanceRecords.timetableEntryId),
      ),
    )
    .innerJoin(
      assignments,
      and(eq(assignments.instanceId, timetableEntries.instanceId), eq(assignments.id, timetableEntries.assignmentId)),
    )
    .innerJoin(subjects, and(eq(subjects.instanceId, assignments.instanceId), eq(subjects.id, assignments.subjectId)))
    .where(
      and(
        eq(attendanceRecords.instanceId, school),
        eq(enrollments.yearId, c.yearId),
        eq(enrollments.classId, c.classId),
        between(attendanceRecords.date, c.start, c.end),
      ),
    )
    .orderBy(asc(attendanceRecords.date), asc(timetableEntries.startTime));

/** The marks of one enrolment on one date (what a day's derived status is made of). */
export const selectDayMarks = (db: Db, school: string, enrollmentId: string, date: string) =>
  db
    .select({ status: attendanceRecords.status })
    .from(attendanceRecords)
    .where(
      and(
        eq(attendanceRecords.instanceId, school),
        eq(attendanceRecords.enrollmentId, enrollmentId),
        eq(attendanceRecords.date, date),
      ),
    );
