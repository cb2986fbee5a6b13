// Schools (instances): creation with their system roles and first accounts, host resolution and
// the school information of the general tab.
import { and, eq, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { RoleTemplateKey } from '../domain/permissions';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { insertSystemRoles } from './roles';
import { instances } from './schema';
import { insertAccounts, type NewAccount } from './users';

/**
 * How long an isolate trusts its answer to a host (lib/host.ts; here, below it, for db/move.ts). A move deletes the rows it left behind only after this
 * long (and a margin): until then, an isolate still sending the school's requests to the old
 * database finds its row `moved` there and asks the directory again (`reroute`).
 */
export const HOST_CACHE_MS = 30_000;

export type NewSchool = Omit<
  typeof instances.$inferInsert,
  'receiptSeq' | 'createdAt' | 'logoKey' | 'shard' | 'state' | 'usersCount' | 'studentsCount'
>;

/** What the directory keeps of a school: where it answers and which database holds it. */
export type SchoolRoute = Pick<NewSchool, 'id' | 'name' | 'hostname' | 'aliases' | 'isDefault'>;

/** An account created with its school: its system roles by template. */
export type NewSchoolAccount = Omit<NewAccount, 'roleIds'> & { templates?: RoleTemplateKey[] };

/**
 * A new school in one batch of its school database: the school, its system roles with their
 * permissions, its accounts and their roles. The one way a school comes to exist (with its
 * directory row, `directoryRow`, written after it: db/placement.ts): the platform's school
 * creation, the demo seed, the worker tests (test/worker/helpers.ts createSchool) and the e2e
 * fixtures. The school's row there holds no hostname: where a school answers is the directory's.
 */
export function newSchoolStatements(
  db: Db,
  school: NewSchool,
  accounts: NewSchoolAccount[],
  newId = () => crypto.randomUUID(),
) {
  const roles = insertSystemRoles(db, school.id, newId);
  const roleIds = (templates: RoleTemplateKey[] = []) => templates.map((t) => roles.roleIdByTemplate.get(t)!);
  const statements = [
    db.insert(instances).values({ ...school, hostname: null, aliases: [], isDefault: false }),
    ...roles.statements,
    ...insertAccounts(
      db,
      school.id,
      accounts.map(({ templates, ...account }) => ({ ...account, roleIds: roleIds(templates) })),
    ),
  ] as const;
  return { statements, roleIdByTemplate: roles.roleIdByTemplate };
}

/** A condition: the school answers on one of these hostnames (its main one or another). */
const answersOn = (hostnames: string[]) =>
  or(
    inArray(instances.hostname, hostnames),
    sql`EXISTS (SELECT 1 FROM json_each(${instances.aliases}) WHERE json_each.value IN ${hostnames})`,
  )!;

/** The directory's row of a school: its name, hostnames, default flag and school database. */
export const directoryRow = (directory: Db, school: SchoolRoute, shard: string) =>
  directory.insert(instances).values({
    id: school.id,
    name: school.name,
    hostname: school.hostname ?? null,
    aliases: school.aliases ?? [],
    isDefault: school.isDefault ?? false,
    shard,
  });

/** In the directory: the school a hostname names, or the default school, with its database. */
export async function resolveInstance(directory: Db, hostname: string, replica?: D1DatabaseSession) {
  const query = directory
    .select({ id: instances.id, name: instances.name, isDefault: instances.isDefault, shard: instances.shard })
    .from(instances)
    .where(or(answersOn([hostname]), eq(instances.isDefault, true)));
  const fromReplica = async (session: D1DatabaseSession) => {
    // Through a D1 session (decision 332): the same statement, read from any replica.
    const { sql: text, params } = query.toSQL();
    const raw = await session
      .prepare(text)
      .bind(...params)
      .all<{ id: string; name: string; is_default: number; shard: string | null }>();
    return raw.results.map((r) => ({ id: r.id, name: r.name, isDefault: Boolean(r.is_default), shard: r.shard }));
  };
  // A session that cannot answer (no commit token to be had: a busy local database, a replica
  // unreachable) is no reason to refuse the request: the primary answers it.
  const rows: { id: string; name: string; isDefault: boolean; shard: string | null }[] = replica
    ? await fromReplica(replica).catch(() => query.all())
    : await query.all();
  return rows.find((r) => !r.isDefault) ?? rows[0] ?? null;
}

/** A school's routing and database, as the directory holds them. */
const routeColumns = {
  id: instances.id,
  name: instances.name,
  hostname: instances.hostname,
  aliases: instances.aliases,
  isDefault: instances.isDefault,
  shard: instances.shard,
};

/** In the directory: a school's row (its routing and its database). */
export const getRoute = (directory: Db, id: string) =>
  directory.select(routeColumns).from(instances).where(eq(instances.id, id)).get();

/** In the directory: every school's routing and database. */
export const listRoutes = (directory: Db) => directory.select(routeColumns).from(instances).all();

/** French accented letters and their plain spelling: SQLite's lower() folds ASCII letters only. */
const ACCENTED: [string, string][] = [
  ['é', 'e'],
  ['è', 'e'],
  ['ê', 'e'],
  ['ë', 'e'],
  ['à', 'a'],
  ['â', 'a'],
  ['ä', 'a'],
  ['ç', 'c'],
  ['î', 'i'],
  ['ï', 'i'],
  ['ô', 'o'],
  ['ö', 'o'],
  ['û', 'u'],
  ['ù', 'u'],
  ['ü', 'u'],
  ['ÿ', 'y'],
  ['œ', 'oe'],
  ['æ', 'ae'],
  ['-', ' '],
  ["'", ' '],
  ['’', ' '],
];
/**
 * A text folded in SQL as `searchKey` folds it in JavaScript (decision 042) for the letters of
 * French names: lower case (capital accented letters too), accents off, hyphens and apostrophes
 * as spaces.
 */
function folded(text: SQL): SQL {
  // Constant letters written in the statement (D1 binds at most 100 values).
  const literal = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);
  let out = sql`lower(${text})`;
  for (const [accented, plain] of ACCENTED) {
    const capital = accented.toUpperCase();
    if (capital !== accented) out = sql`replace(${out}, ${literal(capital)}, ${literal(plain)})`;
    out = sql`replace(${out}, ${literal(accented)}, ${literal(plain)})`;
  }
  return out;
}

