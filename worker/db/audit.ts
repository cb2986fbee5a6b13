// Audit rows, written in the same batch as the change they describe, and the activity log's
// reads and deletes (contract/audit.ts): the school's log, and the platform's view over every
// school's log and its own.
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Account } from '../domain/accounts';
import type { AuditAction } from '../contract/texts/audit';
import type { Db } from './client';
import { actionsLabelled } from '../domain/audit';
import { auditLog, instances, platformAuditLog, users } from './schema';
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

/** The 13 digits of a time's milliseconds since 1970 (years 2001 to 2286): how a log id begins. */
export const logTime = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

/**
 * A school log row's id (decision 331): its time (`logTime`) and 6 random digits below 500,000 (a
 * 19-digit number written in full, so that ids compare as text as they do as numbers). Ids sort
 * as their rows' times; rows of two databases meeting in one (a move, a restore) almost never
 * share one.
 */
export function newLogId(ms = Date.now()): string {
  const tail = crypto.getRandomValues(new Uint32Array(1))[0]! % 500_000;
  return logTime(ms) + String(tail).padStart(6, '0');
}

/**
 * The id a new row of a school's log takes: `newLogId()`, or the id after the school's newest
 * row's when that one is not older (two rows of one millisecond, or a clock behind another
 * isolate's): a school's rows in the order they were written (one seek on the table's key).
 */
const nextLogId = (school: string) => {
  const candidate = newLogId();
  return sql`(SELECT CASE WHEN coalesce(max(${auditLog.id}), '') < ${candidate} THEN ${candidate} ELSE printf('%019d', CAST(max(${auditLog.id}) AS INTEGER) + 1) END FROM ${auditLog} WHERE ${auditLog.instanceId} = ${school})`;
};

/** The first id of a stored timestamp's millisecond (every row from then on has an id at least this). */
export const logIdAt = (timestamp: string) => logTime(Date.parse(timestamp));

/** A school account writes to its school's log; a platform account to the platform log. */
export function auditInsert(db: Db, account: Pick<Account, 'id' | 'username' | 'instanceId'>, entry: AuditEntry) {
  const row = {
    username: account.username,
    actionType: entry.action,
    targetName: entry.target ?? null,
    details: detailsText(entry.details),
  };
  if (account.instanceId) {
    return db.insert(auditLog).values({ ...row, id: nextLogId(account.instanceId), instanceId: account.instanceId });
  }
  return db
    .insert(platformAuditLog)
    .values({ ...row, id: crypto.randomUUID(), actorId: account.id, schoolId: entry.school ?? null });
}

/** A cell of the grade book's batch for its log row: the pupil's enrolment and the score in points (null: cleared). */
export interface GradeCell {
  enrollment: string;
  score: number | null;
}

/**
 * The one log row of a grade book's batch (decision 331): 'SET_GRADES', the evaluations' names
 * as target, and per evaluation its scores by seat (`[[seat, score], ...]`, null: cleared),
 * the seats read from the class's roster in the batch (after the statement that seats the
 * class): about 6 bytes a score where an enrolment's id alone is 36. The log reads the pupils'
 * names back through the roster (db/audit-names.ts, kind 'seat').
 */
export function gradeBatchInsert(
  db: Db,
  account: Pick<Account, 'id' | 'username' | 'instanceId'>,
  course: { yearId: string; classId: string },
  evaluations: { id: string; name: string; cells: GradeCell[] }[],
) {
  const school = account.instanceId!;
  const roster = sql`(SELECT enrollment_ids FROM class_rosters WHERE instance_id = ${school} AND year_id = ${course.yearId} AND class_id = ${course.classId})`;
  const parts = evaluations.map(
    (e) =>
      sql`json_object('evaluation', ${e.id}, 'notes', (SELECT json_group_array(json_array(CAST(r.key AS INTEGER), json_extract(c.value, '$[1]'))) FROM json_each(${JSON.stringify(e.cells.map((cell) => [cell.enrollment, cell.score]))}) c JOIN json_each(${roster}) r ON r.value = json_extract(c.value, '$[0]')))`,
  );
  return db.insert(auditLog).values({
    id: nextLogId(school),
    instanceId: school,
    username: account.username,
    actionType: 'SET_GRADES' satisfies AuditAction,
    targetName: [...new Set(evaluations.map((e) => e.name))].join(', '),
    details: sql`json_object('evaluations', json_array(${sql.join(parts, sql`, `)}))`,
  });
}

