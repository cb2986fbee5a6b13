// The platform's log over every database (decision 254): the directory's own log and the
// schools' logs of every database, merged newest first, one page at a time. Each database is
// read in parallel, in at most three round trips whatever the page:
//  1. each database's key at offset floor(O / n) of its part (O: the page's offset, n: the
//     databases), with its totals; the newest of these keys is the boundary b;
//  2. how many rows of each database are newer than b: their sum G is b's place in the view;
//  3. each database's rows from b on, at most O - G + L of them (L: the page's size); merged,
//     the page is the L rows after the first O - G.
// The first page needs round 3 only (b: the newest row). A database's part of the view never
// holds more than its floor(O / n) rows newer than b, so O - G stays close to the page size
// while the databases' logs interleave in time; it grows only as far as one database's log is
// younger than the others'.
import type { Context } from 'hono';
import * as audit from '../db/audit';
import { everyDatabase, type NamedDb } from '../db/databases';
import type { AppBindings } from '../env';

/** A row of the view as a database answers it (lib routes/audit.ts makes it readable). */
type Row = Awaited<ReturnType<ReturnType<typeof audit.platformLogFrom>['all']>>[number];

/** Newest first, then by id descending: the view's order. */
const newerFirst = (a: audit.LogKey, b: audit.LogKey) =>
  a.timestamp > b.timestamp ? -1 : a.timestamp < b.timestamp ? 1 : a.id > b.id ? -1 : a.id < b.id ? 1 : 0;

/** Sorted lists merged into one (k-way), in the view's order. */
function merge(lists: Row[][]): Row[] {
  const heads = lists.map(() => 0);
  const out: Row[] = [];
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const row = lists[i]![heads[i]!];
      if (row && (best === -1 || newerFirst(row, lists[best]![heads[best]!]!) < 0)) best = i;
    }
    if (best === -1) return out;
    out.push(lists[best]![heads[best]!++]!);
  }
}

const totalOf = (totals: readonly [{ schoolTotal: number }[], { platformTotal: number }[], ...unknown[]]) =>
  (totals[0][0]?.schoolTotal ?? 0) + (totals[1][0]?.platformTotal ?? 0);

/** A page of the platform's view over these databases, and its total. */
export async function platformLogPage(
  databases: NamedDb[],
  filters: audit.PlatformFilters,
  at: { page: number; limit: number },
): Promise<{ logs: Row[]; total: number }> {
  const offset = (at.page - 1) * at.limit;
  const n = databases.length;
  if (offset === 0) {
    const parts = await Promise.all(
      databases.map(({ db }) => db.batch(audit.platformLogPage(db, filters, { limit: at.limit, offset: 0 }))),
    );
    const total = parts.reduce((sum, part) => sum + totalOf(part), 0);
    return { logs: merge(parts.map((part) => part[2])).slice(0, at.limit), total };
  }
  // 1. Each database's key at its share of the offset, and the totals.
  const share = Math.floor(offset / n);
  const firsts = await Promise.all(databases.map(({ db }) => db.batch(audit.platformLogKeyAt(db, filters, share))));
  const total = firsts.reduce((sum, part) => sum + totalOf(part), 0);
  if (offset >= total) return { logs: [], total };
  const keys = firsts.map((part) => part[2][0]).filter((key): key is audit.LogKey => Boolean(key));
  // With no database as long as its share, every row is at most n * share < offset + n rows deep.
  const boundary = keys.length ? keys.sort(newerFirst)[0]! : null;
  // 2. The boundary's place in the view.
  const above = boundary
    ? await Promise.all(databases.map(({ db }) => db.batch(audit.platformLogCountNewer(db, filters, boundary))))
    : [];
  const place = above.reduce((sum, [[a], [b]]) => sum + (a?.newer ?? 0) + (b?.newer ?? 0), 0);
  // 3. The rows from the boundary on: the page is after the first offset - place of them.
  const skip = offset - place;
  const parts = await Promise.all(
    databases.map(({ db }) => audit.platformLogFrom(db, filters, boundary, skip + at.limit).all()),
  );
  return { logs: merge(parts).slice(skip, skip + at.limit), total };
}

/** The platform's view, every database of the deployment (lib/host.ts's databases). */
export const platformLog = (
  c: Context<AppBindings>,
  filters: audit.PlatformFilters,
  at: { page: number; limit: number },
) => platformLogPage(everyDatabase(c.env), filters, at);
