// Teaching: evaluations (and their packed scores), appreciations, teachers, courses, lessons, the
// packed roll calls and their rosters (decision 220), attendance overrides.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './schema-columns';
import { instanceId, schoolKey, schoolTable } from './schema-keys';
import {
  academicPeriods,
  classOfYear,
  classOfYearKeys,
  classes,
  enrollments,
  schoolYears,
  subjects,
  users,
} from './schema-school';

export const evaluations = schoolTable(
  'evaluations',
  {
    classId: text('class_id').notNull(),
    subjectId: text('subject_id').notNull(),
    periodId: text('period_id').notNull(),
    name: text('name').notNull(),
    /** Hundredths of a point. */
    maxScore: integer('max_score').notNull(),
    createdAt: createdAt(),
    /**
     * The evaluation's grades (decision 220): a JSON array of scores in hundredths, one per seat of
     * its class's roster for the period's year (`class_rosters`), null where a pupil has none.
     */
    scores: text('scores').notNull().default('[]'),
  },
  (t) => [
    uniqueIndex('evaluations_name_uq').on(
      t.instanceId,
      t.classId,
      t.subjectId,
      t.periodId,
      sql`${t.name} COLLATE NOCASE`,
    ),
    index('evaluations_period_idx').on(t.instanceId, t.periodId, t.classId),
    schoolKey(t, t.classId, classes, 'cascade'),
    schoolKey(t, t.subjectId, subjects, 'cascade'),
    schoolKey(t, t.periodId, academicPeriods, 'cascade'),
    check('evaluations_max_ck', sql`${t.maxScore} > 0`),
  ],
);

export const appreciations = sqliteTable(
  'appreciations',
  {
    instanceId: instanceId(),
    enrollmentId: text('enrollment_id').notNull(),
    subjectId: text('subject_id').notNull(),
    periodId: text('period_id').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.enrollmentId, t.subjectId, t.periodId] }),
    index('appreciations_period_idx').on(t.instanceId, t.periodId),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
    schoolKey(t, t.subjectId, subjects, 'cascade'),
    schoolKey(t, t.periodId, academicPeriods, 'cascade'),
  ],
);

export const generalAppreciations = sqliteTable(
  'general_appreciations',
  {
    instanceId: instanceId(),
    enrollmentId: text('enrollment_id').notNull(),
    periodId: text('period_id').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.enrollmentId, t.periodId] }),
    index('general_appreciations_period_idx').on(t.instanceId, t.periodId),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
    schoolKey(t, t.periodId, academicPeriods, 'cascade'),
  ],
);

export const teachers = schoolTable(
  'teachers',
  {
    userId: text('user_id'),
    prenom: text('prenom').notNull(),
    nom: text('nom').notNull(),
    phone: text('phone'),
    email: text('email'),
    /** Set when a teacher of past years only is removed: out of the lists, history kept. */
    archivedAt: text('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('teachers_user_uq').on(t.instanceId, t.userId),
    index('teachers_name_idx').on(t.instanceId, t.nom, t.prenom),
    // Not SET NULL: that would null instance_id too. Deleting a user unlinks its teacher first.
    schoolKey(t, t.userId, users),
  ],
);

export const assignments = schoolTable(
  'assignments',
  {
    yearId: text('year_id').notNull(),
    teacherId: text('teacher_id').notNull(),
    classId: text('class_id').notNull(),
    subjectId: text('subject_id').notNull(),
  },
  (t) => [
    uniqueIndex('assignments_course_uq').on(t.instanceId, t.yearId, t.classId, t.subjectId),
    index('assignments_teacher_idx').on(t.instanceId, t.yearId, t.teacherId),
    schoolKey(t, t.yearId, schoolYears, 'cascade'),
    schoolKey(t, t.teacherId, teachers, 'restrict'),
    schoolKey(t, t.classId, classes, 'cascade'),
    schoolKey(t, t.subjectId, subjects, 'cascade'),
  ],
);

export const timetableEntries = schoolTable(
  'timetable_entries',
  {
    assignmentId: text('assignment_id').notNull(),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    locationName: text('location_name'),
  },
  (t) => [
    index('timetable_entries_assignment_idx').on(t.instanceId, t.assignmentId, t.dayOfWeek),
    schoolKey(t, t.assignmentId, assignments, 'cascade'),
    check('timetable_day_ck', sql`${t.dayOfWeek} BETWEEN 1 AND 6`),
    check('timetable_time_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);

const attendanceStatus = ['present', 'absent', 'late', 'justified'] as const;

// Marks and grades are stored packed (decision 220): a pupil's place in a row is their seat in the
// class's roster of the year. Both tables below are WITHOUT ROWID (hand-written in migration
// 0007: drizzle cannot say it; a migration that rebuilds them must keep it), and the marks and
// grades one per row remain readable as the views `attendance_records` and `grades`
// (worker/db/unpacked.ts).

/**
 * A class's enrolments of a year in seat order, a JSON array of enrolment ids. Append-only: a
 * pupil keeps their seat for the year (a leaver's stays, a newcomer takes the next), so a seat
 * never changes hands and packed marks and scores stay theirs.
 */
export const classRosters = sqliteTable(
  'class_rosters',
  {
    instanceId: instanceId(),
    ...classOfYear(),
    enrollmentIds: text('enrollment_ids').notNull().default('[]'),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.yearId, t.classId] }), ...classOfYearKeys(t)],
);

/**
 * A roll call: a lesson (timetable entry) on a date, with the marks of its class packed one
 * character per seat of the class's roster: p(resent), a(bsent), l(ate), j(ustified), '-' none.
 * A roll call without any mark is no row.
 */
export const rollCalls = sqliteTable(
  'roll_calls',
  {
    instanceId: instanceId(),
    timetableEntryId: text('timetable_entry_id').notNull(),
    date: text('date').notNull(),
    marks: text('marks').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.timetableEntryId, t.date] }),
    schoolKey(t, t.timetableEntryId, timetableEntries, 'cascade'),
  ],
);

export const attendanceOverrides = sqliteTable(
  'attendance_overrides',
  {
    instanceId: instanceId(),
    enrollmentId: text('enrollment_id').notNull(),
    date: text('date').notNull(),
    status: text('status', { enum: attendanceStatus }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.enrollmentId, t.date] }),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
  ],
);
