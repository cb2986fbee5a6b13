// The whole data model of both spec documents. Tenancy rule (docs/decisions/002-tenancy.md):
// every table holding a school's data has `instance_id NOT NULL`, a UNIQUE (instance_id, id)
// key that children reference, and composite foreign keys that include instance_id (`schoolKey`),
// so a row can never point into another school. Money is integer centimes, scores integer hundredths.
import { type BuildColumns, sql } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  check,
  foreignKey,
  index,
  integer,
  primaryKey,
  type SQLiteColumnBuilderBase,
  type SQLiteTableExtraConfigValue,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
/** A log row's time, from its id (its first 13 characters: milliseconds since 1970). */
const LOG_ID_TIME = sql`strftime('%Y-%m-%dT%H:%M:%fZ', substr(id, 1, 13) / 1000.0, 'unixepoch')`;
const createdAt = () => text('created_at').notNull().default(now);

// ---------------------------------------------------------------- platform (no instance)

/** What a log entry says, in the platform's log and in a school's (`audit_log`): who, what, when. */
const logEntry = () => ({
  username: text('username').notNull(),
  actionType: text('action_type').notNull(),
  targetName: text('target_name'),
  details: text('details'),
  createdAt: createdAt(),
});

export const instances = sqliteTable(
  'instances',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    address: text('address'),
    phone: text('phone'),
    passingGrade: integer('passing_grade').notNull().default(50),
    currency: text('currency', { enum: ['Gdes', '$HT', 'US', 'EU'] })
      .notNull()
      .default('Gdes'),
    logoKey: text('logo_key'),
    hostname: text('hostname'),
    /** Other hostnames the school answers on (issue 17), a JSON array; `hostname` is its main one. */
    aliases: text('aliases', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    expiresAt: text('expires_at'),
    receiptSeq: integer('receipt_seq').notNull().default(0),
    createdAt: createdAt(),
    /**
     * Several databases (decision 171, "Design as built"). In the directory: the binding of the
     * school database holding the school (SCHOOL_DB_n); NULL there, and always in a school
     * database: the school's rows are in this very database.
     */
    shard: text('shard'),
    /**
     * The school's row in its database: `open`; `moving` while a move copies it (its users are
     * refused, every write batch too); `incoming`, the copy being made in the target; `moved`,
     * the rows left behind until they are deleted (or a restore's target being replaced);
     * `restoring`, a backup being restored into a new school that no host reaches yet (decision
     * 312). A read over several schools keeps `open` and `moving` rows only.
     */
    state: text('state', { enum: ['open', 'moving', 'incoming', 'moved', 'restoring'] })
      .notNull()
      .default('open'),
    /** Staff and teacher accounts; students not archived: kept by triggers (migration 0012) for the console. */
    usersCount: integer('users_count').notNull().default(0),
    studentsCount: integer('students_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('instances_hostname_uq').on(t.hostname),
    uniqueIndex('instances_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault} = 1`),
    check('instances_passing_grade_ck', sql`${t.passingGrade} BETWEEN 0 AND 100`),
  ],
);

export const permissions = sqliteTable('permissions', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  category: text('category').notNull(),
  description: text('description').notNull(),
});

export const platformUsers = sqliteTable(
  'platform_users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type', { enum: ['superadmin', 'superadmin_delegate', 'guardian'] }).notNull(),
    status: text('status', { enum: ['temporary_password', 'active', 'disabled'] }).notNull(),
    tokenVersion: integer('token_version').notNull().default(0),
    /** Moves with a password change and the end of every session: the data keys change (decision 320). */
    dataEpoch: integer('data_epoch').notNull().default(0),
    tempPasswordExpiresAt: text('temp_password_expires_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('platform_users_username_uq').on(sql`${t.username} COLLATE NOCASE`)],
);

export const platformAnnouncements = sqliteTable('platform_announcements', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  createdBy: text('created_by'),
  createdAt: createdAt(),
});

export const platformAuditLog = sqliteTable(
  'platform_audit_log',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    ...logEntry(),
    /** The school the action concerns (creating, editing, suspending it…), so its history finds it (issue 23). */
    schoolId: text('school_id').references(() => instances.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('platform_audit_log_created_idx').on(t.createdAt),
    index('platform_audit_log_school_idx').on(t.schoolId, t.createdAt),
  ],
);

