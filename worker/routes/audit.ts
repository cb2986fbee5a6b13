// The activity log: the routes of contract/audit.ts. The school's log for its administration;
// the platform's view for superadmins and delegates; the deletes for superadmins only (document
// 2 §6), each logged in the platform's log in the batch that deletes.
import { type Context, Hono } from 'hono';
import { allow, PLATFORM_TYPES } from '../auth/access';
import {
  type ArchivedYears,
  type AuditDeleted,
  auditApi as api,
  type PlatformAuditPage,
  type SchoolAuditPage,
} from '../contract/audit';
import { auditServerText as t } from '../contract/texts/audit';
import * as audit from '../db/audit';
import { namesOf } from '../db/audit-names';
import type { Db } from '../db/client';
import { DIRECTORY, everyDatabase, schoolDatabase, schoolDatabases } from '../db/databases';
import * as instances from '../db/instances';
import * as users from '../db/users';
import { auditSearchWords, dayRange, readableEntry, type RefKind, refsOf, type StoredEntry } from '../domain/audit';
import type { AppBindings } from '../env';
import { pageOf } from '../lib/pagination';
import { archivedYears, archivePage, readArchive } from '../lib/log-archive';
import { partsOf, platformLogPage } from '../lib/platform-log';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const auditRoutes = new Hono<AppBindings>();

const filtersOf = (query: { searchTerm?: string; startDate?: string; endDate?: string }): audit.AuditFilters => ({
  ...dayRange(query.startDate, query.endDate),
  words: auditSearchWords(query.searchTerm),
});

/**
 * A page's rows as the log shows them (decision 200): the action's French label, names in place
 * of the ids they hold. The names are read in one batch per database of one statement per kind of
 * record the page names (at most ten, whatever the page), each id matched to its row's own school.
 */
async function readable<T extends StoredEntry>(databases: Db[], rows: (T & { school: string | null })[]) {
  const wanted = new Map<RefKind, Set<string>>();
  for (const row of rows)
    if (row.school)
      for (const ref of refsOf(row)) wanted.set(ref.kind, (wanted.get(ref.kind) ?? new Set()).add(ref.id));
  const kinds = [...wanted.keys()];
  const names = new Map<string, string>();
  if (kinds.length) {
    // Each database answers for the schools it holds (the platform's view spans several).
    const found = await Promise.all(
      databases.map(async (db) => {
        const queries = kinds.map((kind) => namesOf(db, kind, [...wanted.get(kind)!]));
        return (await db.batch(queries as [(typeof queries)[number], ...typeof queries])) as {
          school: string;
          id: string;
          name: string;
        }[][];
      }),
    );
    for (const part of found)
      kinds.forEach((kind, i) => {
        for (const r of part[i] ?? []) names.set(`${r.school} ${kind} ${r.id}`, r.name);
      });
  }
  return rows.map(({ school, ...row }) => ({
    ...row,
    ...readableEntry(row, (kind, id) => names.get(`${school} ${kind} ${id}`)),
  }));
}

// The school's log, newest first, one page with its total (one batch), then the names it holds.
// A page after a cursor (`after`) starts at the cursor's row: no offset walked (decision 331).
route(auditRoutes, api.school, allow.permission('user:manage'), async (c) => {
  const query = c.req.valid('query');
  const { db, school } = c.var;
  const after = audit.keyOfCursor(query.after);
  if (query.archive) {
    // A past school year, read from its archive in R2.
    const username = query.userId ? await users.usernameOf(db, school, query.userId) : undefined;
    const page = archivePage(
      await readArchive(c.env.FILES, school, query.archive),
      { ...filtersOf(query), ...(username !== undefined ? { username } : {}) },
      { ...query, after },
    );
    const logs = await readable(
      [db],
      page.logs.map((row) => ({ ...row, school })),
    );
    const last = page.logs.length === query.limit ? page.logs.at(-1) : undefined;
    return c.json<SchoolAuditPage>({
      logs,
      pagination: pageOf(page.total, query),
      next: last ? audit.cursorOf(last) : null,
    });
  }
  const [[totals], rows] = await db.batch(
    audit.schoolLogPage(db, school, { ...filtersOf(query), userId: query.userId }, { ...query, after }),
  );
  const logs = await readable(
    [db],
    rows.map((row) => ({ ...row, school })),
  );
  const last = rows.length === query.limit ? rows.at(-1) : undefined;
  return c.json<SchoolAuditPage>({
    logs,
    pagination: pageOf(totals?.total ?? 0, query),
    next: last ? audit.cursorOf(last) : null,
  });
});

