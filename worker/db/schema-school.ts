// A school's accounts, roles, years, periods, classes, subjects, programme, fees, students,
// enrolments, class changes, payments and adjustments.
import { sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { createdAt, now } from './schema-columns';
import { instanceId, schoolKey, schoolTable } from './schema-keys';
import { permissions } from './schema-platform';

export const users = schoolTable(
  'users',
  {
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type', { enum: ['admin', 'teacher', 'standard', 'student'] }).notNull(),
    status: text('status', { enum: ['temporary_password', 'active', 'disabled'] }).notNull(),
    tokenVersion: integer('token_version').notNull().default(0),
    /** Moves with a password change and the end of every session: the data keys change (decision 320). */
    dataEpoch: integer('data_epoch').notNull().default(0),
    tempPasswordExpiresAt: text('temp_password_expires_at'),
    studentId: text('student_id'),
    createdAt: createdAt(),
    /** The language the account reads its side in (a pupil's choice, decision 340): 'fr' or 'ht'. */
    language: text('language', { enum: ['fr', 'ht'] })
      .notNull()
      .default('fr'),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.instanceId, sql`${t.username} COLLATE NOCASE`),
    uniqueIndex('users_student_uq').on(t.instanceId, t.studentId),
    schoolKey(t, t.studentId, students, 'cascade'),
  ],
);

export const roles = schoolTable(
  'roles',
  {
    name: text('name').notNull(),
    isSystem: integer('is_system', { mode: 'boolean' }).notNull().default(false),
    templateKey: text('template_key'),
    /** Bumped by every save of the role editor; a save names the revision it was read at. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.instanceId, sql`${t.name} COLLATE NOCASE`)],
);

export const rolePermissions = sqliteTable(
  'role_permissions',
  {
    instanceId: instanceId(),
    roleId: text('role_id').notNull(),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.roleId, t.permissionId] }), schoolKey(t, t.roleId, roles, 'cascade')],
);

export const userRoles = sqliteTable(
  'user_roles',
  {
    instanceId: instanceId(),
    userId: text('user_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.instanceId, t.roleId),
    schoolKey(t, t.userId, users, 'cascade'),
    schoolKey(t, t.roleId, roles, 'cascade'),
  ],
);

export const schoolYears = schoolTable(
  'school_years',
  {
    name: text('name').notNull(),
    isCurrent: integer('is_current', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('school_years_name_uq').on(t.instanceId, t.name),
    uniqueIndex('school_years_current_uq')
      .on(t.instanceId)
      .where(sql`${t.isCurrent} = 1`),
    check('school_years_name_ck', sql`${t.name} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]'`),
  ],
);

export const academicPeriods = schoolTable(
  'academic_periods',
  {
    yearId: text('year_id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** The day the period starts ('YYYY-MM-DD'), optional: the grade book opens on the period under way. */
    startDate: text('start_date'),
  },
  (t) => [
    uniqueIndex('academic_periods_name_uq').on(t.instanceId, t.yearId, sql`${t.name} COLLATE NOCASE`),
    schoolKey(t, t.yearId, schoolYears, 'cascade'),
  ],
);

export const classes = schoolTable(
  'classes',
  {
    name: text('name').notNull(),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    uniqueIndex('classes_name_uq').on(t.instanceId, sql`${t.name} COLLATE NOCASE`),
    index('classes_order_idx').on(t.instanceId, t.orderIndex),
  ],
);

export const subjects = schoolTable(
  'subjects',
  {
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('subjects_name_uq').on(t.instanceId, sql`${t.name} COLLATE NOCASE`)],
);

/** The class of a school year a row is about (a cell of the curriculum, the class's fees, its roster), gone with either. */
export const classOfYear = () => ({ yearId: text('year_id').notNull(), classId: text('class_id').notNull() });
export const classOfYearKeys = (t: {
  instanceId: AnySQLiteColumn;
  yearId: AnySQLiteColumn;
  classId: AnySQLiteColumn;
}) => [schoolKey(t, t.yearId, schoolYears, 'cascade'), schoolKey(t, t.classId, classes, 'cascade')];

export const curriculum = schoolTable(
  'curriculum',
  {
    ...classOfYear(),
    subjectId: text('subject_id').notNull(),
    /** Hundredths of a point: 100 points = 10000. */
    maxGrade: integer('max_grade').notNull().default(10000),
  },
  (t) => [
    uniqueIndex('curriculum_cell_uq').on(t.instanceId, t.yearId, t.classId, t.subjectId),
    ...classOfYearKeys(t),
    schoolKey(t, t.subjectId, subjects, 'cascade'),
    check('curriculum_max_grade_ck', sql`${t.maxGrade} >= 0`),
  ],
);

