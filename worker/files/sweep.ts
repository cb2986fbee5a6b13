// The file sweep (issue 23; decision 213): R2 objects no row holds any more — the files of a class
// or a year deleted with its resources (D1's cascade deletes rows, not files), of a deleted
// student or school, or the spare object of two identical creates that raced — are deleted by
// the daily clean-up. A key is kept while a row of any database of the deployment holds it (a
// school moving between databases is in two for a while). It walks the schools' keys in order, a bounded number of pages per run,
// and goes on next run from the last key it saw; an object younger than an hour is never
// deleted, so a write between its upload and its batch keeps its file.
import { selectByIds } from '../db/chunks';
import type { Db } from '../db/client';
import { DIRECTORY, type NamedDb } from '../db/databases';
import * as housekeeping from '../db/housekeeping';
import { logoKeysOf } from '../db/instances';
import { fileKeysOf } from '../db/resources';
import { photoKeysOf } from '../db/students';
import { fileOwner, SCHOOLS_PREFIX } from './keys';

/** Younger objects may belong to a write still under way (uploaded, its batch not yet committed). */
export const SWEEP_MIN_AGE_MS = 60 * 60_000;
/** Pages of 1,000 keys listed per run: bounds the run's subrequests (a list, a D1 batch and a delete per page). */
export const SWEEP_PAGES_PER_RUN = 20;
/** The mark holding the last key the walk saw. */
export const SWEEP_MARK = 'files:after';

/** The keys among `keys` that no row holds (keys of an unknown shape are left alone). */
export async function unreferencedKeys(db: Db, keys: readonly string[]): Promise<string[]> {
  const owned = keys.flatMap((key) => {
    const owner = fileOwner(key);
    return owner ? [{ key, owner }] : [];
  });
  const ids = (kind: 'logo' | 'photo' | 'resource') =>
    owned.flatMap(({ owner }) =>
      owner.kind !== kind
        ? []
        : [owner.kind === 'logo' ? owner.school : owner.kind === 'photo' ? owner.studentId : owner.resourceId],
    );
  const held = await Promise.all([
    selectByIds(db, ids('logo'), (part) => logoKeysOf(db, part)),
    selectByIds(db, ids('photo'), (part) => photoKeysOf(db, part)),
    selectByIds(db, ids('resource'), (part) => fileKeysOf(db, part)),
  ]);
  const referenced = new Set(held.flat().map((row) => row.key));
  return owned.filter(({ key }) => !referenced.has(key)).map(({ key }) => key);
}

export interface SweepReport {
  listed: number;
  deleted: string[];
  /** The walk reached the last key (the next run starts again from the first). */
  finished: boolean;
}

/** The keys among `keys` that no row of any of the databases holds. */
async function unreferencedAnywhere(databases: NamedDb[], keys: readonly string[]): Promise<string[]> {
  const orphansPer = await Promise.all(databases.map(({ db }) => unreferencedKeys(db, keys)));
  return orphansPer.reduce((left, orphans) => {
    const set = new Set(orphans);
    return left.filter((key) => set.has(key));
  });
}

/**
 * One run of the sweep, from where the last run stopped (the mark is kept in the directory); `now`
 * decides which objects are old enough.
 */
export async function sweepFiles(
  env: Env,
  databases: NamedDb[],
  now: Date,
  { pages = SWEEP_PAGES_PER_RUN, pageSize = 1000 }: { pages?: number; pageSize?: number } = {},
): Promise<SweepReport> {
  const db = databases.find((d) => d.name === DIRECTORY)!.db;
  let after = await housekeeping.readMark(db, SWEEP_MARK);
  const report: SweepReport = { listed: 0, deleted: [], finished: false };
  for (let page = 0; page < pages && !report.finished; page++) {
    const listed = await env.FILES.list({
      prefix: SCHOOLS_PREFIX,
      limit: pageSize,
      ...(after ? { startAfter: after } : {}),
    });
    report.listed += listed.objects.length;
    const old = listed.objects
      .filter((o) => now.getTime() - o.uploaded.getTime() >= SWEEP_MIN_AGE_MS)
      .map((o) => o.key);
    const orphans = old.length ? await unreferencedAnywhere(databases, old) : [];
    if (orphans.length > 0) await env.FILES.delete(orphans);
    report.deleted.push(...orphans);
    after = listed.objects.at(-1)?.key ?? after;
    report.finished = !listed.truncated;
  }
  await housekeeping.writeMark(db, SWEEP_MARK, report.finished ? null : after);
  return report;
}
