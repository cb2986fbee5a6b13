// Assignments: a teacher teaches a subject in a class for a school year (document 2 §3).
import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { along, byId, deleteById } from './scoped';
import {
  assignments,
  classes,
  resources,
  rollCalls,
  schoolYears,
  subjects,
  teachers,
  timetableEntries,
} from './schema';
import { courseColumns, courseNames } from './subjects';
import { profileIdsOfUser } from './teachers';

const classOf = along(classes, assignments, assignments.classId);
const subjectOf = along(subjects, assignments, assignments.subjectId);
const teacherOf = along(teachers, assignments, assignments.teacherId);
const byCourse = [asc(classes.orderIndex), asc(classes.name), asc(subjects.name)];

/** A condition on an assignment row: a course of the account (of one of its teacher profiles). */
export const ofTeacherUser = (db: Db, school: string, userId: string) =>
  inArray(assignments.teacherId, profileIdsOfUser(db, school, userId));

/** A condition on an assignment row: a course the account teaches in the year. */
export const taughtInYear = (db: Db, school: string, userId: string, yearId: string) =>
  and(eq(assignments.instanceId, school), eq(assignments.yearId, yearId), ofTeacherUser(db, school, userId))!;

/** The courses an account teaches in a year, by class order then subject: one query. */
export const selectCoursesOfUser = (db: Db, school: string, yearId: string, userId: string) =>
  db
    .select(courseColumns)
    .from(assignments)
    .innerJoin(classes, classOf)
    .innerJoin(subjects, subjectOf)
    .where(taughtInYear(db, school, userId, yearId))
    .orderBy(...byCourse);

/** The year's assignments with their teacher, by class order then subject: one query. */
export const selectAssignmentsOfYear = (db: Db, school: string, yearId: string) =>
  db
    .select({
      id: assignments.id,
      teacher_id: assignments.teacherId,
      teacher_prenom: teachers.prenom,
      teacher_nom: teachers.nom,
      ...courseColumns,
    })
    .from(assignments)
    .innerJoin(classes, classOf)
    .innerJoin(subjects, subjectOf)
    .innerJoin(teachers, teacherOf)
    .where(and(eq(assignments.instanceId, school), eq(assignments.yearId, yearId)))
    .orderBy(...byCourse);

/** An assignment with its course (ids and names), its year, its teacher and its number of lessons. */
export const findAssignment = (db: Db, school: string, id: string) =>
  db
    .select({
      id: assignments.id,
      yearId: assignments.yearId,
      teacherId: assignments.teacherId,
      classId: assignments.classId,
      subjectId: assignments.subjectId,
      class_name: courseNames.class_name,
      subject_name: courseNames.subject_name,
      teacher_prenom: teachers.prenom,
      teacher_nom: teachers.nom,
      entries: sql<number>`(SELECT count(*) FROM ${timetableEntries} WHERE ${timetableEntries.instanceId} = ${assignments.instanceId} AND ${timetableEntries.assignmentId} = ${assignments.id})`,
    })
    .from(assignments)
    .innerJoin(classes, classOf)
    .innerJoin(subjects, subjectOf)
    .innerJoin(teachers, teacherOf)
    .where(byId(assignments, school, id))
    .get();

/** The names of the years a teacher has courses in (one per course). */
export const selectYearNamesOfTeacher = (db: Db, school: string, teacherId: string) =>
  db
    .select({ name: schoolYears.name })
    .from(assignments)
    .innerJoin(schoolYears, along(schoolYears, assignments, assignments.yearId))
    .where(and(eq(assignments.instanceId, school), eq(assignments.teacherId, teacherId)));

export const insertAssignment = (
  db: Db,
  school: string,
  row: { id: string; yearId: string; teacherId: string; classId: string; subjectId: string },
) => db.insert(assignments).values({ ...row, instanceId: school });

/** Deletes an assignment; its timetable entries go with it (cascade). */
export const deleteAssignment = (db: Db, school: string, id: string) => deleteById(db, assignments, school, id);

/** Gives a course to another teacher: the assignment (and so its lessons, roll calls and resources) changes hands. */
export const setTeacher = (db: Db, school: string, id: string, teacherId: string) =>
  db
    .update(assignments)
    .set({ teacherId })
    .where(byId(assignments, school, id));

