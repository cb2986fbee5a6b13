// Timetable entries: an assignment (a course) on a weekday, from a start to an end time, in a place.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { courseNames } from './subjects';
import { assignments, classes, subjects, timetableEntries } from './schema';
import { profileIdsOfUser } from './teachers';

/** The week of the account's teacher profile in a year (nothing without a profile): one query. */
export const selectWeekOfUser = (db: Db, school: string, yearId: string, userId: string) =>
  db
    .select({
      id: timetableEntries.id,
      day_of_week: timetableEntries.dayOfWeek,
      start_time: timetableEntries.startTime,
      end_time: timetableEntries.endTime,
      ...courseNames,
      location_name: timetableEntries.locationName,
    })
    .from(timetableEntries)
    .innerJoin(assignments, and(eq(assignments.instanceId, timetableEntries.instanceId), eq(assignments.id, timetableEntries.assignmentId)))
    .innerJoin(classes, and(eq(classes.instanceId, assignments.instanceId), eq(classes.id, assignments.classId)))
    .innerJoin(subjects, and(eq(subjects.instanceId, assignments.instanceId), eq(subjects.id, assignments.subjectId)))
    .where(
      and(
        eq(timetableEntries.instanceId, school),
        eq(assignments.yearId, yearId),
        inArray(assignments.teacherId, profileIdsOfUser(db, school, userId)),
      ),
    )
    .orderBy(asc(timetableEntries.dayOfWeek), asc(timetableEntries.startTime), asc(classes.orderIndex));