// Replays of a write answer the stored response (architecture guide, API conventions).
// The account id is a school user or a platform user, so the key is not a school table.
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: text('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * A signed-in device (decision 004): the long-lived session a browser renews its short access
 * token from, with a rotating credential (`generation`, the credential itself is never stored:
 * worker/auth/device-session.ts). Tied to the account's token version, so every change that
 * bumps it (password, reset, roles, disable) ends the device's session too; sign-out deletes the
 * row. Times are Unix seconds (integers: small rows, decision 171). `instance_id` is null for a
 * platform account. Every access token names its row (claim `sid`) and every request reads it with
 * the account, so ending the row ends the token at once (decision 314); `user_agent` (cut to 256
 * characters) names the device in the account's Sécurité list, `rotated_at` is its last use.
 */
export const deviceSessions = sqliteTable(
  'device_sessions',
  {
    id: text('id').primaryKey(),
    instanceId: text('instance_id'),
    accountId: text('account_id').notNull(),
    tokenVersion: integer('token_version').notNull(),
    generation: integer('generation').notNull().default(0),
    rotatedAt: integer('rotated_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    userAgent: text('user_agent'),
    /** The browser's device id at sign-in (its device cookie): with the account, its data key (decision 320). */
    deviceId: text('device_id'),
  },
  (t) => [index('device_sessions_account_idx').on(t.accountId)],
);

/**
 * The platform accounts' usernames, copied into every school database (decision 250): a trigger
 * (migration 0012) refuses a school account of one of these names, in the batch that creates it,
 * so a platform account never shadows a school account at sign-in whatever the order of writes.
 */
export const reservedUsernames = sqliteTable('reserved_usernames', {
  username: text('username').primaryKey(),
  createdAt: createdAt(),
});

/**
 * Write guards (worker/lib/write.ts): a batch inserts a row whose `ok` is a condition; a trigger
 * (migration 0002) drops true rows and aborts the whole batch on a false one. Always empty.
 */
export const writeGuards = sqliteTable('write_guards', {
  ok: integer('ok'),
});

/**
 * Schools deleted whose storage outside D1 (their SchoolHub Durable Object) the daily clean-up
 * still has to empty: a trigger on `instances` (migration 0011) adds the row, the clean-up
 * (worker/housekeeping.ts) removes it once done. Their R2 files go with the file sweep.
 */
export const deletedSchools = sqliteTable('deleted_schools', {
  id: text('id').primaryKey(),
  deletedAt: text('deleted_at').notNull(),
});

/** Where the daily clean-up's bounded walks stopped (the file sweep's last key), to go on from there next time. */
export const housekeepingMarks = sqliteTable('housekeeping_marks', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

// ---------------------------------------------------------------- school tables

const instanceId = () =>
  text('instance_id')
    .notNull()
    .references(() => instances.id, { onDelete: 'cascade' });

/** A school table's key: its `instance_id`, and its `id` that children reference with the school's. */
interface SchoolKeyed {
  instanceId: AnySQLiteColumn;
  id: AnySQLiteColumn;
}

/**
 * The composite foreign key of the tenancy rule: `(instance_id, <column>) -> parent(instance_id,
 * id)`, so that a row can only point at a row of its own school. Every reference from one school
 * table to another is written with it.
 */
const schoolKey = (
  t: { instanceId: AnySQLiteColumn },
  column: AnySQLiteColumn,
  parent: SchoolKeyed,
  onDelete?: 'cascade' | 'restrict',
) => {
  const key = foreignKey({ columns: [t.instanceId, column], foreignColumns: [parent.instanceId, parent.id] });
  return onDelete ? key.onDelete(onDelete) : key;
};

const keyColumns = () => ({ id: text('id').primaryKey(), instanceId: instanceId() });
type KeyColumns = ReturnType<typeof keyColumns>;

/**
 * A school table with an id of its own: `id` and `instance_id` first, then its columns; the
 * UNIQUE (instance_id, id) key its children reference (`<name>_instance_id_uq`), then its own
 * indexes and keys.
 */
const schoolTable = <N extends string, C extends Record<string, SQLiteColumnBuilderBase>>(
  name: N,
  columns: C,
  extra: (t: BuildColumns<N, KeyColumns & C, 'sqlite'>) => SQLiteTableExtraConfigValue[] = () => [],
) =>
  sqliteTable(name, { ...keyColumns(), ...columns }, (t) => [
    uniqueIndex(`${name}_instance_id_uq`).on(t.instanceId, t.id),
    ...extra(t),
  ]);

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
const classOfYear = () => ({ yearId: text('year_id').notNull(), classId: text('class_id').notNull() });
const classOfYearKeys = (t: { instanceId: AnySQLiteColumn; yearId: AnySQLiteColumn; classId: AnySQLiteColumn }) => [
  schoolKey(t, t.yearId, schoolYears, 'cascade'),
  schoolKey(t, t.classId, classes, 'cascade'),
];

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

/** The school's announcements to its teachers, and below to its students: the same shape, newest first. */
const announcementTable = <N extends 'teacher_announcements' | 'student_announcements'>(name: N) =>
  schoolTable(
    name,
    { content: text('content').notNull(), authorId: text('author_id'), createdAt: createdAt() },
    (t) => [index(`${name}_created_idx`).on(t.instanceId, t.createdAt)],
  );

export const teacherAnnouncements = announcementTable('teacher_announcements');

export const teacherAnnouncementRecipients = sqliteTable(
  'teacher_announcement_recipients',
  {
    instanceId: instanceId(),
    announcementId: text('announcement_id').notNull(),
    teacherId: text('teacher_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.announcementId, t.teacherId] }),
    index('teacher_announcement_recipients_teacher_idx').on(t.instanceId, t.teacherId),
    schoolKey(t, t.announcementId, teacherAnnouncements, 'cascade'),
    schoolKey(t, t.teacherId, teachers, 'cascade'),
  ],
);

export const studentAnnouncements = announcementTable('student_announcements');

/** No row for an announcement = all classes. */
export const studentAnnouncementClasses = sqliteTable(
  'student_announcement_classes',
  {
    instanceId: instanceId(),
    announcementId: text('announcement_id').notNull(),
    classId: text('class_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.announcementId, t.classId] }),
    schoolKey(t, t.announcementId, studentAnnouncements, 'cascade'),
    schoolKey(t, t.classId, classes, 'cascade'),
  ],
);

export const resources = schoolTable(
  'resources',
  {
    assignmentId: text('assignment_id').notNull(),
    resourceType: text('resource_type', { enum: ['file', 'link'] }).notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** R2 object key; files never live in D1. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    mimeType: text('mime_type'),
    size: integer('size'),
    createdAt: createdAt(),
  },
  (t) => [
    index('resources_assignment_idx').on(t.instanceId, t.assignmentId),
    schoolKey(t, t.assignmentId, assignments, 'cascade'),
  ],
);

/**
 * A school's log (decision 331): one row per write batch, WITHOUT ROWID (migration 0018, which
 * drizzle cannot say) in the order of its key (school, id), and no index: a school's rows are one
 * range of the table. The id is the row's time and a tail (`<13 digits of ms since 1970><6
 * digits>`: `newLogId`), so a range of days is a range of ids, and `created_at` is computed from
 * the id (stored nowhere).
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: text('id').notNull(),
    instanceId: instanceId(),
    /** The author's username (a school's usernames are unique and never change: the user filter reads it). */
    username: text('username').notNull(),
    actionType: text('action_type').notNull(),
    targetName: text('target_name'),
    details: text('details'),
    createdAt: text('created_at').generatedAlwaysAs(LOG_ID_TIME, { mode: 'virtual' }),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.id] })],
);

