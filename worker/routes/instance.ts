// The school itself: public name for the sign-in page, information of the general tab, logo.
import { Hono } from 'hono';
import { z } from 'zod';
import { serverText } from '../contract/texts/server';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { getInstance, type InstanceRow, logoStillIs, updateInstanceInfo } from '../db/instances';
import { isPassingGrade, isSchoolPhone, SCHOOL_LIMITS } from '../domain/school';
import { isEmail } from '../domain/students';
import type { AppBindings } from '../env';
import { dropFiles } from '../files/drop';
import { decodeDataUrl, LOGO_MAX_BYTES, sniffImageType } from '../files/images';
import { FILE_VERSION, logoKey } from '../files/keys';
import { ApiError, badRequest, conflict, notFound } from '../lib/errors';
import { optionalText, text } from '../contract/common';
import { readJson } from '../lib/validate';
import { commit } from '../lib/write';

export const instanceRoutes = new Hono<AppBindings>();

const logoUrl = (row: InstanceRow) =>
  row.logoKey ? `/api/instance/logo/${encodeURIComponent(row.logoKey.split('/').pop() ?? '')}` : null;

function publicInfo(row: InstanceRow) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    address: row.address,
    phone: row.phone,
    passing_grade: row.passingGrade,
    currency: row.currency,
    logo_url: logoUrl(row),
    expires_at: row.expiresAt,
  };
}

// The school this address serves: its name and logo for the sign-in page.
instanceRoutes.get('/instance/default', allow.public(), async (c) => {
  const instance = c.get('instance');
  const row = instance && (await getInstance(database(c.env.DB), instance.id));
  if (!row) throw notFound();
  return c.json({ id: row.id, name: row.name, logo_url: logoUrl(row) });
});

// The signed-in user's school information.
instanceRoutes.get('/instance/current', allow.types(...STAFF_TYPES, 'teacher', 'student'), async (c) => {
  const row = await getInstance(database(c.env.DB), requireSchool(c.get('account')));
  if (!row) throw notFound();
  return c.json(publicInfo(row));
});

// The school logo, served from R2 (a safe image type, checked on upload). A version that is not
// one the Worker makes names nothing: 404 without asking R2.
instanceRoutes.get('/instance/logo/:version', allow.public(), async (c) => {
  const instanceId = c.get('instance')?.id;
  const version = c.req.param('version');
  const object = instanceId && FILE_VERSION.test(version) ? await c.env.FILES.get(logoKey(instanceId, version)) : null;
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});

const t = serverText.instance;

const instanceBody = z.object({
  name: text(t.nameRequired, SCHOOL_LIMITS.name, t.nameTooLong),
  email: optionalText(SCHOOL_LIMITS.email, t.invalidEmail).refine((v) => v === null || isEmail(v), t.invalidEmail),
  address: optionalText(SCHOOL_LIMITS.address, t.addressTooLong),
  phone: optionalText(SCHOOL_LIMITS.phone, t.invalidPhone).refine((v) => v === null || isSchoolPhone(v), t.invalidPhone),
  // A number from the form's number field; digits typed as text (older clients) are read too.
  passing_grade: z
    .union([z.number(), z.string().regex(/^\s*\d{1,3}\s*$/).transform(Number)], { error: t.invalidPassingGrade })
    .refine(isPassingGrade, t.invalidPassingGrade),
  currency: z.enum(['Gdes', '$HT', 'US', 'EU'], { error: t.invalidCurrency }),
  /** A data: URL to replace the logo, null or '' to remove it, absent or an /api URL to keep it. */
  logo_url: z.string({ error: t.logoType }).max(LOGO_MAX_BYTES * 2, t.logoTooLarge).nullish(),
});

// Save the school information of the general tab (and its logo, stored in R2). A new logo is
// stored under a new key; the old object is deleted once the change is saved, and the save is
// refused if someone else changed the logo meanwhile.
instanceRoutes.put('/instance/current', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, instanceBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  const current = await getInstance(db, instanceId);
  if (!current) throw notFound();
  let logo: { logoKey?: string | null } = {};
  if (body.logo_url === null || body.logo_url === '') {
    logo = { logoKey: null };
  } else if (body.logo_url?.startsWith('data:')) {
    const bytes = decodeDataUrl(body.logo_url);
    const type = bytes && sniffImageType(bytes);
    if (!bytes || !type) throw badRequest(t.logoType);
    if (bytes.byteLength > LOGO_MAX_BYTES) throw new ApiError(413, 'too_large', t.logoTooLarge);
    const key = logoKey(instanceId, crypto.randomUUID());
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
    logo = { logoKey: key };
  }
  const replaced = logo.logoKey !== undefined && logo.logoKey !== current.logoKey;
  try {
    const response = await commit(
      c,
      [
        updateInstanceInfo(db, instanceId, {
          name: body.name,
          email: body.email,
          address: body.address,
          phone: body.phone,
          passingGrade: body.passing_grade,
          currency: body.currency,
          ...logo,
        }),
      ],
      {
        audit: { action: 'UPDATE_SCHOOL_INFO', target: body.name, details: { currency: body.currency, passing_grade: body.passing_grade } },
        body: { message: t.updated },
        guards: replaced ? [{ holds: logoStillIs(instanceId, current.logoKey), error: conflict(serverText.changedMeanwhile, 'changed') }] : [],
      },
    );
    if (replaced) dropFiles(c, [current.logoKey]);
    return response;
  } catch (error) {
    if (replaced) dropFiles(c, [logo.logoKey]);
    throw error;
  }
});
