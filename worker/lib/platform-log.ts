// The platform's log over every database (decisions 254 and 331): the directory's own log and
// the schools' logs of every database, merged newest first, one page at a time. The view is made
// of parts, each read along one index newest first: each database's school rows (the table
// itself, in time order) and the directory's platform rows. Each part is read in parallel:
//  - a page after a cursor (`after`: the previous page's last row) is each part's first L rows
//    older than the cursor, merged: one round trip whatever the depth (the screen's pages);
//  - a page by number, at offset O of size L over n parts, in at most three round trips:
//    1. each part's key at offset floor(O / n), with its total; the newest of these keys is the
//       boundary b;
//    2. how many rows of each part are newer than b: their sum G is b's place in the view;
//    3. each part's rows from b on, at most O - G + L of them; merged, the page is the L rows
//       after the first O - G.
//    The first page needs round 3 only. A part never holds more than its floor(O / n) rows newer
//    than b, so O - G stays close to the page size while the parts interleave in time.
import type { Context } from 'hono';
import * as audit from '../db/audit';
import type { Db } from '../db/client';
import { DIRECTORY, everyDatabase, type NamedDb } from '../db/databases';
import type { AppBindings } from '../env';

/** A row of the view as a database answers it (routes/audit.ts makes it readable). */
type Row = Awaited<ReturnType<ReturnType<typeof audit.partRows>['all']>>[number];

/** A part of the view: a database and which of its logs. */
export interface Part {
  db: Db;
  part: audit.LogPart;
}

/** The parts of these databases: each one's school rows, and the directory's platform rows. */
export const partsOf = (databases: NamedDb[]): Part[] =>
  databases.flatMap(({ name, db }) => [
    { db, part: 'school' as const },
    ...(name === DIRECTORY ? [{ db, part: 'platform' as const }] : []),
  ]);

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

/**
 * Each part's statements, every database's in one batch (the parts of one database share its
 * round trip): answers each part's results, in the order of its statements.
 */
async function perPart(parts: Part[], statements: (p: Part) => unknown[]): Promise<unknown[][]> {
  const byDb = new Map<Db, number[]>();
  parts.forEach((p, i) => byDb.set(p.db, [...(byDb.get(p.db) ?? []), i]));
  const out: unknown[][] = new Array(parts.length);
  await Promise.all(
    [...byDb].map(async ([db, indexes]) => {
      const lists = indexes.map((i) => statements(parts[i]!));
      const results = (await db.batch(lists.flat() as never as [never, ...never[]])) as unknown[];
      let k = 0;
      indexes.forEach((i, j) => {
        out[i] = results.slice(k, k + lists[j]!.length);
        k += lists[j]!.length;
      });
    }),
  );
  return out;
}

const firstNumber = (rows: unknown) => (rows as { n: number }[])[0]?.n ?? 0;

/** A page of the platform's view over these parts, its total, and the cursor of its last row. */
export async function platformLogPage(
  parts: Part[],
  filters: audit.PlatformFilters,
  at: { page: number; limit: number; after?: audit.LogKey | null },
): Promise<{ logs: Row[]; total: number; next: audit.LogKey | null }> {
  const offset = (at.page - 1) * at.limit;
  const n = parts.length;
  const done = (logs: Row[], total: number) => ({
    logs,
    total,
    next: logs.length === at.limit ? { timestamp: logs.at(-1)!.timestamp, id: logs.at(-1)!.id } : null,
  });
  if (offset === 0 || at.after) {
    const key = at.after ? { key: at.after, side: 'older' as const } : null;
    const answers = await perPart(parts, (p) => [
      audit.partCount(p.db, p.part, filters),
      audit.partRows(p.db, p.part, filters, key, at.limit),
    ]);
    const total = answers.reduce((sum, [t]) => sum + firstNumber(t), 0);
    return done(merge(answers.map(([, rows]) => rows as Row[])).slice(0, at.limit), total);
  }
  // 1. Each part's key at its share of the offset, and the totals.
  const share = Math.floor(offset / n);
  const answers = await perPart(parts, (p) => [
    audit.partCount(p.db, p.part, filters),
    audit.partKeyAt(p.db, p.part, filters, share),
  ]);
  const total = answers.reduce((sum, [t]) => sum + firstNumber(t), 0);
  if (offset >= total) return { logs: [], total, next: null };
  const firsts = answers.map(([, keys]) => keys);
  const keys = firsts.map((rows) => (rows as audit.LogKey[])[0]).filter((key): key is audit.LogKey => Boolean(key));
  // With no part as long as its share, every row is at most n * share < offset + n rows deep.
  const boundary = keys.length ? keys.sort(newerFirst)[0]! : null;
  // 2. The boundary's place in the view.
  const above = boundary
    ? await perPart(parts, (p) => [audit.partCount(p.db, p.part, filters, { key: boundary, side: 'newer' })])
    : [];
  const place = above.reduce((sum, [t]) => sum + firstNumber(t), 0);
  // 3. The rows from the boundary on: the page is after the first offset - place of them.
  const skip = offset - place;
  const from = boundary ? { key: boundary, side: 'notNewer' as const } : null;
  const rows = await perPart(parts, (p) => [audit.partRows(p.db, p.part, filters, from, skip + at.limit)]);
  return done(merge(rows.map(([r]) => r as Row[])).slice(skip, skip + at.limit), total);
}

/** The platform's view, every database of the deployment (lib/host.ts's databases). */
export const platformLog = (
  c: Context<AppBindings>,
  filters: audit.PlatformFilters,
  at: { page: number; limit: number; after?: audit.LogKey | null },
) => platformLogPage(partsOf(everyDatabase(c.env)), filters, at);
