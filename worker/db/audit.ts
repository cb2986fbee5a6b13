// Audit rows, written in the same batch as the change they describe, and the activity log's
// reads and deletes (contract/audit.ts): the school's log, and the platform's view over every
// school's log and its own.
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type AnySQLiteColumn, unionAll } from 'drizzle-orm/sqlite-core';
import type { Account } from '../auth/session';
import type { AuditAction } from '../contract/texts/audit';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { actionsLabelled } from '../domain/audit';
import { auditLog, instances, platformAuditLog } from './schema';
import { amongIds } from './scoped';
import { aliased, leftJoined } from './batch-columns';

export interface AuditEntry {
  /** One of the codes the log has a French label for (contract/texts/audit.ts). */
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown> | string | null;
  /** A platform account's action about a school: that school (its history in the platform's view finds it). */
  school?: string;
}

function detailsText(details: AuditEntry['details']): string | null {
  if (details == null) return null;
  return typeof details === 'string' ? details : JSON.stringify(details);
}

/** A school account writes to its school's log; a platform account to the platform log. */
export function auditInsert(db: Db, account: Pick<Account, 'id' | 'username' | 'instanceId'>, entry: AuditEntry) {
  const row = {
    id: crypto.randomUUID(),
    username: account.username,
    actionType: entry.action,
    targetName: entry.target ?? null,
    details: detailsText(entry.details),
  };
  if (account.instanceId) {
    return db.insert(auditLog).values({ ...row, instanceId: account.instanceId, userId: account.id });
  }
  return db.insert(platformAuditLog).values({ ...row, actorId: account.id, schoolId: entry.school ?? null });
}

/** Several log rows of one write, as few statements as D1's 100 bound values allow (the grade book's batch). */
export function auditInserts(db: Db, account: Pick<Account, 'id' | 'username' | 'instanceId'>, entries: AuditEntry[]) {
  const school = account.instanceId;
  if (!school) return entries.map((entry) => auditInsert(db, account, entry));
  return insertChunks(
    db,
    auditLog,
    entries.map((entry) => ({
      id: crypto.randomUUID(),
      instanceId: school,
      userId: account.id,
      username: account.username,
      actionType: entry.action,
      targetName: entry.target ?? null,
      details: detailsText(entry.details),
    })),
  );
}

// ------------------------------------------------------------------------------ reads

/** The filters of a log page: stored timestamps (`from` inclusive, `to` exclusive) and lower-case words. */
export interface AuditFilters {
  from: string | null;
  to: string | null;
  words: string[];
}

type LogTable = typeof auditLog | typeof platformAuditLog;

/** The conditions shared by both logs: the range and every word in the user, action, target or details. */
function filterConditions(table: LogTable, { from, to, words }: AuditFilters): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(table.createdAt, from));
  if (to) conditions.push(lt(table.createdAt, to));
  if (words.length) {
    const haystack = sql`lower(${table.username} || ' ' || ${table.actionType} || ' ' || coalesce(${table.targetName}, '') || ' ' || coalesce(${table.details}, ''))`;
    // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and words need no escaping. A word
    // of an action's French label finds that action too (the log shows labels, not codes).
    for (const word of words) {
      const labelled = actionsLabelled(word);
      conditions.push(
        labelled.length
          ? sql`(instr(${haystack}, ${word}) > 0 OR ${amongIds(table.actionType, labelled)})`
          : sql`instr(${haystack}, ${word}) > 0`,
      );
    }
  }
  return conditions;
}

const page = ({ page, limit }: { page: number; limit: number }) => ({ limit, offset: (page - 1) * limit });

/** One page of a school's log, newest first, and its total: two queries for one batch. */
export function schoolLogPage(
  db: Db,
  instanceId: string,
  filters: AuditFilters & { userId?: string },
  at: { page: number; limit: number },
) {
  const where = and(
    eq(auditLog.instanceId, instanceId),
    ...(filters.userId ? [eq(auditLog.userId, filters.userId)] : []),
    ...filterConditions(auditLog, filters),
  );
  const { limit, offset } = page(at);
  return [
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .select({
        id: auditLog.id,
        timestamp: auditLog.createdAt,
        username: auditLog.username,
        action_type: auditLog.actionType,
        target_name: auditLog.targetName,
        details: auditLog.details,
      })
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
  ] as const;
}