/**
 * In the directory: one page of the schools' routes whose name or hostnames hold every word
 * (folded as `searchWords` folds them), by name (SQLite's NOCASE order, then id), and how many
 * match (decision 332): one batch whatever the platform's size.
 */
export function routesPage(directory: Db, words: string[], at: { limit: number; offset: number }) {
  const haystack = folded(
    sql`${instances.name} || ' ' || coalesce(${instances.hostname}, '') || ' ' || ${instances.aliases}`,
  );
  const where = words.length ? and(...words.map((w) => sql`instr(${haystack}, ${w}) > 0`)) : undefined;
  return [
    directory
      .select({ total: sql<number>`count(*)`.as('total') })
      .from(instances)
      .where(where),
    directory
      .select(routeColumns)
      .from(instances)
      .where(where)
      .orderBy(sql`${instances.name} COLLATE NOCASE`, instances.id)
      .limit(at.limit)
      .offset(at.offset),
  ] as const;
}

/** A school's state in its database (open, moving, incoming, moved), or undefined when it has no row there. */
export const stateOf = async (db: Db, id: string) =>
  (await db.select({ state: instances.state }).from(instances).where(eq(instances.id, id)).get())?.state;

/** A guard condition: the school is open in this database (not moving, not moved). */
export const schoolOpen = (id: string) => existsNow(instances, and(eq(instances.id, id), eq(instances.state, 'open'))!);

export const getInstance = (db: Db, id: string) => db.select().from(instances).where(eq(instances.id, id)).get();

export type InstanceRow = NonNullable<Awaited<ReturnType<typeof getInstance>>>;

export interface InstanceInfoUpdate {
  name: string;
  email: string | null;
  address: string | null;
  phone: string | null;
  passingGrade: number;
  currency: 'Gdes' | '$HT' | 'US' | 'EU';
}

export const updateInstanceInfo = (db: Db, id: string, info: InstanceInfoUpdate & { logoKey?: string | null }) =>
  db.update(instances).set(info).where(eq(instances.id, id));

/**
 * A restored school takes its backup's settings (issue 30) and, from the school it replaces, its
 * name, status and access end (decision 312).
 */
export const restoreSettings = (
  db: Db,
  id: string,
  settings: Omit<InstanceInfoUpdate, 'name'> & {
    logoKey: string | null;
    receiptSeq: number;
    name: string;
    status: 'active' | 'suspended';
    expiresAt: string | null;
  },
) => db.update(instances).set(settings).where(eq(instances.id, id));

// A restore (decision 312): the backup is written into a new school, `restoring`, that no host
// reaches; at its end the new school takes the place of the one it replaces.

/** The new school a restore fills: no route, left out of every view, its users refused until it opens. */
export const insertRestoring = (
  db: Db,
  school: { id: string; name: string; currency: InstanceInfoUpdate['currency'] },
) => db.insert(instances).values({ ...school, hostname: null, aliases: [], isDefault: false, state: 'restoring' });

/** A guard condition: the school is a restore under way (not open yet). */
export const schoolRestoring = (id: string) =>
  existsNow(instances, and(eq(instances.id, id), eq(instances.state, 'restoring'))!);

/** A guard condition: the school is in one of these states. */
export const schoolStateIn = (id: string, states: InstanceRow['state'][]) =>
  existsNow(instances, and(eq(instances.id, id), inArray(instances.state, states))!);

export const setState = (db: Db, id: string, state: InstanceRow['state']) =>
  db.update(instances).set({ state }).where(eq(instances.id, id));

/** A school's own row (its rows in the school tables deleted first: db/backup.ts). */
export const deleteSchoolRow = (db: Db, id: string) => db.delete(instances).where(eq(instances.id, id));

/**
 * In the directory: the restored school takes the route of the school it replaces (its name,
 * hostnames, default flag), in its own database; the replaced one's route goes (its hostnames
 * are taken over in the same batch: the new route is written without them first).
 */
