// The activity log: the routes of contract/audit.ts. The school's log for its administration;
// the platform's view for superadmins and delegates; the deletes for superadmins only (document
// 2 §6), each logged in the platform's log in the batch that deletes.
import { type Context, Hono } from 'hono';
import { allow, PLATFORM_TYPES } from '../auth/access';
import { type AuditDeleted, auditApi as api, type PlatformAuditPage, type SchoolAuditPage } from '../contract/audit';
import { auditServerText as t } from '../contract/texts/audit';
import * as audit from '../db/audit';
import { namesOf } from '../db/audit-names';
import type { Db } from '../db/client';
import { auditSearchWords, dayRange, readableEntry, type RefKind, refsOf, type StoredEntry } from '../domain/audit';
import type { AppBindings } from '../env';
import { pageOf } from '../lib/pagination';
import { input } from '../lib/validate';
import { commit } from '../lib/write';

export const auditRoutes = new Hono<AppBindings>();

const filtersOf = (query: { searchTerm?: string; startDate?: string; endDate?: string }): audit.AuditFilters => ({
  ...dayRange(query.startDate, query.endDate),
  words: auditSearchWords(query.searchTerm),
});

/**
 * A page's rows as the log shows them (decision 200): the action's French label, names in place
 * of the ids they hold. The names are read in one batch of one statement per kind of record the
 * page names (at most ten, whatever the page), each id matched to its row's own school.
 */
async function readable<T extends StoredEntry>(db: Db, rows: (T & { school: string | null })[]) {
  const wanted = new Map<RefKind, Set<string>>();
  for (const row of rows)
    if (row.school)
      for (const ref of refsOf(row)) wanted.set(ref.kind, (wanted.get(ref.kind) ?? new Set()).add(ref.id));
  const kinds = [...wanted.keys()];
  const names = new Map<string, string>();
  if (kinds.length) {
    const queries = kinds.map((kind) => namesOf(db, kind, [...wanted.get(kind)!]));
    const found = (await db.batch(queries as [(typeof queries)[number], ...typeof queries])) as {
      school: string;
      id: string;
      name: string;
    }[][];
    kinds.forEach((kind, i) => {
      for (const r of found[i] ?? []) names.set(`${r.school} ${kind} ${r.id}`, r.name);
    });
  }
  return rows.map(({ school, ...row }) => ({
    ...row,
    ...readableEntry(row, (kind, id) => names.get(`${school} ${kind} ${id}`)),
  }));
}

// The school's log, newest first, one page with its total (one batch), then the names it holds.
auditRoutes.get(api.school.path, allow.permission('user:manage'), input(api.school), async (c) => {
  const query = c.req.valid('query');
  const { db, school } = c.var;
  const [[totals], rows] = await db.batch(
    audit.schoolLogPage(db, school, { ...filtersOf(query), userId: query.userId }, query),
  );
  const logs = await readable(
    db,
    rows.map((row) => ({ ...row, school })),
  );
  return c.json<SchoolAuditPage>({ logs, pagination: pageOf(totals?.total ?? 0, query) });
});

// Every school's log and the platform's, newest first (one batch), then the names it holds.
auditRoutes.get(api.platform.path, allow.types(...PLATFORM_TYPES), input(api.platform), async (c) => {
  const query = c.req.valid('query');
  const { db } = c.var;
  const [[schools], [platform], rows] = await db.batch(
    audit.platformLogPage(db, { ...filtersOf(query), schoolId: query.schoolId }, query),
  );
  const total = (schools?.schoolTotal ?? 0) + (platform?.platformTotal ?? 0);
  const logs = await readable(
    db,
    rows.map(({ by_platform, ...row }) => ({ ...row, by_platform: Boolean(by_platform), school: row.school_id })),
  );
  return c.json<PlatformAuditPage>({ logs, pagination: pageOf(total, query) });
});

async function deleteLogs(
  c: Context<AppBindings>,
  target: { from: string; to: string } | { ids: string[] },
  entry: audit.AuditEntry,
) {
  const { db } = c.var;
  const [[schoolRows], [platformRows]] = await db.batch(audit.countMatching(db, target));
  const deleted = (schoolRows?.schoolRows ?? 0) + (platformRows?.platformRows ?? 0);
  return commit(c, audit.deleteMatching(db, target), {
    audit: { ...entry, details: { ...(typeof entry.details === 'object' ? entry.details : {}), supprimées: deleted } },
    body: { message: t.deletedBulk(deleted), deleted } satisfies AuditDeleted,
  });
}

// Deletes a range of days, both included, in every log.
auditRoutes.delete(api.deleteByDate.path, allow.types('superadmin'), input(api.deleteByDate), async (c) => {
  const { startDate, endDate } = c.req.valid('json');
  const { from, to } = dayRange(startDate, endDate);
  return deleteLogs(
    c,
    { from: from!, to: to! },
    { action: 'AUDIT_DELETE_BY_DATE', target: `${startDate} → ${endDate}`, details: { du: startDate, au: endDate } },
  );
});

// Deletes the chosen entries.
auditRoutes.delete(api.deleteBulk.path, allow.types('superadmin'), input(api.deleteBulk), async (c) => {
  const { ids } = c.req.valid('json');
  return deleteLogs(c, { ids }, { action: 'AUDIT_DELETE_BULK', target: `${ids.length} entrée(s)`, details: {} });
});