/** The platform view's filters: the log's, and one school. */
export type PlatformFilters = AuditFilters & { schoolId?: string };

/** A row's place in the platform's view: newest first, then by id (a total order over every database). */
export interface LogKey {
  timestamp: string;
  id: string;
}

/** A key condition on a log table: strictly before (newer than) `key`, or at or after it. */
const keyCondition = (table: LogTable, key: LogKey, side: 'newer' | 'notNewer') =>
  side === 'newer'
    ? sql`(${table.createdAt}, ${table.id}) > (${key.timestamp}, ${key.id})`
    : sql`(${table.createdAt}, ${table.id}) <= (${key.timestamp}, ${key.id})`;

/**
 * The schools whose rows a database holds for the platform's views: its own, open or moving (not
 * a move's copy or leftovers).
 */
const heldSchool = (states: string[]) =>
  inArray(
    // Unary + keeps SQLite off the (instance_id, created_at) index for this condition: newest
    // first, it walks the created_at index and stops at the page (a per-school IN list over
    // that index sorted every row of the database: 0.8 s instead of 15 ms at 250 schools).
    sql`+${auditLog.instanceId}`,
    sql`(SELECT ${instances.id} FROM ${instances} WHERE ${instances.shard} IS NULL AND ${instances.state} IN ${states})`,
  );

/**
 * The platform's view in one database (decision 254): the school rows it holds (with their
 * school's name) and the platform's own rows (the directory's; a school database has none); a
 * school filter keeps that school's rows and the platform's rows about it. Newest first. `key` narrows to rows newer than, or not newer than,
 * a row's key. Answers the two selects and their conditions for the reads below.
 */
/**
 * The columns of a log row as the platform's journal reads it, from either log (aliased: the
 * union's order names them, and the joined school has an id and a created_at too).
 */
const logColumns = (table: LogTable, schoolId: AnySQLiteColumn, byPlatform: 0 | 1) => ({
  id: aliased(table.id, 'id'),
  timestamp: aliased(table.createdAt, 'created_at'),
  username: table.username,
  action_type: table.actionType,
  target_name: table.targetName,
  details: table.details,
  school_id: sql<string | null>`${schoolId}`.as('school_id'),
  school_name: leftJoined(instances.name, 'school_name'),
  by_platform: sql<number>`${sql.raw(String(byPlatform))}`.as('by_platform'),
});

function platformLogSelects(db: Db, filters: PlatformFilters, key?: { key: LogKey; side: 'newer' | 'notNewer' }) {
  const schoolWhere = and(
    heldSchool(['open', 'moving']),
    ...(filters.schoolId ? [eq(auditLog.instanceId, filters.schoolId)] : []),
    ...filterConditions(auditLog, filters),
    ...(key ? [keyCondition(auditLog, key.key, key.side)] : []),
  );
  // The platform's own rows (the directory's; a school database has none); with a school filter,
  // those about that school.
  const platformWhere = and(
    ...(filters.schoolId ? [eq(platformAuditLog.schoolId, filters.schoolId)] : []),
    ...filterConditions(platformAuditLog, filters),
    ...(key ? [keyCondition(platformAuditLog, key.key, key.side)] : []),
  );
  const schoolRows = db
    .select(logColumns(auditLog, auditLog.instanceId, 0))
    .from(auditLog)
    .innerJoin(instances, eq(instances.id, auditLog.instanceId))
    .where(schoolWhere);
  const platformRows = db
    .select(logColumns(platformAuditLog, platformAuditLog.schoolId, 1))
    .from(platformAuditLog)
    .leftJoin(instances, eq(instances.id, platformAuditLog.schoolId))
    .where(platformWhere);
  return { schoolRows, platformRows, schoolWhere, platformWhere };
}

