// The daily clean-up (worker/index.ts, scheduled), on every database of the deployment (decision
// 171, "Design as built"): expired idempotency keys; in each school database, the platform's
// names it copies (decision 250) set right, and the schools a failed creation left without a
// directory row (decision 252) deleted.
import { eq } from 'drizzle-orm';
import { DIRECTORY, everyDatabase, schoolDatabases } from './db/databases';
import * as idempotencyKeys from './db/idempotency-keys';
import * as instances from './db/instances';
import { schoolsWithoutRoute } from './db/placement';
import * as platformUsers from './db/platform-users';
import * as reserved from './db/reserved-usernames';
import { instances as instancesTable } from './db/schema';

/** A reservation or a school row younger than this may belong to a creation under way. */
const SETTLE_MS = 60 * 60 * 1000;
/** A school a failed creation left is found the next night: only schools this young are swept. */
const ORPHAN_WINDOW_MS = 7 * 86_400_000;

export async function dailyHousekeeping(env: Env, now = new Date()) {
  const settled = new Date(now.getTime() - SETTLE_MS).toISOString();
  const databases = everyDatabase(env);
  const directory = databases.find((d) => d.name === DIRECTORY)!.db;
  const [platformNames, routes] = await Promise.all([
    platformUsers.allUsernames(directory),
    instances.listRoutes(directory),
  ]);
  await Promise.all(databases.map(({ db }) => idempotencyKeys.deleteExpired(db, now).run()));
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
