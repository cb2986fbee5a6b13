// The daily clean-up (wrangler.toml `crons`, worker/index.ts `scheduled`; decision 213): expired
// idempotency keys, ended device sessions, the hubs of deleted schools, and the R2 files no row holds any more. Each part
// runs even when another fails (the failure is logged; the next day tries again).
import { database } from './db/client';
import * as deviceSessions from './db/device-sessions';
import * as housekeeping from './db/housekeeping';
import * as idempotencyKeys from './db/idempotency-keys';
import { schoolHub } from './durable/school-hub';
import { sweepFiles } from './files/sweep';

/** Deleted schools whose hub one run empties at most (a Durable Object call each). */
export const HUBS_PER_RUN = 50;

/** Empties the hubs (support chat storage) of deleted schools, then forgets those schools. */
export async function purgeDeletedSchools(env: Env, limit = HUBS_PER_RUN): Promise<string[]> {
  const db = database(env.DB);
  const ids = (await housekeeping.selectDeletedSchools(db, limit)).map((r) => r.id);
  for (const id of ids) await schoolHub(env, id).purge();
  if (ids.length > 0) await housekeeping.forgetDeletedSchools(db, ids);
  return ids;
}

export async function runHousekeeping(env: Env, now: Date) {
  const db = database(env.DB);
  const parts: [string, () => Promise<unknown>][] = [
    ['idempotency keys', () => idempotencyKeys.deleteExpired(db, now)],
    ['device sessions', () => deviceSessions.deleteExpired(db, Math.floor(now.getTime() / 1000))],
    ['deleted schools', () => purgeDeletedSchools(env)],
    ['files', () => sweepFiles(env, db, now)],
  ];
  for (const [name, run] of parts) {
    try {
      await run();
    } catch (error) {
      console.error(`housekeeping (${name}) failed: ${String(error)}`);
    }
  }
}
