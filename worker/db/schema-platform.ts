// The platform's tables (no school): schools and their hosts, platform accounts, announcements
// and log, idempotency keys, device sessions, reserved names, write guards, housekeeping.
import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './schema-columns';

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