export const classFees = sqliteTable(
  'class_fees',
  {
    instanceId: instanceId(),
    ...classOfYear(),
    /** Centimes; null = no default amount. */
    mppa: integer('mppa'),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.yearId, t.classId] }),
    ...classOfYearKeys(t),
    check('class_fees_mppa_ck', sql`${t.mppa} IS NULL OR ${t.mppa} >= 0`),
  ],
);

export const students = schoolTable(
  'students',
  {
    nisu: text('nisu'),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    sexe: text('sexe', { enum: ['M', 'F'] }),
    dateOfBirth: text('date_of_birth'),
    /** Where the student was born (the Ministry's class lists ask for it); null when unknown. */
    birthPlace: text('birth_place'),
    address: text('address'),
    photoKey: text('photo_key'),
    tutorName: text('tutor_name'),
    tutorPhone: text('tutor_phone'),
    tutorEmail: text('tutor_email'),
    medicalNotes: text('medical_notes'),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /** searchKey(nom) and searchKey(prenom) (domain/text.ts): the search and the sort read them. */
    nomKey: text('nom_key').notNull().default(''),
    prenomKey: text('prenom_key').notNull().default(''),
    /** Bumped by every save of the student form; a save names the revision it was read at. */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: text('updated_at')
      .notNull()
      .default(now)
      .$onUpdate(() => new Date().toISOString()),
  },
  (t) => [
    uniqueIndex('students_nisu_uq')
      .on(t.instanceId, t.nisu)
      .where(sql`${t.nisu} IS NOT NULL`),
    index('students_by_nom_idx').on(t.instanceId, t.status, t.nomKey, t.prenomKey),
    index('students_by_prenom_idx').on(t.instanceId, t.status, t.prenomKey, t.nomKey),
  ],
);

export const enrollments = schoolTable(
  'enrollments',
  {
    studentId: text('student_id').notNull(),
    yearId: text('year_id').notNull(),
    classId: text('class_id').notNull(),
    /** Base MPPA in centimes. */
    mppa: integer('mppa').notNull().default(0),
    gradesAccessEnabled: integer('grades_access_enabled', { mode: 'boolean' }).notNull().default(true),
    /**
     * Moves by one with every write to the enrolment's money; a finance write checks it inside its
     * batch (migrations/0002: a trigger also moves it when the base MPPA changes elsewhere).
     */
    revision: integer('revision').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_student_year_uq').on(t.instanceId, t.studentId, t.yearId),
    index('enrollments_class_idx').on(t.instanceId, t.yearId, t.classId),
    schoolKey(t, t.studentId, students, 'cascade'),
    schoolKey(t, t.yearId, schoolYears, 'cascade'),
    // A class that has or had enrolments cannot be deleted (product decision).
    schoolKey(t, t.classId, classes, 'restrict'),
    check('enrollments_mppa_ck', sql`${t.mppa} >= 0`),
  ],
);

/**
 * A pupil's change of class during a year (decision 302): the class they left and the school day
 * they joined the new one. The class of an enrolment on a day is the class left by its first
 * change after that day, else its class (db/class-changes.ts). Two changes on one day keep the
 * first one's class left: the class of the days before.
 */
export const classChanges = sqliteTable(
  'class_changes',
  {
    instanceId: instanceId(),
    enrollmentId: text('enrollment_id').notNull(),
    /** The school day (YYYY-MM-DD) the pupil joined their new class. */
    changedOn: text('changed_on').notNull(),
    fromClassId: text('from_class_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.enrollmentId, t.changedOn] }),
    index('class_changes_from_idx').on(t.instanceId, t.fromClassId),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
    schoolKey(t, t.fromClassId, classes, 'cascade'),
  ],
);

export const payments = schoolTable(
  'payments',
  {
    enrollmentId: text('enrollment_id').notNull(),
    date: text('date'),
    label: text('label').notNull().default(''),
    /** Centimes. */
    amount: integer('amount').notNull(),
    /** Per-school receipt number, given once the amount is positive. */
    receiptNo: integer('receipt_no'),
    /** Username of the cashier who recorded it (named on its receipt). */
    recordedBy: text('recorded_by'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payments_receipt_uq')
      .on(t.instanceId, t.receiptNo)
      .where(sql`${t.receiptNo} IS NOT NULL`),
    index('payments_enrollment_idx').on(t.instanceId, t.enrollmentId),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
    check('payments_amount_ck', sql`${t.amount} >= 0`),
  ],
);

export const adjustments = schoolTable(
  'adjustments',
  {
    enrollmentId: text('enrollment_id').notNull(),
    label: text('label').notNull().default(''),
    /** Centimes; negative = scholarship or reduction. */
    amount: integer('amount').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('adjustments_enrollment_idx').on(t.instanceId, t.enrollmentId),
    schoolKey(t, t.enrollmentId, enrollments, 'cascade'),
  ],
);
