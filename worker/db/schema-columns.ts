// Columns shared by the tables of db/schema.ts: a creation time, a log row's time from its id, a
// log entry's columns.
import { sql } from 'drizzle-orm';
import { text } from 'drizzle-orm/sqlite-core';

export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
/** A log row's time, from its id (its first 13 characters: milliseconds since 1970). */
export const LOG_ID_TIME = sql`strftime('%Y-%m-%dT%H:%M:%fZ', substr(id, 1, 13) / 1000.0, 'unixepoch')`;
export const createdAt = () => text('created_at').notNull().default(now);

/** What a log entry says, in the platform's log and in a school's (`audit_log`): who, what, when. */
export const logEntry = () => ({
  username: text('username').notNull(),
  actionType: text('action_type').notNull(),
  targetName: text('target_name'),
  details: text('details'),
  createdAt: createdAt(),
});