// Every school's log and the platform's, newest first: every database read in parallel
// (lib/platform-log.ts); for one school, its database and the directory (the platform's rows
// about it). Then the names the page holds, from every database.
route(auditRoutes, api.platform, allow.types(...PLATFORM_TYPES), async (c) => {
  const query = c.req.valid('query');
  const filters = { ...filtersOf(query), schoolId: query.schoolId };
  if (query.archive && query.schoolId) {
    // One school's past school year, read from its archive in R2; its name from its database.
    const route = await instances.getRoute(c.var.directory, query.schoolId);
    if (!route) return c.json<PlatformAuditPage>({ logs: [], pagination: pageOf(0, query), next: null });
    const db = schoolDatabase(c.env, route.shard);
    const page = archivePage(await readArchive(c.env.FILES, query.schoolId, query.archive), filtersOf(query), {
      ...query,
      after: audit.keyOfCursor(query.after),
    });
    const logs = await readable(
      [db],
      page.logs.map((row) => ({
        ...row,
        school_id: query.schoolId!,
        school_name: route.name,
        by_platform: false,
        school: query.schoolId!,
      })),
    );
    const last = page.logs.length === query.limit ? page.logs.at(-1) : undefined;
    return c.json<PlatformAuditPage>({
      logs,
      pagination: pageOf(page.total, query),
      next: last ? audit.cursorOf(last) : null,
    });
  }
  let databases = everyDatabase(c.env);
  if (query.schoolId) {
    const route = await instances.getRoute(c.var.directory, query.schoolId);
    if (!route) return c.json<PlatformAuditPage>({ logs: [], pagination: pageOf(0, query), next: null });
    databases = databases.filter((d) => d.name === DIRECTORY || d.db === schoolDatabase(c.env, route.shard));
  }
  const page = await platformLogPage(partsOf(databases), filters, { ...query, after: audit.keyOfCursor(query.after) });
  const logs = await readable(
    databases.map((d) => d.db),
    page.logs.map(({ by_platform, ...row }) => ({ ...row, by_platform: Boolean(by_platform), school: row.school_id })),
  );
  return c.json<PlatformAuditPage>({
    logs,
    pagination: pageOf(page.total, query),
    next: page.next ? audit.cursorOf(page.next) : null,
  });
});

// The past school years archived (decision 331): the school's own, or one school's for the platform.
route(auditRoutes, api.schoolArchives, allow.permission('user:manage'), async (c) =>
  c.json<ArchivedYears>(await archivedYears(c.env.FILES, c.var.school)),
);
route(auditRoutes, api.platformArchives, allow.types(...PLATFORM_TYPES), async (c) =>
  c.json<ArchivedYears>(await archivedYears(c.env.FILES, c.req.valid('query').schoolId)),
);

// The deletes reach every database: the schools' rows first, then the directory's with the log
// row of the delete (in its batch, after its deletes, so a range including today keeps it).
async function deleteLogs(c: Context<AppBindings>, target: audit.LogTarget, entry: audit.AuditEntry) {
  const schoolDatabasesOnly = schoolDatabases(c.env);
  const counts = await Promise.all(
    everyDatabase(c.env).map(async ({ db }) => {
      const [[schoolRows], [platformRows]] = await db.batch(audit.countMatching(db, target));
      return (schoolRows?.schoolRows ?? 0) + (platformRows?.platformRows ?? 0);
    }),
  );
  const deleted = counts.reduce((a, b) => a + b, 0);
  await Promise.all(schoolDatabasesOnly.map(({ db }) => db.batch(audit.deleteMatching(db, target))));
  return commit(c, [...audit.deleteMatching(c.var.directory, target)], {
    audit: { ...entry, details: { ...(typeof entry.details === 'object' ? entry.details : {}), supprimées: deleted } },
    body: { message: t.deletedBulk(deleted), deleted } satisfies AuditDeleted,
  });
}

// Deletes a range of days, both included, in every log.
route(auditRoutes, api.deleteByDate, allow.types('superadmin'), async (c) => {
  const { startDate, endDate } = c.req.valid('json');
  const { from, to } = dayRange(startDate, endDate);
  return deleteLogs(
    c,
    { from: from!, to: to! },
    { action: 'AUDIT_DELETE_BY_DATE', target: `${startDate} → ${endDate}`, details: { du: startDate, au: endDate } },
  );
});

// Deletes the chosen entries.
route(auditRoutes, api.deleteBulk, allow.types('superadmin'), async (c) => {
  const { ids } = c.req.valid('json');
  return deleteLogs(c, { ids }, { action: 'AUDIT_DELETE_BULK', target: `${ids.length} entrée(s)`, details: {} });
});