/** A guard condition: the assignment is still there and still this teacher's. */
export const stillHeldBy = (school: string, id: string, teacherId: string) =>
  existsNow(assignments, and(byId(assignments, school, id), eq(assignments.teacherId, teacherId))!);

/** A course whose year, class and subject are values or columns of an outer query. */
type CourseRef = { yearId: string | SQLWrapper; classId: string | SQLWrapper; subjectId: string | SQLWrapper };

/** The school's assignment of a course (a course of a year has one at most). */
export const assignmentOf = (school: string | SQLWrapper, course: CourseRef) =>
  and(
    eq(assignments.instanceId, school),
    eq(assignments.yearId, course.yearId),
    eq(assignments.classId, course.classId),
    eq(assignments.subjectId, course.subjectId),
  )!;

/** A guard condition: nobody has the course of the year yet. */
export const courseFree = (school: string, course: { yearId: string; classId: string; subjectId: string }) =>
  noneNow(assignments, assignmentOf(school, course));

/** A guard condition: the assignment is still there. */
export const assignmentStillExists = (school: string, id: string) =>
  existsNow(assignments, byId(assignments, school, id));

/**
 * A guard condition: the teacher has no course in a year named `fromYear` or later (without a
 * current year, in any year): what keeps a teacher from being removed.
 */
export const noCourseFrom = (school: string, teacherId: string, fromYear: string | null) =>
  sql`NOT EXISTS (SELECT 1 FROM ${assignments} a JOIN ${schoolYears} y ON y.instance_id = a.instance_id AND y.id = a.year_id
    WHERE a.instance_id = ${school} AND a.teacher_id = ${teacherId} AND (${fromYear} IS NULL OR y.name >= ${fromYear}))`;

/** A guard condition: the teacher has no course in any year (then the profile can go). */
export const noCourseAtAll = (school: string, teacherId: string) =>
  noneNow(assignments, and(eq(assignments.instanceId, school), eq(assignments.teacherId, teacherId))!);

/** A guard condition: no roll call and no resource belongs to the course (then it can be taken back). */
export const nothingRecorded = (school: string, assignmentId: string) =>
  sql`NOT EXISTS (SELECT 1 FROM ${rollCalls} r JOIN ${timetableEntries} t ON t.instance_id = r.instance_id AND t.id = r.timetable_entry_id
      WHERE t.instance_id = ${school} AND t.assignment_id = ${assignmentId})
    AND ${noneNow(resources, and(eq(resources.instanceId, school), eq(resources.assignmentId, assignmentId))!)}`;

/** Who has a course of a year, if anyone. */
export const findCourseHolder = (
  db: Db,
  school: string,
  course: { yearId: string; classId: string; subjectId: string },
) =>
  db
    .select({ id: assignments.id, teacherId: assignments.teacherId, prenom: teachers.prenom, nom: teachers.nom })
    .from(assignments)
    .innerJoin(teachers, teacherOf)
    .where(assignmentOf(school, course))
    .get();

const ofCourse = (school: string, userId: string, course: CourseRef, db: Db) =>
  and(assignmentOf(school, course), ofTeacherUser(db, school, userId))!;

/** Whether an account teaches a course (a row when it does): batchable. */
export const selectTeachesCourse = (db: Db, school: string, userId: string, course: CourseRef) =>
  db
    .select({ teaches: sql<number>`1` })
    .from(assignments)
    .where(ofCourse(school, userId, course, db))
    .limit(1);

/** Guard: the account still teaches the course when the batch runs. */
export const stillTeaches = (db: Db, school: string, userId: string, course: CourseRef) =>
  existsNow(assignments, ofCourse(school, userId, course, db));

/** Whether an account teaches any subject in a class for a year (a row when it does). */
export const findTeachesClass = (db: Db, school: string, userId: string, yearId: string, classId: string) =>
  db
    .select({ teaches: sql<number>`1` })
    .from(assignments)
    .where(and(taughtInYear(db, school, userId, yearId), eq(assignments.classId, classId)))
    .get();