const newestFirst = [sql`created_at DESC`, sql`id DESC`];

/** One database's rows of the platform's view, newest first: a page of them and its two totals (one batch). */
export function platformLogPage(db: Db, filters: PlatformFilters, at: { limit: number; offset: number }) {
  const { schoolRows, platformRows, schoolWhere, platformWhere } = platformLogSelects(db, filters);
  return [
    db.select({ schoolTotal: count() }).from(auditLog).where(schoolWhere),
    db.select({ platformTotal: count() }).from(platformAuditLog).where(platformWhere),
    unionAll(schoolRows, platformRows)
      .orderBy(...newestFirst)
      .limit(at.limit)
      .offset(at.offset),
  ] as const;
}

/** One database's row key at an offset of its part of the view, with its two totals (one batch). */
export function platformLogKeyAt(db: Db, filters: PlatformFilters, offset: number) {
  const { schoolWhere, platformWhere } = platformLogSelects(db, filters);
  const keys = unionAll(
    db.select({ timestamp: auditLog.createdAt, id: auditLog.id }).from(auditLog).where(schoolWhere),
    db
      .select({ timestamp: platformAuditLog.createdAt, id: platformAuditLog.id })
      .from(platformAuditLog)
      .where(platformWhere),
  )
    .orderBy(...newestFirst)
    .limit(1)
    .offset(offset);
  return [
    db.select({ schoolTotal: count() }).from(auditLog).where(schoolWhere),
    db.select({ platformTotal: count() }).from(platformAuditLog).where(platformWhere),
    keys,
  ] as const;
}

/** How many of one database's rows of the view are newer than a key (one batch of two counts). */
export function platformLogCountNewer(db: Db, filters: PlatformFilters, key: LogKey) {
  const { schoolWhere, platformWhere } = platformLogSelects(db, filters, { key, side: 'newer' });
  return [
    db.select({ newer: count() }).from(auditLog).where(schoolWhere),
    db.select({ newer: count() }).from(platformAuditLog).where(platformWhere),
  ] as const;
}

/** One database's rows of the view not newer than a key (all of them without one), newest first. */
export function platformLogFrom(db: Db, filters: PlatformFilters, key: LogKey | null, limit: number) {
  const { schoolRows, platformRows } = platformLogSelects(db, filters, key ? { key, side: 'notNewer' } : undefined);
  return unionAll(schoolRows, platformRows)
    .orderBy(...newestFirst)
    .limit(limit);
}

// ------------------------------------------------------------------------------ deletes

/** A range of stored timestamps (`to` exclusive) or chosen ids. */
export type LogTarget = { from: string; to: string } | { ids: string[] };

const targetWhere = (table: LogTable, target: LogTarget) =>
  'ids' in target
    ? inArray(table.id, target.ids)
    : and(gte(table.createdAt, target.from), lt(table.createdAt, target.to));

/** The school rows of a delete: of the schools this database holds and that are open (a moving school's are left). */
const openSchoolRows = (target: LogTarget) => and(targetWhere(auditLog, target), heldSchool(['open']));

/** How many rows of both logs of one database a range or a selection holds (the answer's count). */
export function countMatching(db: Db, target: LogTarget) {
  return [
    db.select({ schoolRows: count() }).from(auditLog).where(openSchoolRows(target)),
    db.select({ platformRows: count() }).from(platformAuditLog).where(targetWhere(platformAuditLog, target)),
  ] as const;
}

/** Deletes one database's rows of both logs in a range of stored timestamps (`to` exclusive) or with these ids. */
export function deleteMatching(db: Db, target: LogTarget) {
  return [
    db.delete(auditLog).where(openSchoolRows(target)),
    db.delete(platformAuditLog).where(targetWhere(platformAuditLog, target)),
  ] as const;
}

/** In the directory: the platform's log rows about a school become about another (a restore's new school takes the place of the one it replaces, decision 312). */
export const movePlatformLog = (directory: Db, from: string, to: string) =>
  directory.update(platformAuditLog).set({ schoolId: to }).where(eq(platformAuditLog.schoolId, from));
