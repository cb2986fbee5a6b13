// Timetable entries: an assignment (a course) on a weekday, from a start to an end time, in a place.
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { courseColumns, courseNames } from './subjects';
import { existsNow, noneNow } from './guards';
import { along, byId, deleteById, updateById } from './scoped';
import { assignments, classes, rollCalls, subjects, teachers, timetableEntries } from './schema';
import { taughtInYear } from './assignments';
import { aliased } from './batch-columns';

const assignmentOfEntry = along(assignments, timetableEntries, timetableEntries.assignmentId);
const classOfAssignment = along(classes, assignments, assignments.classId);
const subjectOfAssignment = along(subjects, assignments, assignments.subjectId);
const teacherOfAssignment = along(teachers, assignments, assignments.teacherId);

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
    .innerJoin(assignments, assignmentOfEntry)
    .innerJoin(classes, classOfAssignment)
    .innerJoin(subjects, subjectOfAssignment)
    .where(and(eq(timetableEntries.instanceId, school), taughtInYear(db, school, userId, yearId)))
    .orderBy(asc(timetableEntries.dayOfWeek), asc(timetableEntries.startTime), asc(classes.orderIndex));

const lessonColumns = {
  id: aliased(timetableEntries.id, 'entry_id'),
  assignment_id: timetableEntries.assignmentId,
  day_of_week: timetableEntries.dayOfWeek,
  start_time: timetableEntries.startTime,
  end_time: timetableEntries.endTime,
  ...courseColumns,
  teacher_id: assignments.teacherId,
  teacher_prenom: teachers.prenom,
  teacher_nom: teachers.nom,
  location_name: timetableEntries.locationName,
};

/** Lessons with their course (year, teacher, class) and its names, as the timetable screens show them. */
const placedLessons = (db: Db) =>
  db
    .select({ ...lessonColumns, year_id: assignments.yearId, class_id: assignments.classId })
    .from(timetableEntries)
    .innerJoin(assignments, assignmentOfEntry)
    .innerJoin(classes, classOfAssignment)
    .innerJoin(subjects, subjectOfAssignment)
    .innerJoin(teachers, teacherOfAssignment);

/** The lessons of a year for a class or a teacher, by day and start time: one query. */
export const selectWeek = (
  db: Db,
  school: string,
  yearId: string,
  whose: { classId: string } | { teacherId: string },
) =>
  placedLessons(db)
    .where(
      and(
        eq(timetableEntries.instanceId, school),
        eq(assignments.yearId, yearId),
        'classId' in whose ? eq(assignments.classId, whose.classId) : eq(assignments.teacherId, whose.teacherId),
      ),
    )
    .orderBy(asc(timetableEntries.dayOfWeek), asc(timetableEntries.startTime), asc(classes.orderIndex));

/** One lesson with its course (year, teacher, class) and names, or undefined. */
export const findLesson = (db: Db, school: string, id: string) =>
  placedLessons(db)
    .where(byId(timetableEntries, school, id))
    .get();

/** The year's lessons of a teacher or of a class, with what the overlap rule and its message need. */
export const selectPlaced = (db: Db, school: string, yearId: string, teacherId: string, classId: string) =>
  placedLessons(db)
    .where(
      and(
        eq(timetableEntries.instanceId, school),
        eq(assignments.yearId, yearId),
        or(eq(assignments.teacherId, teacherId), eq(assignments.classId, classId)),
      ),
    )
    .all();

export interface LessonSlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
  locationName: string | null;
}

export const insertLesson = (db: Db, school: string, row: LessonSlot & { id: string; assignmentId: string }) =>
  db.insert(timetableEntries).values({ ...row, instanceId: school });

export const updateLesson = (db: Db, school: string, id: string, slot: LessonSlot) =>
  updateById(db, timetableEntries, school, id, slot);

export const deleteLesson = (db: Db, school: string, id: string) => deleteById(db, timetableEntries, school, id);

/**
 * A guard condition: no other lesson of the year's teacher or class overlaps the slot (touching
 * edges do not; times are stored 'HH:MM', so text comparison orders them).
 */
export const noOverlap = (
  school: string,
  c: { yearId: string; teacherId: string; classId: string; self: string | null } & LessonSlot,
) =>
  sql`NOT EXISTS (SELECT 1 FROM ${timetableEntries} t JOIN ${assignments} a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
    WHERE t.instance_id = ${school} AND a.year_id = ${c.yearId} AND (a.teacher_id = ${c.teacherId} OR a.class_id = ${c.classId})
      AND t.day_of_week = ${c.dayOfWeek} AND t.start_time < ${c.endTime} AND t.end_time > ${c.startTime} AND (${c.self} IS NULL OR t.id <> ${c.self}))`;

/**
 * A guard condition: the teacher has no lesson of the year (in another course) that overlaps one
 * of this course's lessons: the course's lessons can become theirs.
 */
export const teacherFreeForCourse = (school: string, c: { yearId: string; teacherId: string; assignmentId: string }) =>
  sql`NOT EXISTS (SELECT 1 FROM ${timetableEntries} m JOIN ${timetableEntries} t ON t.instance_id = m.instance_id
      JOIN ${assignments} a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
    WHERE m.instance_id = ${school} AND m.assignment_id = ${c.assignmentId} AND a.year_id = ${c.yearId}
      AND a.teacher_id = ${c.teacherId} AND a.id <> ${c.assignmentId}
      AND t.day_of_week = m.day_of_week AND t.start_time < m.end_time AND t.end_time > m.start_time)`;

/** A guard condition: no roll call was taken in the lesson. */
export const noRollCall = (school: string, id: string) =>
  noneNow(rollCalls, and(eq(rollCalls.instanceId, school), eq(rollCalls.timetableEntryId, id))!);

/** A guard condition: the lesson is still there. */
export const lessonStillExists = (school: string, id: string) =>
  existsNow(timetableEntries, byId(timetableEntries, school, id));

/** A guard condition: the lesson is still one of this teacher's courses (a hand-over meanwhile stops a roll call). */
export const lessonStillTaughtBy = (school: string, entryId: string, teacherId: string) =>
  sql`EXISTS (SELECT 1 FROM ${timetableEntries} t JOIN ${assignments} a ON a.instance_id = t.instance_id AND a.id = t.assignment_id
    WHERE t.instance_id = ${school} AND t.id = ${entryId} AND a.teacher_id = ${teacherId})`;