// ------------------------------------------------------------------------------ reads

/** The filters of a log page: stored timestamps (`from` inclusive, `to` exclusive) and lower-case words. */
export interface AuditFilters {
  from: string | null;
  to: string | null;
  words: string[];
}

type LogTable = typeof auditLog | typeof platformAuditLog;
/** A log's columns: either log, or the school's under an alias (the platform view's per-school bound). */
type LogColumns = Record<'id' | 'username' | 'actionType' | 'targetName' | 'details' | 'createdAt', AnySQLiteColumn>;

/** Every word in the user, action, target or details (a word of an action's label finds the action). */
function wordConditions(table: LogColumns, words: string[]): SQL[] {
  const haystack = sql`lower(${table.username} || ' ' || ${table.actionType} || ' ' || coalesce(${table.targetName}, '') || ' ' || coalesce(${table.details}, ''))`;
  // instr, not LIKE: D1 refuses LIKE patterns over 50 bytes, and words need no escaping.
  return words.map((word) => {
    const labelled = actionsLabelled(word);
    return labelled.length
      ? sql`(instr(${haystack}, ${word}) > 0 OR ${amongIds(table.actionType, labelled)})`
      : sql`instr(${haystack}, ${word}) > 0`;
  });
}

/** A school log's range and words: the range is a range of ids (an id begins with its time). */
function schoolFilterConditions({ from, to, words }: AuditFilters, table: LogColumns = auditLog): SQL[] {
  return [
    ...(from ? [gte(table.id, logIdAt(from))] : []),
    ...(to ? [lt(table.id, logIdAt(to))] : []),
    ...wordConditions(table, words),
  ];
}

function platformFilterConditions({ from, to, words }: AuditFilters): SQL[] {
  return [
    ...(from ? [gte(platformAuditLog.createdAt, from)] : []),
    ...(to ? [lt(platformAuditLog.createdAt, to)] : []),
    ...wordConditions(platformAuditLog, words),
  ];
}

/** A row's place in a log: newest first, then by id (a total order over every database). */
export interface LogKey {
  timestamp: string;
  id: string;
}

/** A page's cursor (`after`): the last row's key, as the answer's `next` gives it. */
export const cursorOf = (key: LogKey) => `${key.timestamp}~${key.id}`;
export function keyOfCursor(cursor: string | undefined): LogKey | null {
  const at = cursor?.indexOf('~') ?? -1;
  if (!cursor || at < 1) return null;
  const key = { timestamp: cursor.slice(0, at), id: cursor.slice(at + 1) };
  return Number.isNaN(Date.parse(key.timestamp)) || !key.id ? null : key;
}

export type KeySide = 'newer' | 'notNewer' | 'older';

/**
 * Rows newer than a key, not newer, or older, in (timestamp, id) order. On a school log the id
 * bounds the time (so the walk starts at the key's millisecond, on the table itself).
 */
function keyCondition(table: LogColumns, key: LogKey, side: KeySide): SQL {
  const pair = sql`(${table.createdAt}, ${table.id})`;
  const at = sql`(${key.timestamp}, ${key.id})`;
  const compare =
    side === 'newer' ? sql`${pair} > ${at}` : side === 'notNewer' ? sql`${pair} <= ${at}` : sql`${pair} < ${at}`;
  if ((table as unknown) === platformAuditLog) return compare;
  const ms = Date.parse(key.timestamp);
  return side === 'newer' ? and(gte(table.id, logTime(ms)), compare)! : and(lt(table.id, logTime(ms + 1)), compare)!;
}

const page = ({ page, limit }: { page: number; limit: number }) => ({ limit, offset: (page - 1) * limit });

/** A log row as the journal and its archives read it. */
const logRow = () => ({
  id: auditLog.id,
  timestamp: sql<string>`${auditLog.createdAt}`.as('timestamp'),
  username: auditLog.username,
  action_type: auditLog.actionType,
  target_name: auditLog.targetName,
  details: auditLog.details,
});

