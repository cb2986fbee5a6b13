// A condition checked inside a write's own batch (docs/decisions/021-finance-writes-and-receipts.md).
// D1 has no interactive transaction, so a value read before a write may have moved by the time
// the batch runs. Put `guard(db, condition)` first in the batch: when the condition is false the
// trigger of `write_guards` aborts the statement and D1 rolls the whole batch back; when it is
// true nothing is stored. The caller tells a failed guard with `isGuardFailure` and re-reads.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from './client';
import { writeGuards } from './schema';

export const guard = (db: Db, condition: SQL) => db.insert(writeGuards).values({ ok: sql`(${condition})` });

const GUARD_MESSAGE = 'write_guard_failed';

/** Whether a batch failed because one of its guards did (the message may sit on a wrapped cause). */
export function isGuardFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e.message.includes(GUARD_MESSAGE)) return true;
  }
  return false;
}
