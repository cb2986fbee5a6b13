// Where a school lives and how one comes to exist over two databases (decision 171, "Design as
// built"; decision 252): the school database holding it is chosen (the smallest by stored size,
// or the one NEW_SCHOOLS_DATABASE names), its rows are written there first, its directory row
// last. Until the directory row exists no host reaches the school, so a school never half
// exists: a failed directory write takes the school's rows back out (and the daily clean-up
// deletes any row a failure left behind, `orphanSchools`).
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { isSchoolDatabase, type NamedDb, schoolDatabases } from './databases';
import * as platformUsers from './platform-users';
import { reserve } from './reserved-usernames';
import { instances } from './schema';

type Statement = BatchItem<'sqlite'>;

/** A database's stored size in bytes, as D1 reports it after a query (`meta.size_after`). */
async function storedSize(db: Db): Promise<number> {
  const result = await db.run(sql`SELECT 1`);
  return (result as unknown as { meta?: { size_after?: number } }).meta?.size_after ?? 0;
}

/**
 * The school database for a new school: NEW_SCHOOLS_DATABASE when it names one (to fill a new
 * database, or to spare a full one), otherwise the smallest by stored size, the first on a tie.
 */
export async function chooseSchoolDatabase(env: Env): Promise<NamedDb> {
  const databases = schoolDatabases(env);
  const configured = (env.NEW_SCHOOLS_DATABASE ?? '').trim();
  if (configured) {
    if (!isSchoolDatabase(env, configured))
      throw new Error(`NEW_SCHOOLS_DATABASE names no school database: ${configured}`);
    return databases.find((d) => d.name === configured)!;
  }
  const sizes = await Promise.all(databases.map((d) => storedSize(d.db)));
  let best = 0;
  for (let i = 1; i < sizes.length; i++) if (sizes[i]! < sizes[best]!) best = i;
  return databases[best]!;
}

/** The platform accounts' names, reserved in a school database with the school written there (decision 250). */
export async function reservationsFor(directory: Db, db: Db): Promise<Statement[]> {
  const names = await platformUsers.allUsernames(directory);
  return names.length ? [reserve(db, names)] : [];
}

/**
 * Writes a new school: its rows in its database (one batch), then `writeDirectory` (its
 * directory row, with the platform's log for the console). If the directory write fails, the
 * school's rows are deleted again before the error goes on.
 */
export async function writeNewSchool<T>(
  school: { id: string; db: Db },
  statements: Statement[],
  writeDirectory: () => Promise<T>,
): Promise<T> {
  await school.db.batch(statements as [Statement, ...Statement[]]);
  try {
    return await writeDirectory();
  } catch (error) {
    // A school just created has no rows a restricting key holds: its row takes everything with it.
    await school.db
      .delete(instances)
      .where(eq(instances.id, school.id))
      .run()
      .catch(() => {});
    throw error;
  }
}

/**
 * The schools of a school database that the directory does not send there, created between
 * `after` and `before`: left by a creation whose directory write and clean-up both failed (found
 * the next night). Only `open` rows (a move's copy is `incoming`, the rows it left `moved`), and
 * only young ones: a directory read wrongly (another database bound) never costs an old school.
 */
export async function schoolsWithoutRoute(
  db: Db,
  routed: Set<string>,
  { after, before }: { after: string; before: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: instances.id })
    .from(instances)
    .where(
      and(
        isNull(instances.shard),
        eq(instances.state, 'open'),
        gt(instances.createdAt, after),
        lt(instances.createdAt, before),
      ),
    )
    .all();
  return rows.map((r) => r.id).filter((id) => !routed.has(id));
}
