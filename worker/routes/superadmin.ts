// The platform's console: the routes of contract/superadmin.ts. Schools and announcements for
// superadmins and delegates; delegates for the superadmin only. Every write is logged in the
// platform's log (lib/write.ts: a platform account's audit row goes there).
import { Hono } from 'hono';
import { allow, PLATFORM_TYPES } from '../auth/access';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import {
  type CreatedDelegate,
  type CreatedSchool,
  type Delegate,
  type ExpirySaved,
  type PlatformAnnouncement,
  type PlatformSchool,
  type SavedAnnouncement,
  type SchoolDatabase,
  type SchoolsPage,
  type MoveRehearsed,
  superadminApi as api,
} from '../contract/superadmin';
import { platformServerText as t } from '../contract/texts/platform';
import { serverText } from '../contract/texts/server';
import * as announcements from '../db/announcements';
import * as backup from '../db/backup';
import {
  d1Binding,
  DIRECTORY,
  everyDatabase,
  schoolDatabase,
  schoolDatabaseNames,
  schoolDatabases,
} from '../db/databases';
import { moveSchool } from '../db/move';
import * as instances from '../db/instances';
import { chooseSchoolDatabase, reservationsFor, writeNewSchool } from '../db/placement';
import * as platformUsers from '../db/platform-users';
import * as reserved from '../db/reserved-usernames';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { formatInstant } from '../domain/format';
import { searchWords } from '../domain/text';
import { accessThrough, extendedExpiry } from '../domain/platform';
import type { AppBindings, AppContext } from '../env';
import { consoleDirectory } from '../lib/directory-reads';
import { badRequest, conflict, found, notFound } from '../lib/errors';
import { pageOf } from '../lib/pagination';
import { route } from '../lib/route';
import { dropRestore, readRestore } from '../lib/restore';
import { commit, commitToSchool, guardFailed } from '../lib/write';
import { conditionsHolding, guardStatement } from '../db/guards';

export const superadminRoutes = new Hono<AppBindings>();

const PLATFORM = allow.types(...PLATFORM_TYPES);
const SUPERADMIN = allow.types('superadmin');

const hostnameTaken = () => conflict(t.hostnameTaken, 'hostname_taken');
const schoolGone = () => notFound(t.schoolNotFound);

/** A school: its directory row, its database and its row there (404 when either is missing). */
async function requireSchool(c: AppContext, id: string) {
  const route = found(await instances.getRoute(c.var.directory, id), t.schoolNotFound);
  const db = schoolDatabase(c.env, route.shard);
  const row = found(await instances.getInstance(db, id), t.schoolNotFound);
  return { route, db, row };
}