/**
 * One page of a school's log, newest first, and its total: two queries for one batch. With
 * `after` (the previous page's last row), the page is the rows after it: no offset to walk.
 */
export function schoolLogPage(
  db: Db,
  instanceId: string,
  filters: AuditFilters & { userId?: string },
  at: { page: number; limit: number; after?: LogKey | null },
) {
  const where = and(
    eq(auditLog.instanceId, instanceId),
    // A user's rows: their username (the log keeps no account id, decision 331).
    ...(filters.userId
      ? [
          sql`${auditLog.username} = (SELECT ${users.username} FROM ${users} WHERE ${users.instanceId} = ${instanceId} AND ${users.id} = ${filters.userId})`,
        ]
      : []),
    ...schoolFilterConditions(filters),
  );
  const { limit, offset } = page(at);
  return [
    db.select({ total: count() }).from(auditLog).where(where),
    db
      .select(logRow())
      .from(auditLog)
      .where(at.after ? and(where, keyCondition(auditLog, at.after, 'older')) : where)
      .orderBy(desc(auditLog.id))
      .limit(limit)
      .offset(at.after ? 0 : offset),
  ] as const;
}

/** The platform view's filters: the log's, and one school. */
export type PlatformFilters = AuditFilters & { schoolId?: string };

/**
 * The schools whose rows a database holds for the platform's views: its own, open or moving (not
 * a move's copy or leftovers).
 */
const heldSchool = (states: string[]) =>
  inArray(
    auditLog.instanceId,
    sql`(SELECT ${instances.id} FROM ${instances} WHERE ${instances.shard} IS NULL AND ${instances.state} IN ${states})`,
  );

/**
 * A part of the platform's view (decision 254): a database's school rows (the schools it holds,
 * with their names), or the directory's own rows (the platform's, with the school they are about).
 * Each part is read newest first along one index; lib/platform-log.ts merges the parts.
 */
export type LogPart = 'school' | 'platform';

/** The columns of a log row as the platform's journal reads it (aliased: the joined school has an id too). */
const logColumns = (table: LogTable, schoolId: AnySQLiteColumn, byPlatform: 0 | 1) => ({
  id: aliased(table.id, 'id'),
  timestamp: sql<string>`${table.createdAt}`.as('timestamp'),
  username: table.username,
  action_type: table.actionType,
  target_name: table.targetName,
  details: table.details,
  school_id: sql<string | null>`${schoolId}`.as('school_id'),
  school_name: leftJoined(instances.name, 'school_name'),
  by_platform: sql<number>`${sql.raw(String(byPlatform))}`.as('by_platform'),
});

function partWhere(part: LogPart, filters: PlatformFilters, key?: { key: LogKey; side: KeySide }) {
  if (part === 'school')
    return and(
      heldSchool(['open', 'moving']),
      ...(filters.schoolId ? [eq(auditLog.instanceId, filters.schoolId)] : []),
      ...schoolFilterConditions(filters),
      ...(key ? [keyCondition(auditLog, key.key, key.side)] : []),
    );
  // The platform's own rows; with a school filter, those about that school.
  return and(
    ...(filters.schoolId ? [eq(platformAuditLog.schoolId, filters.schoolId)] : []),
    ...platformFilterConditions(filters),
    ...(key ? [keyCondition(platformAuditLog, key.key, key.side)] : []),
  );
}

const newestFirst = (part: LogPart) =>
  part === 'school' ? [desc(auditLog.id)] : [desc(platformAuditLog.createdAt), desc(platformAuditLog.id)];

/** A part's rows matching the filters: how many. */
export function partCount(db: Db, part: LogPart, filters: PlatformFilters, key?: { key: LogKey; side: KeySide }) {
  const where = partWhere(part, filters, key);
  return part === 'school'
    ? db.select({ n: count() }).from(auditLog).where(where)
    : db.select({ n: count() }).from(platformAuditLog).where(where);
}

