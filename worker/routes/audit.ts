// The activity log: the routes of contract/audit.ts. The school's log for its administration;
// the platform's view for superadmins and delegates; the deletes for superadmins only (document
// 2 §6), each logged in the platform's log in the batch that deletes.
import { type Context, Hono } from 'hono';
import { allow, PLATFORM_TYPES } from '../auth/access';
import { type AuditDeleted, auditApi as api, type PlatformAuditPage, type SchoolAuditPage } from '../contract/audit';
import { auditServerText as t } from '../contract/texts/audit';
import * as audit from '../db/audit';
import { everyDatabase, schoolDatabase, schoolDatabases } from '../db/databases';
import * as instances from '../db/instances';
import { auditSearchWords, dayRange } from '../domain/audit';
import type { AppBindings } from '../env';
import { pageOf } from '../lib/pagination';
import { input } from '../lib/validate';
import { platformLog } from '../lib/platform-log';
import { commit } from '../lib/write';

export const auditRoutes = new Hono<AppBindings>();

const filtersOf = (query: { searchTerm?: string; startDate?: string; endDate?: string }): audit.AuditFilters => ({
  ...dayRange(query.startDate, query.endDate),
  words: auditSearchWords(query.searchTerm),
});

// The school's log, newest first, one page with its total (one batch).
auditRoutes.get(api.school.path, allow.permission('user:manage'), input(api.school), async (c) => {
  const query = c.req.valid('query');
  const [[totals], logs] = await c.var.db.batch(
    audit.schoolLogPage(c.var.db, c.var.school, { ...filtersOf(query), userId: query.userId }, query),
  );
  return c.json<SchoolAuditPage>({ logs, pagination: pageOf(totals?.total ?? 0, query) });
});

// Every school's log and the platform's, newest first: every database read in parallel
// (lib/platform-log.ts); for one school, its database only.
auditRoutes.get(api.platform.path, allow.types(...PLATFORM_TYPES), input(api.platform), async (c) => {
  const query = c.req.valid('query');
  const filters = filtersOf(query);
  if (query.schoolId) {
    const route = await instances.getRoute(c.var.directory, query.schoolId);
    if (!route) return c.json<PlatformAuditPage>({ logs: [], pagination: pageOf(0, query) });
    const db = schoolDatabase(c.env, route.shard);
    const [[schools], , logs] = await db.batch(
      audit.platformLogPage(
        db,
        { ...filters, schoolId: query.schoolId },
        {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        },
      ),
    );
    return c.json<PlatformAuditPage>({ logs, pagination: pageOf(schools?.schoolTotal ?? 0, query) });
  }
  const { logs, total } = await platformLog(c, filters, query);
  return c.json<PlatformAuditPage>({ logs, pagination: pageOf(total, query) });
});

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