/** SQLite's NOCASE order (ASCII letters folded), then id: the order the list had in one database. */
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => {
  const fold = (s: string) => s.replace(/[A-Z]/g, (l) => l.toLowerCase());
  const [x, y] = [fold(a.name), fold(b.name)];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** The last day of access, in the school's words (the stored end is the start of the next day). */
const day = (iso: string) => formatInstant(new Date(Date.parse(iso) - 1), 'longDate');

// The schools with their counts, by name: the directory's rows and each database's schools,
// read in parallel (one statement each; the counts are stored, decision 253).
route(superadminRoutes, api.schools, PLATFORM, async (c) => {
  const databases = everyDatabase(c.env);
  const [routes, ...held] = await Promise.all([
    instances.listRoutes(consoleDirectory(c)),
    ...databases.map((d) => instances.schoolsHeld(d.db)),
  ]);
  const rows = new Map(databases.map((d, i) => [d.name, new Map(held[i]!.map((row) => [row.id, row]))]));
  const schools: PlatformSchool[] = [];
  for (const route of routes) {
    const row = rows.get(route.shard ?? DIRECTORY)?.get(route.id);
    // A route without its school's row names a database this Worker does not have.
    if (!row) continue;
    schools.push({
      ...row,
      hostnames: [...(route.hostname ? [route.hostname] : []), ...route.aliases],
      is_default: route.isDefault,
    });
  }
  return c.json<PlatformSchool[]>(schools.sort(byName));
});

// One page of the schools, by name, searched by name and hostnames (decision 332): the page's
// routes from the directory (one batch), then the page's schools from their databases (one
// statement for each database the page names): constant whatever the platform's size.
route(superadminRoutes, api.schoolsPage, PLATFORM, async (c) => {
  const query = c.req.valid('query');
  const words = searchWords(query.search ?? '');
  const directory = consoleDirectory(c);
  const [[counted], routes] = await directory.batch(
    instances.routesPage(directory, words, { limit: query.limit, offset: (query.page - 1) * query.limit }),
  );
  const databases = everyDatabase(c.env);
  const wanted = new Map<string, string[]>();
  for (const r of routes) wanted.set(r.shard ?? DIRECTORY, [...(wanted.get(r.shard ?? DIRECTORY) ?? []), r.id]);
  const held = await Promise.all(
    databases.map((d) => (wanted.has(d.name) ? instances.schoolsHeld(d.db, wanted.get(d.name)) : [])),
  );
  const rows = new Map(held.flat().map((row) => [row.id, row]));
  const schools: PlatformSchool[] = [];
  for (const route of routes) {
    const row = rows.get(route.id);
    if (!row) continue;
    schools.push({
      ...row,
      hostnames: [...(route.hostname ? [route.hostname] : []), ...route.aliases],
      is_default: route.isDefault,
    });
  }
  return c.json<SchoolsPage>({ schools, pagination: pageOf(counted?.total ?? 0, query) });
});

/** The main hostname and the others, as stored. */
const stored = (hostnames: string[]) => ({ hostname: hostnames[0] ?? null, aliases: hostnames.slice(1) });

// A new school on its hostname, with its first admin (temporary password, shown once): its rows
// in the school database the rule chooses, then its directory row with the log (decision 252).
route(superadminRoutes, api.createSchool, PLATFORM, async (c) => {
  const body = c.req.valid('json');
  const { directory } = c.var;
  // A platform account signs in first under its name: the school's admin could not (the school
  // database's copy of the platform's names refuses it in the batch too).
  if (await platformUsers.findByUsername(directory, body.adminUsername)) throw conflict(t.usernameTaken);
  const guards = [{ holds: instances.hostnamesFree(body.hostnames), error: hostnameTaken() }];
  // Checked before the school is written: a taken hostname writes nothing anywhere.
  const [free] = await conditionsHolding(directory, [guards[0]!.holds]);
  if (!free) throw hostnameTaken();
  const target = await chooseSchoolDatabase(c.env);
  const id = crypto.randomUUID();
  const tempPassword = generateTemporaryPassword();
  const school = { id, name: body.name, ...stored(body.hostnames), currency: body.currency };
  const { statements } = instances.newSchoolStatements(target.db, school, [
    {
      id: crypto.randomUUID(),
      username: body.adminUsername,
      passwordHash: await hashPassword(tempPassword),
      accountType: 'admin',
      status: 'temporary_password',
      tempPasswordExpiresAt: temporaryPasswordExpiry(),
    },
  ]);
  const reservations = await reservationsFor(directory, target.db);
  return writeNewSchool({ id, db: target.db }, [...reservations, ...statements], () =>
    commit(c, [instances.directoryRow(directory, school, target.name)], {
      status: 201,
      guards,
      audit: {
        action: 'CREATE_SCHOOL',
        school: id,
        target: body.name,
        details: {
          hostnames: body.hostnames.join(', '),
          currency: body.currency,
          admin: body.adminUsername,
          base: target.name,
        },
      },
      body: {
        id,
        message: t.schoolCreated,
        admin: { username: body.adminUsername, tempPassword },
      } satisfies CreatedSchool,
    }),
  );
});

// Renames a school, moves its hostname, changes its currency: the name and currency in its
// database, the name and hostnames in the directory.
route(superadminRoutes, api.updateSchool, PLATFORM, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const { route, db, row } = await requireSchool(c, id);
  // Only the default school answers without a hostname (on every address no school holds).
  if (body.hostnames.length === 0 && !route.isDefault) throw badRequest(t.hostnameRequired);
  const hostnameGuards = body.hostnames.length
    ? [{ holds: instances.hostnamesFree(body.hostnames, id), error: hostnameTaken() }]
    : [];
  if (hostnameGuards.length && !(await conditionsHolding(c.var.directory, [hostnameGuards[0]!.holds]))[0])
    throw hostnameTaken();
  return commitToSchool(c, [instances.updateSchool(db, id, { name: body.name, currency: body.currency })], {
    school: { id, db },
    directory: [instances.updateRoute(c.var.directory, id, { name: body.name, ...stored(body.hostnames) })],
    guards: [{ holds: instances.schoolExists(id), error: schoolGone() }, ...hostnameGuards],
    undo: [instances.updateSchool(db, id, { name: row.name, currency: row.currency })],
    audit: {
      action: 'UPDATE_SCHOOL',
      school: id,
      target: body.name,
      details: { avant: row.name, hostnames: body.hostnames.join(', '), currency: body.currency },
    },
    body: { message: t.schoolUpdated },
  });
});

