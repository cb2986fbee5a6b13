// The school itself: the routes of contract/instance.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { instanceApi as api, type PublicSchool, type SchoolInfo } from '../contract/instance';
import { serverText } from '../contract/texts/server';
import { isSchoolLocked } from '../domain/school-access';
import * as instances from '../db/instances';
import type { AppBindings } from '../env';
import { LOGO_MAX_BYTES } from '../files/images';
import { FILE_VERSION, logoKey } from '../files/keys';
import { dropFiles, serveFile, storeImage } from '../files/store';
import { conflict, found } from '../lib/errors';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const instanceRoutes = new Hono<AppBindings>();
const t = serverText.instance;

const logoUrl = (row: instances.InstanceRow) =>
  row.logoKey ? `/api/instance/logo/${encodeURIComponent(row.logoKey.split('/').pop() ?? '')}` : null;

route(instanceRoutes, api.publicInfo, allow.public(), async (c) => {
  const instance = c.get('instance');
  const row = found(instance && (await instances.getInstance(c.var.db, instance.id)));
  // The sign-in page says the school's state as it is now, not as a session ended (decision 201).
  const access =
    row.status === 'suspended' ? 'suspended' : isSchoolLocked(row.expiresAt, new Date()) ? 'expired' : 'open';
  return c.json<PublicSchool>({ id: row.id, name: row.name, logo_url: logoUrl(row), access });
});

/** The school's settings as the API names them (the screens' information, a backup's manifest). */
export const schoolSettingsOf = (row: instances.InstanceRow) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  address: row.address,
  phone: row.phone,
  passing_grade: row.passingGrade,
  currency: row.currency,
});

/** The school's information as the screens read it (also in the bootstrap, routes/bootstrap.ts). */
export const schoolInfoOf = (row: instances.InstanceRow): SchoolInfo => ({
  ...schoolSettingsOf(row),
  logo_url: logoUrl(row),
  expires_at: row.expiresAt,
});

route(instanceRoutes, api.current, allow.types(...STAFF_TYPES, 'teacher', 'student'), async (c) =>
  c.json<SchoolInfo>(schoolInfoOf(found(await instances.getInstance(c.var.db, c.var.school)))),
);

// Public (the sign-in page shows it); R2 is not asked for a version the Worker does not make.
route(instanceRoutes, api.logo, allow.public(), async (c) => {
  const instanceId = c.get('instance')?.id;
  const { version } = c.req.valid('param');
  return serveFile(c.env, instanceId && FILE_VERSION.test(version) ? logoKey(instanceId, version) : null, 'public');
});

// A new logo is stored under a new key; the old object is deleted once the change is saved.
route(instanceRoutes, api.update, allow.permission('user:manage'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const current = found(await instances.getInstance(db, school));
  let logo: { logoKey?: string | null } = {};
  if (body.logo_url === null || body.logo_url === '') logo = { logoKey: null };
  else if (body.logo_url?.startsWith('data:')) {
    const limits = { maxBytes: LOGO_MAX_BYTES, wrongType: t.logoType, tooLarge: t.logoTooLarge };
    logo = { logoKey: await storeImage(c.env, logoKey(school, crypto.randomUUID()), body.logo_url, limits) };
  }
  const replaced = logo.logoKey !== undefined && logo.logoKey !== current.logoKey;
  const info = {
    name: body.name,
    email: body.email,
    address: body.address,
    phone: body.phone,
    passingGrade: body.passing_grade,
    currency: body.currency,
  };
  try {
    const response = await commit(c, [instances.updateInstanceInfo(db, school, { ...info, ...logo })], {
      audit: {
        action: 'UPDATE_SCHOOL_INFO',
        target: body.name,
        details: { currency: body.currency, passing_grade: body.passing_grade },
      },
      body: { message: t.updated },
      guards: replaced
        ? [
            {
              holds: instances.logoStillIs(school, current.logoKey),
              error: conflict(serverText.changedMeanwhile, 'changed'),
            },
          ]
        : [],
    });
    if (replaced) dropFiles(c, [current.logoKey]);
    return response;
  } catch (error) {
    if (replaced) dropFiles(c, [logo.logoKey]);
    throw error;
  }
});