/** A part's row key at an offset of its rows, newest first. */
export function partKeyAt(db: Db, part: LogPart, filters: PlatformFilters, offset: number) {
  const where = partWhere(part, filters);
  const query =
    part === 'school'
      ? db
          .select({ timestamp: sql<string>`${auditLog.createdAt}`.as('timestamp'), id: auditLog.id })
          .from(auditLog)
          .where(where)
      : db
          .select({ timestamp: platformAuditLog.createdAt, id: platformAuditLog.id })
          .from(platformAuditLog)
          .where(where);
  return query
    .orderBy(...newestFirst(part))
    .limit(1)
    .offset(offset);
}

/** A part's rows from a key on (not newer than it, or older), newest first, at most `limit`. */
export function partRows(
  db: Db,
  part: LogPart,
  filters: PlatformFilters,
  key: { key: LogKey; side: KeySide } | null,
  limit: number,
) {
  const where = partWhere(part, filters, key ?? undefined);
  if (part === 'school') {
    // The table is in the order of (school, id): no index walks every school's rows newest
    // first. Each held school's `limit`-th matching row is found on its own range (one seek and
    // `limit` steps), and only its rows from there on are read and merged: a page costs the same
    // whatever its depth (decision 331).
    const b = alias(auditLog, 'b');
    const bound = sql`coalesce((SELECT ${b.id} FROM ${auditLog} AS "b" WHERE ${and(
      sql`${b.instanceId} = ${instances.id}`,
      ...schoolFilterConditions(filters, b),
      ...(key ? [keyCondition(b, key.key, key.side)] : []),
    )} ORDER BY ${b.id} DESC LIMIT 1 OFFSET ${limit - 1}), '')`;
    return db
      .select(logColumns(auditLog, auditLog.instanceId, 0))
      .from(instances)
      .innerJoin(auditLog, and(eq(auditLog.instanceId, instances.id), gte(auditLog.id, bound)))
      .where(
        and(
          isNull(instances.shard),
          inArray(instances.state, ['open', 'moving']),
          ...(filters.schoolId ? [eq(instances.id, filters.schoolId)] : []),
          ...schoolFilterConditions(filters),
          ...(key ? [keyCondition(auditLog, key.key, key.side)] : []),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(limit);
  }
  const query = db
    .select(logColumns(platformAuditLog, platformAuditLog.schoolId, 1))
    .from(platformAuditLog)
    .leftJoin(instances, eq(instances.id, platformAuditLog.schoolId))
    .where(where);
  return query.orderBy(...newestFirst(part)).limit(limit);
}

// ------------------------------------------------------------------------------ archives (decision 331)

/** The schools of this database with log rows before a bound (an id): those whose older years go to R2. */
export const schoolsWithLogBefore = (db: Db, bound: string, limit: number) =>
  db
    .select({ school: instances.id })
    .from(instances)
    .where(
      sql`EXISTS (SELECT 1 FROM ${auditLog} WHERE ${auditLog.instanceId} = ${instances.id} AND ${auditLog.id} < ${bound})`,
    )
    .limit(limit)
    .all();

/** A school's log rows before a bound, oldest first, after `after` (an id), at most `limit`. */
export const logRowsBefore = (db: Db, school: string, bound: string, after: string | null, limit: number) =>
  db
    .select(logRow())
    .from(auditLog)
    .where(and(eq(auditLog.instanceId, school), lt(auditLog.id, bound), after ? gt(auditLog.id, after) : undefined))
    .orderBy(auditLog.id)
    .limit(limit)
    .all();

/** Deletes a school's log rows up to an id (included): those an archive now holds. */
export const deleteLogThrough = (db: Db, school: string, last: string) =>
  db.delete(auditLog).where(and(eq(auditLog.instanceId, school), lte(auditLog.id, last)));

// ------------------------------------------------------------------------------ deletes

/** A range of stored timestamps (`to` exclusive) or chosen ids. */
export type LogTarget = { from: string; to: string } | { ids: string[] };

const targetWhere = (table: LogTable, target: LogTarget) =>
  'ids' in target
    ? inArray(table.id, target.ids)
    : table === auditLog
      ? and(gte(auditLog.id, logIdAt(target.from)), lt(auditLog.id, logIdAt(target.to)))
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