// The last day of access, included (null: none).
route(superadminRoutes, api.setExpiry, PLATFORM, async (c) => {
  const { id } = c.req.valid('param');
  const { date } = c.req.valid('json');
  const { db, row } = await requireSchool(c, id);
  const expiresAt = date ? accessThrough(date) : null;
  return commitToSchool(c, [instances.setExpiresAt(db, id, expiresAt)], {
    school: { id, db },
    schoolGuards: [{ holds: instances.schoolExists(id), error: schoolGone() }],
    audit: {
      action: 'SET_SCHOOL_EXPIRY',
      school: id,
      target: row.name,
      details: { avant: row.expiresAt, après: expiresAt },
    },
    body: { message: date ? t.expirySet : t.expiryCleared, expires_at: expiresAt } satisfies ExpirySaved,
  });
});

// Some more months: from the end while it has not passed, otherwise from now.
route(superadminRoutes, api.extendExpiry, PLATFORM, async (c) => {
  const { id } = c.req.valid('param');
  const { months } = c.req.valid('json');
  const { db, row } = await requireSchool(c, id);
  const expiresAt = extendedExpiry(row.expiresAt, months, new Date());
  return commitToSchool(c, [instances.setExpiresAt(db, id, expiresAt)], {
    school: { id, db },
    // The end read is the one extended: an extension made meanwhile is not counted twice.
    schoolGuards: [
      { holds: instances.expiryStillIs(id, row.expiresAt), error: conflict(serverText.changedMeanwhile, 'changed') },
    ],
    audit: {
      action: 'EXTEND_SCHOOL',
      school: id,
      target: row.name,
      details: { mois: months, avant: row.expiresAt, après: expiresAt },
    },
    body: { message: t.expiryExtended(day(expiresAt)), expires_at: expiresAt } satisfies ExpirySaved,
  });
});

// Suspends (users refused, nothing deleted) or reactivates.
route(superadminRoutes, api.setStatus, PLATFORM, async (c) => {
  const { id } = c.req.valid('param');
  const { status } = c.req.valid('json');
  const { db, row } = await requireSchool(c, id);
  return commitToSchool(c, [instances.setStatus(db, id, status)], {
    school: { id, db },
    schoolGuards: [{ holds: instances.schoolExists(id), error: schoolGone() }],
    // Logged with the school, so that its history in the platform's view finds it.
    audit: { action: status === 'suspended' ? 'SUSPEND_SCHOOL' : 'REACTIVATE_SCHOOL', school: id, target: row.name },
    body: { message: status === 'suspended' ? t.suspended : t.reactivated },
  });
});

// A school holding no data deleted (decision 312): a school created by mistake, or the target of
// a failed restore (its restore's new school dropped too). Its rows in its database first, the
// emptiness checked in that batch; then its route in the directory with the log (a deletion cut
// off after the first step finds the route without its row and finishes).
route(superadminRoutes, api.deleteSchool, SUPERADMIN, async (c) => {
  const { id } = c.req.valid('param');
  const { directory } = c.var;
  const route = found(await instances.getRoute(directory, id), t.schoolNotFound);
  const db = schoolDatabase(c.env, route.shard);
  const noData = backup.holdsNoData(id);
  const holdsData = () => conflict(t.schoolHoldsData, 'not_empty');
  const held = Boolean(await instances.getInstance(db, id));
  if (held && !(await conditionsHolding(db, [noData]))[0]) throw holdsData();
  if (held && route.shard !== null) {
    try {
      await db.batch([guardStatement(db, noData), ...backup.wipeSchool(db, id), instances.deleteSchoolRow(db, id)]);
    } catch (error) {
      if (guardFailed(error)) throw holdsData();
      throw error;
    }
  }
  const restore = await readRestore(c.env.FILES, id);
  if (restore) await dropRestore(c.env, restore);
  // A school the directory itself holds (before a first split) loses its rows with its route.
  const inDirectory = held && route.shard === null;
  return commit(c, [...(inDirectory ? backup.wipeSchool(directory, id) : []), instances.deleteRoute(directory, id)], {
    guards: inDirectory ? [{ holds: noData, error: holdsData() }] : [],
    // The log row names the school in its details: its route is gone with this batch.
    audit: {
      action: 'DELETE_SCHOOL',
      target: route.name,
      details: {
        school_id: id,
        hostnames: [route.hostname, ...route.aliases].filter(Boolean).join(', '),
        base: route.shard ?? DIRECTORY,
      },
    },
    body: { message: t.schoolDeleted },
  });
});

// The school databases, with how many schools each holds (the restore's choice of database).
route(superadminRoutes, api.databases, SUPERADMIN, async (c) => {
  const routes = await instances.listRoutes(consoleDirectory(c));
  return c.json<SchoolDatabase[]>(
    schoolDatabaseNames(c.env).map((name) => ({ name, schools: routes.filter((r) => r.shard === name).length })),
  );
});

