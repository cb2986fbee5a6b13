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
  superadminApi as api,
} from '../contract/superadmin';
import { platformServerText as t } from '../contract/texts/platform';
import { serverText } from '../contract/texts/server';
import * as announcements from '../db/announcements';
import * as instances from '../db/instances';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { SCHOOL_TIME_ZONE } from '../domain/dates';
import { accessThrough, extendedExpiry } from '../domain/platform';
import type { AppBindings } from '../env';
import type { Db } from '../db/client';
import { badRequest, conflict, found, notFound } from '../lib/errors';
import { input } from '../lib/validate';
import { commit } from '../lib/write';

export const superadminRoutes = new Hono<AppBindings>();

const PLATFORM = allow.types(...PLATFORM_TYPES);
const SUPERADMIN = allow.types('superadmin');

const hostnameTaken = () => conflict(t.hostnameTaken, 'hostname_taken');
const schoolGone = () => notFound(t.schoolNotFound);

async function requireSchool(db: Db, id: string) {
  return found(await instances.getInstance(db, id), t.schoolNotFound);
}

const day = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: SCHOOL_TIME_ZONE }).format(
    new Date(Date.parse(iso) - 1),
  );

// The schools with their counts, by name.
superadminRoutes.get(api.schools.path, PLATFORM, input(api.schools), async (c) =>
  c.json<PlatformSchool[]>(
    (await instances.listSchoolsWithCounts(c.var.db)).map(({ hostname, aliases, ...school }) => ({
      ...school,
      hostnames: [...(hostname ? [hostname] : []), ...aliases],
    })),
  ),
);

/** The main hostname and the others, as stored. */
const stored = (hostnames: string[]) => ({ hostname: hostnames[0] ?? null, aliases: hostnames.slice(1) });

// A new school on its hostname, with its first admin (temporary password, shown once).
superadminRoutes.post(api.createSchool.path, PLATFORM, input(api.createSchool), async (c) => {
  const body = c.req.valid('json');
  const { db } = c.var;
  // A platform account signs in first under its name: the school's admin could not.
  if (await platformUsers.findByUsername(db, body.adminUsername)) throw conflict(t.usernameTaken);
  const id = crypto.randomUUID();
  const tempPassword = generateTemporaryPassword();
  const { statements } = instances.newSchoolStatements(
    db,
    { id, name: body.name, ...stored(body.hostnames), currency: body.currency },
    [
      {
        id: crypto.randomUUID(),
        username: body.adminUsername,
        passwordHash: await hashPassword(tempPassword),
        accountType: 'admin',
        status: 'temporary_password',
        tempPasswordExpiresAt: temporaryPasswordExpiry(),
      },
    ],
  );
  return commit(c, [...statements], {
    status: 201,
    guards: [{ holds: instances.hostnamesFree(body.hostnames), error: hostnameTaken() }],
    audit: {
      action: 'CREATE_SCHOOL',
      school: id,
      target: body.name,
      details: { hostnames: body.hostnames.join(', '), currency: body.currency, admin: body.adminUsername },
    },
    body: {
      id,
      message: t.schoolCreated,
      admin: { username: body.adminUsername, tempPassword },
    } satisfies CreatedSchool,
  });
});

// Renames a school, moves its hostname, changes its currency.
superadminRoutes.put(api.updateSchool.path, PLATFORM, input(api.updateSchool), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const school = await requireSchool(c.var.db, id);
  // Only the default school answers without a hostname (on every address no school holds).
  if (body.hostnames.length === 0 && !school.isDefault) throw badRequest(t.hostnameRequired);
  const change = { name: body.name, currency: body.currency, ...stored(body.hostnames) };
  return commit(c, [instances.updateSchool(c.var.db, id, change)], {
    guards: [
      { holds: instances.schoolExists(id), error: schoolGone() },
      ...(body.hostnames.length
        ? [{ holds: instances.hostnamesFree(body.hostnames, id), error: hostnameTaken() }]
        : []),
    ],
    audit: {
      action: 'UPDATE_SCHOOL',
      school: id,
      target: body.name,
      details: { avant: school.name, hostnames: body.hostnames.join(', '), currency: body.currency },
    },
    body: { message: t.schoolUpdated },
  });
});

// The last day of access, included (null: none).
superadminRoutes.put(api.setExpiry.path, PLATFORM, input(api.setExpiry), async (c) => {
  const { id } = c.req.valid('param');
  const { date } = c.req.valid('json');
  const school = await requireSchool(c.var.db, id);
  const expiresAt = date ? accessThrough(date) : null;
  return commit(c, [instances.setExpiresAt(c.var.db, id, expiresAt)], {
    guards: [{ holds: instances.schoolExists(id), error: schoolGone() }],
    audit: {
      action: 'SET_SCHOOL_EXPIRY',
      school: id,
      target: school.name,
      details: { avant: school.expiresAt, après: expiresAt },
    },
    body: { message: date ? t.expirySet : t.expiryCleared, expires_at: expiresAt } satisfies ExpirySaved,
  });
});

