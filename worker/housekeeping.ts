// The daily clean-up (wrangler.toml `crons`, worker/index.ts `scheduled`), on every database of the
// deployment (decision 171, "Design as built"; decisions 213, 250, 252): expired idempotency keys
// and ended device sessions; in each school database, the platform's names it copies set right
// and the schools a failed creation left without a directory row deleted; what restores left
// behind dropped (decision 312); the hubs of deleted schools emptied; the R2 files no row of any database holds deleted. Each part runs even when
// another fails (the failure is logged; the next day tries again).
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { DIRECTORY, everyDatabase, type NamedDb, schoolDatabases } from './db/databases';
import * as deviceSessions from './db/device-sessions';
import * as housekeeping from './db/housekeeping';
import * as idempotencyKeys from './db/idempotency-keys';
import * as instances from './db/instances';
import { schoolsWithoutRoute } from './db/placement';
import * as platformUsers from './db/platform-users';
import * as reserved from './db/reserved-usernames';
import { instances as instancesTable } from './db/schema';
import { schoolHub } from './durable/school-hub';
import { sweepFiles } from './files/sweep';
import { archivePastYears } from './lib/log-archive';
import * as backup from './db/backup';
import { dropRestoring } from './lib/restore';

/** A reservation or a school row younger than this may belong to a creation under way. */
const SETTLE_MS = 60 * 60 * 1000;
/** A school a failed creation left is found the next night: only schools this young are swept. */
const ORPHAN_WINDOW_MS = 7 * 86_400_000;
/** A restore not finished this long after its start was given up (the console closed half-way, a failure). */
export const RESTORE_ABANDONED_MS = 2 * 86_400_000;
/** Deleted schools whose hub one run empties at most (a Durable Object call each). */
export const HUBS_PER_RUN = 50;

const directoryIn = (databases: NamedDb[]): Db => databases.find((d) => d.name === DIRECTORY)!.db;

/**
 * Empties the hubs (support chat storage) of deleted schools, then forgets those schools. A
 * school's rows deleted from a database it moved out of are recorded too: a school the directory
 * still routes is only forgotten there, its hub kept.
 */
export async function purgeDeletedSchools(env: Env, limit = HUBS_PER_RUN): Promise<string[]> {
  const databases = everyDatabase(env);
  const routed = new Set((await instances.listRoutes(directoryIn(databases))).map((r) => r.id));
  const purged = new Set<string>();
  for (const { db } of databases) {
    const ids = (await housekeeping.selectDeletedSchools(db, limit)).map((r) => r.id);
    for (const id of ids) {
      if (routed.has(id) || purged.has(id)) continue;
      await schoolHub(env, id).purge();
      purged.add(id);
    }
    if (ids.length > 0) await housekeeping.forgetDeletedSchools(db, ids);
  }
  return [...purged];
}

/** Each school database's copy of the platform's names set right; schools a failed creation left deleted. */
async function settleSchoolDatabases(env: Env, now: Date) {
  const settled = new Date(now.getTime() - SETTLE_MS).toISOString();
  const directory = directoryIn(everyDatabase(env));
  const [platformNames, routes] = await Promise.all([
    platformUsers.allUsernames(directory),
    instances.listRoutes(directory),
  ]);
  await Promise.all(
    schoolDatabases(env).map(async ({ name, db }) => {
      // A directory without any school is not swept against (a wrong binding would empty it).
      const orphans = routes.length
        ? await schoolsWithoutRoute(db, new Set(routes.filter((r) => r.shard === name).map((r) => r.id)), {
            after: new Date(now.getTime() - ORPHAN_WINDOW_MS).toISOString(),
            before: settled,
          })
        : [];
      await db.batch([
        reserved.releaseAllBut(db, platformNames, settled),
        ...(platformNames.length ? [reserved.reserve(db, platformNames)] : []),
        ...orphans.map((id) => db.delete(instancesTable).where(eq(instancesTable.id, id))),
      ]);
    }),
  );
}

/**
 * What restores left behind (decision 312): a new school still `restoring` two days after its
 * start is dropped (rows, files, chat); a school a restore replaced whose rows its finish did not
 * delete (`moved`, routed nowhere) is deleted. A move's `moved` rows are routed: left to the move.
 */
export async function dropRestoresLeftBehind(env: Env, now: Date): Promise<string[]> {
  const directory = directoryIn(everyDatabase(env));
  const routed = new Set((await instances.listRoutes(directory)).map((r) => r.id));
  const before = new Date(now.getTime() - RESTORE_ABANDONED_MS).toISOString();
  const dropped: string[] = [];
  for (const { name, db } of schoolDatabases(env)) {
    for (const { id, state } of await instances.leftByRestores(db, before)) {
      if (routed.has(id)) continue;
      if (state === 'restoring') await dropRestoring(env, name, id);
      else if (routed.size > 0) {
        await backup.dropSchoolRows(db, id);
        await instances.deleteSchoolRow(db, id).run();
      } else continue;
      dropped.push(id);
    }
  }
  return dropped;
}

export async function dailyHousekeeping(env: Env, now = new Date()) {
  const databases = everyDatabase(env);
  const parts: [string, () => Promise<unknown>][] = [
    ['idempotency keys', () => Promise.all(databases.map(({ db }) => idempotencyKeys.deleteExpired(db, now).run()))],
    [
      'device sessions',
      () =>
        Promise.all(
          databases.map(({ db }) => deviceSessions.deleteExpired(db, Math.floor(now.getTime() / 1000)).run()),
        ),
    ],
    ['school databases', () => settleSchoolDatabases(env, now)],
    ['restores left behind', () => dropRestoresLeftBehind(env, now)],
    ['deleted schools', () => purgeDeletedSchools(env)],
    ['files', () => sweepFiles(env, databases, now)],
    // Past school years' log to R2 (decision 331).
    ['log archives', () => archivePastYears(env, now)],
  ];
  for (const [name, run] of parts) {
    try {
      await run();
    } catch (error) {
      console.error(`housekeeping (${name}) failed: ${String(error)}`);
    }
  }
}