// The local portal's move rehearsal (decision 330): the move of `npm run move-school`, run inside
// the portal that serves the school's users (locally, a second runtime on the same files meets
// them locked). Only on a local address: a deployed Worker is reached through its own hostnames
// (Cloudflare routes by host), never `localhost`; anywhere else there is no such route.
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\]|[a-z0-9.-]+\.localhost)$/;
route(superadminRoutes, api.rehearseMove, SUPERADMIN, async (c) => {
  if (!LOCAL_HOST.test(new URL(c.req.url).hostname)) throw notFound();
  const { id } = c.req.valid('param');
  const { base, waitMs } = c.req.valid('json');
  const databases = Object.fromEntries(everyDatabase(c.env).map((d) => [d.name, d1Binding(c.env, d.name)]));
  const started = Date.now();
  const report = await moveSchool(databases, id, base, { waitMs, log: (line) => console.log(`• ${line}`) });
  return c.json<MoveRehearsed>({
    outcome: report.outcome,
    seconds: (Date.now() - started) / 1000,
    retries: report.retries,
    rows: report.rows,
  });
});

// The delegates (superadmin only).
route(superadminRoutes, api.delegates, SUPERADMIN, async (c) =>
  c.json<Delegate[]>(await platformUsers.listDelegates(consoleDirectory(c))),
);

// A delegate's name is reserved in every school database before the account exists (decision
// 250): each database refuses it if one of its school accounts holds it, and from then on refuses
// a school account of that name.
route(superadminRoutes, api.createDelegate, SUPERADMIN, async (c) => {
  const { username } = c.req.valid('json');
  const { directory } = c.var;
  if (await platformUsers.findByUsername(directory, username)) throw conflict(t.usernameTaken);
  const databases = schoolDatabases(c.env);
  const reservedIn: typeof databases = [];
  await Promise.all(
    databases.map(async (d) => {
      try {
        await d.db.batch([
          guardStatement(d.db, reserved.noSchoolAccountNamed(username)),
          reserved.reserve(d.db, [username]),
        ]);
        reservedIn.push(d);
      } catch {
        // Refused below (a school account holds the name, or the database failed).
      }
    }),
  );
  if (reservedIn.length < databases.length) {
    await Promise.all(
      reservedIn.map((d) =>
        reserved
          .release(d.db, username)
          .run()
          .catch(() => {}),
      ),
    );
    throw conflict(t.usernameTaken);
  }
  const id = crypto.randomUUID();
  const tempPassword = generateTemporaryPassword();
  const row = {
    id,
    username,
    passwordHash: await hashPassword(tempPassword),
    tempPasswordExpiresAt: temporaryPasswordExpiry(),
  };
  return commit(c, [platformUsers.insertDelegate(directory, row)], {
    status: 201,
    audit: { action: 'CREATE_DELEGATE', target: username },
    body: { id, username, tempPassword, message: t.delegateCreated } satisfies CreatedDelegate,
  });
});

route(superadminRoutes, api.deleteDelegate, SUPERADMIN, async (c) => {
  const { id } = c.req.valid('param');
  const delegate = found(await platformUsers.findDelegate(c.var.directory, id), t.delegateNotFound);
  const response = await commit(c, [platformUsers.deleteDelegate(c.var.directory, id)], {
    audit: { action: 'DELETE_DELEGATE', target: delegate.username },
    body: { message: t.delegateDeleted },
  });
  // The name is free again for school accounts (a reservation left by a failure here is dropped
  // by the daily reconciliation).
  await Promise.all(
    schoolDatabases(c.env).map((d) =>
      reserved
        .release(d.db, delegate.username)
        .run()
        .catch(() => {}),
    ),
  );
  return response;
});

// Announcements to the admins of every school (their banner shows the latest).
route(superadminRoutes, api.announcements, PLATFORM, async (c) =>
  c.json<PlatformAnnouncement[]>(await announcements.listPlatformAnnouncements(consoleDirectory(c))),
);

route(superadminRoutes, api.announce, PLATFORM, async (c) => {
  const { title, content } = c.req.valid('json');
  const row = {
    id: crypto.randomUUID(),
    title,
    content,
    createdBy: c.var.account.id,
    createdAt: new Date().toISOString(),
  };
  return commit(c, [announcements.insertPlatformAnnouncement(c.var.directory, row)], {
    status: 201,
    audit: { action: 'PLATFORM_ANNOUNCEMENT', target: title },
    body: {
      id: row.id,
      title,
      content,
      created_at: row.createdAt,
      message: t.announcementSent,
    } satisfies SavedAnnouncement,
  });
});

route(superadminRoutes, api.deleteAnnouncement, PLATFORM, async (c) => {
  const { id } = c.req.valid('param');
  const announcement = found(await announcements.findPlatformAnnouncement(c.var.directory, id), t.announcementNotFound);
  return commit(c, [announcements.deletePlatformAnnouncement(c.var.directory, id)], {
    audit: { action: 'DELETE_PLATFORM_ANNOUNCEMENT', target: announcement.title },
    body: { message: t.announcementDeleted },
  });
});