// Some more months: from the end while it has not passed, otherwise from now.
superadminRoutes.post(api.extendExpiry.path, PLATFORM, input(api.extendExpiry), async (c) => {
  const { id } = c.req.valid('param');
  const { months } = c.req.valid('json');
  const school = await requireSchool(c.var.db, id);
  const expiresAt = extendedExpiry(school.expiresAt, months, new Date());
  return commit(c, [instances.setExpiresAt(c.var.db, id, expiresAt)], {
    // The end read is the one extended: an extension made meanwhile is not counted twice.
    guards: [
      { holds: instances.expiryStillIs(id, school.expiresAt), error: conflict(serverText.changedMeanwhile, 'changed') },
    ],
    audit: {
      action: 'EXTEND_SCHOOL',
      school: id,
      target: school.name,
      details: { mois: months, avant: school.expiresAt, après: expiresAt },
    },
    body: { message: t.expiryExtended(day(expiresAt)), expires_at: expiresAt } satisfies ExpirySaved,
  });
});

// Suspends (users refused, nothing deleted) or reactivates.
superadminRoutes.put(api.setStatus.path, PLATFORM, input(api.setStatus), async (c) => {
  const { id } = c.req.valid('param');
  const { status } = c.req.valid('json');
  const school = await requireSchool(c.var.db, id);
  return commit(c, [instances.setStatus(c.var.db, id, status)], {
    guards: [{ holds: instances.schoolExists(id), error: schoolGone() }],
    // Logged with the school, so that its history in the platform's view finds it.
    audit: { action: status === 'suspended' ? 'SUSPEND_SCHOOL' : 'REACTIVATE_SCHOOL', school: id, target: school.name },
    body: { message: status === 'suspended' ? t.suspended : t.reactivated },
  });
});

// The delegates (superadmin only).
superadminRoutes.get(api.delegates.path, SUPERADMIN, input(api.delegates), async (c) =>
  c.json<Delegate[]>(await platformUsers.listDelegates(c.var.db)),
);

superadminRoutes.post(api.createDelegate.path, SUPERADMIN, input(api.createDelegate), async (c) => {
  const { username } = c.req.valid('json');
  const { db } = c.var;
  if ((await platformUsers.findByUsername(db, username)) || (await users.namedInAnySchool(db, username)))
    throw conflict(t.usernameTaken);
  const id = crypto.randomUUID();
  const tempPassword = generateTemporaryPassword();
  const row = {
    id,
    username,
    passwordHash: await hashPassword(tempPassword),
    tempPasswordExpiresAt: temporaryPasswordExpiry(),
  };
  return commit(c, [platformUsers.insertDelegate(db, row)], {
    status: 201,
    audit: { action: 'CREATE_DELEGATE', target: username },
    body: { id, username, tempPassword, message: t.delegateCreated } satisfies CreatedDelegate,
  });
});

superadminRoutes.delete(api.deleteDelegate.path, SUPERADMIN, input(api.deleteDelegate), async (c) => {
  const { id } = c.req.valid('param');
  const delegate = found(await platformUsers.findDelegate(c.var.db, id), t.delegateNotFound);
  return commit(c, [platformUsers.deleteDelegate(c.var.db, id)], {
    audit: { action: 'DELETE_DELEGATE', target: delegate.username },
    body: { message: t.delegateDeleted },
  });
});

// Announcements to the admins of every school (their banner shows the latest).
superadminRoutes.get(api.announcements.path, PLATFORM, input(api.announcements), async (c) =>
  c.json<PlatformAnnouncement[]>(await announcements.listPlatformAnnouncements(c.var.db)),
);

superadminRoutes.post(api.announce.path, PLATFORM, input(api.announce), async (c) => {
  const { title, content } = c.req.valid('json');
  const row = {
    id: crypto.randomUUID(),
    title,
    content,
    createdBy: c.var.account.id,
    createdAt: new Date().toISOString(),
  };
  return commit(c, [announcements.insertPlatformAnnouncement(c.var.db, row)], {
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

superadminRoutes.delete(api.deleteAnnouncement.path, PLATFORM, input(api.deleteAnnouncement), async (c) => {
  const { id } = c.req.valid('param');
  const announcement = found(await announcements.findPlatformAnnouncement(c.var.db, id), t.announcementNotFound);
  return commit(c, [announcements.deletePlatformAnnouncement(c.var.db, id)], {
    audit: { action: 'DELETE_PLATFORM_ANNOUNCEMENT', target: announcement.title },
    body: { message: t.announcementDeleted },
  });
});