export function takeOverRoute<S>(
  directory: Db,
  replaced: SchoolRoute,
  restored: string,
  shard: string,
  /** Statements run while both routes exist (the platform's log moved to the restored school). */
  meanwhile: S[],
) {
  return [
    directoryRow(
      directory,
      { id: restored, name: replaced.name, hostname: null, aliases: [], isDefault: false },
      shard,
    ),
    ...meanwhile,
    deleteRoute(directory, replaced.id),
    directory
      .update(instances)
      .set({
        hostname: replaced.hostname ?? null,
        aliases: replaced.aliases ?? [],
        isDefault: replaced.isDefault ?? false,
      })
      .where(eq(instances.id, restored)),
  ];
}

/** In the directory: a school's route (and, for a school the directory itself holds, its row). */
export const deleteRoute = (directory: Db, id: string) => directory.delete(instances).where(eq(instances.id, id));

/**
 * In a school database: what restores left behind (decision 312), for the daily clean-up: new
 * schools still `restoring` that started before `before`, and `moved` rows (a move's leftovers,
 * or a school a restore replaced whose finish stopped before deleting it: the caller keeps those
 * the directory routes nowhere).
 */
export const leftByRestores = (db: Db, before: string) =>
  db
    .select({ id: instances.id, state: instances.state })
    .from(instances)
    .where(
      and(
        isNull(instances.shard),
        or(and(eq(instances.state, 'restoring'), lt(instances.createdAt, before)), eq(instances.state, 'moved')),
      ),
    )
    .all();

/** A guard condition: the school's logo is still the one read (null for none). */
export const logoStillIs = (id: string, logoKey: string | null) =>
  existsNow(instances, and(eq(instances.id, id), sql`${instances.logoKey} IS ${logoKey}`)!);

// The school's receipt counter: each receipt number is taken once, by a payment that is stored.

/** The counter, as a query to read with the sheet it numbers. */
export const selectReceiptSeq = (db: Db, id: string) =>
  db.select({ receiptSeq: instances.receiptSeq }).from(instances).where(eq(instances.id, id));

/** A guard condition: the counter is still at the value read. */
export const receiptSeqStillIs = (id: string, receiptSeq: number) =>
  existsNow(instances, and(eq(instances.id, id), eq(instances.receiptSeq, receiptSeq))!);

export const setReceiptSeq = (db: Db, id: string, receiptSeq: number) =>
  db.update(instances).set({ receiptSeq }).where(eq(instances.id, id));

// The platform's view of its schools (routes/superadmin.ts): the directory says where each
// school answers and lives; each database, what it holds of them.

/**
 * The schools whose rows this database holds (in a school database, all but a move's copies and
 * leftovers; in the directory, the schools of a deployment not split yet), with their stored
 * counts: one statement per database.
 */
export const schoolsHeld = (db: Db, ids?: string[]) =>
  db
    .select({
      id: instances.id,
      name: instances.name,
      currency: instances.currency,
      status: instances.status,
      expires_at: instances.expiresAt,
      created_at: instances.createdAt,
      users: instances.usersCount,
      students: instances.studentsCount,
    })
    .from(instances)
    .where(
      and(
        isNull(instances.shard),
        inArray(instances.state, ['open', 'moving']),
        ...(ids ? [inArray(instances.id, ids.length ? ids : [''])] : []),
      ),
    )
    .all();

/** A guard condition: no other school answers on any of these hostnames. */
export const hostnamesFree = (hostnames: string[], exceptId: string | null = null) =>
  noneNow(instances, and(answersOn(hostnames), exceptId ? ne(instances.id, exceptId) : undefined)!);

/** A guard condition: the school still exists. */
export const schoolExists = (id: string) => existsNow(instances, eq(instances.id, id));

/** In the directory: the school's name and hostnames. */
export const updateRoute = (
  directory: Db,
  id: string,
  change: { name: string; hostname: string | null; aliases: string[] },
) => directory.update(instances).set(change).where(eq(instances.id, id));

/** In the school's database: its name and currency. */
export const updateSchool = (db: Db, id: string, change: { name: string; currency: InstanceInfoUpdate['currency'] }) =>
  db.update(instances).set(change).where(eq(instances.id, id));

export const setExpiresAt = (db: Db, id: string, expiresAt: string | null) =>
  db.update(instances).set({ expiresAt }).where(eq(instances.id, id));

export const setStatus = (db: Db, id: string, status: 'active' | 'suspended') =>
  db.update(instances).set({ status }).where(eq(instances.id, id));

/** A guard condition: the school's access end is still the one read (null for none). */
export const expiryStillIs = (id: string, expiresAt: string | null) =>
  existsNow(instances, and(eq(instances.id, id), sql`${instances.expiresAt} IS ${expiresAt}`)!);

/** The logo keys the given schools hold (the file sweep: a logo object no school holds is an orphan). */
export const logoKeysOf = (db: Db, ids: string[]) =>
  db.select({ key: instances.logoKey }).from(instances).where(inArray(instances.id, ids));
