// Families (issue 43, decision 360): a guardian's account is a directory account (a row of
// `platform_users` of type `guardian`, its username the +509 phone) with its profile here; the
// schools it has children in are indexed in the directory (`guardian_schools`), and each link to a
// child lives in the child's school database (`guardian_links`, a school table: it moves, is backed
// up and deleted with its school). Re-exported by schema.ts (`export *`), as every area's tables.
import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { instances, platformUsers } from './schema-platform';
import { students } from './schema-school';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A guardian's profile (directory): name, language and the alerts chosen. */
export const guardians = sqliteTable('guardians', {
  id: text('id')
    .primaryKey()
    .references(() => platformUsers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** 'fr' or 'ht' (decision 340): the guardian's side and alerts speak it. */
  language: text('language', { enum: ['fr', 'ht'] })
    .notNull()
    .default('fr'),
  /** The alerts the guardian takes, a JSON array of kinds (decision 360). */
  alerts: text('alerts', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'["absence","payment","instalment","report_card","announcement"]'`),
  createdAt: text('created_at').notNull().default(now),
});

/** Which schools hold links of a guardian (directory): where its children are read. */
export const guardianSchools = sqliteTable(
  'guardian_schools',
  {
    guardianId: text('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.guardianId, t.instanceId] }),
    index('guardian_schools_instance_idx').on(t.instanceId),
  ],
);

/** A guardian's link to a child of the school (school database); ended by deleting it (logged). */
export const guardianLinks = sqliteTable(
  'guardian_links',
  {
    id: text('id').primaryKey(),
    instanceId: text('instance_id')
      .notNull()
      .references(() => instances.id, { onDelete: 'cascade' }),
    studentId: text('student_id').notNull(),
    /** The guardian's directory account (another database: no foreign key). */
    guardianId: text('guardian_id').notNull(),
    /** The guardian's phone and name as the school knows them (its list, without the directory). */
    phone: text('phone').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('guardian_links_instance_id_uq').on(t.instanceId, t.id),
    uniqueIndex('guardian_links_child_uq').on(t.instanceId, t.studentId, t.guardianId),
    index('guardian_links_guardian_idx').on(t.guardianId),
    foreignKey({ columns: [t.instanceId, t.studentId], foreignColumns: [students.instanceId, students.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A guardian's phone subscribed to Web Push (directory): removed when the push service says it is gone. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_guardian_idx').on(t.guardianId),
  ],
);

/**
 * The alerts of a guardian (directory), the queue of what is and was sent: one row per event and
 * child (`dedupe`: an absence once a day per child), its message in the guardian's language, held
 * until `send_after` (quiet hours), `sent_at` once sent; kept two weeks (decision 361: the
 * school's log keeps every alert).
 */
export const guardianAlerts = sqliteTable(
  'guardian_alerts',
  {
    /** The rowid: the order alerts were made in (the purge takes the oldest first). */
    id: integer('id').primaryKey(),
    guardianId: text('guardian_id')
      .notNull()
      .references(() => guardians.id, { onDelete: 'cascade' }),
    /** The school of the child the alert is about (its log's school). */
    schoolId: text('school_id').notNull(),
    kind: text('kind').notNull(),
    dedupe: text('dedupe').notNull(),
    payload: text('payload').notNull(),
    sendAfter: text('send_after').notNull(),
    sentAt: text('sent_at'),
  },
  (t) => [
    uniqueIndex('guardian_alerts_dedupe_uq').on(t.guardianId, t.dedupe),
    index('guardian_alerts_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