// ---------------------------------------------------------------- promotion (issue 16)

/** One executed promotion: what it created, archived and disabled, so the latest can be undone. */
export const promotionRuns = schoolTable(
  'promotion_runs',
  {
    sourceYearId: text('source_year_id').notNull(),
    targetYearId: text('target_year_id').notNull(),
    /** Increases with every run of the school: the latest is the highest. */
    seq: integer('seq').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** Set when the run was undone. */
    undoneAt: text('undone_at'),
  },
  (t) => [
    uniqueIndex('promotion_runs_seq_uq').on(t.instanceId, t.seq),
    schoolKey(t, t.sourceYearId, schoolYears, 'cascade'),
    schoolKey(t, t.targetYearId, schoolYears, 'cascade'),
  ],
);

/** A row a promotion run wrote: an enrolment it created, a graduate it archived, an account it disabled (with its previous status). */
export const promotionRunItems = sqliteTable(
  'promotion_run_items',
  {
    instanceId: instanceId(),
    runId: text('run_id').notNull(),
    kind: text('kind', { enum: ['enrollment', 'graduate', 'account'] }).notNull(),
    refId: text('ref_id').notNull(),
    previous: text('previous'),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.runId, t.kind, t.refId] }),
    schoolKey(t, t.runId, promotionRuns, 'cascade'),
  ],
);
export * from './schema-guardians';
