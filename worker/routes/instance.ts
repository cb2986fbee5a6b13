// The school itself: public name for the sign-in page, information of the general tab, logo.
import { Hono } from 'hono';
import { z } from 'zod';
import { serverText } from '../../web/i18n/server';
import { allow, STAFF_TYPES } from '../auth/access';
import { requireSchool } from '../auth/session';
import { database } from '../db/client';
import { getInstance, type InstanceRow, updateInstanceInfo } from '../db/instances';
import type { AppBindings } from '../env';
import { decodeDataUrl, LOGO_MAX_BYTES, sniffImageType } from '../files/images';
import { logoKey } from '../files/keys';
import { ApiError, badRequest, notFound } from '../lib/errors';
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

// The school logo, served from R2 (a safe image type, checked on upload).
instanceRoutes.get('/instance/logo/:version', allow.public(), async (c) => {
  const instanceId = c.get('instance')?.id;
  const object = instanceId ? await c.env.FILES.get(logoKey(instanceId, c.req.param('version'))) : null;
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const instanceBody = z.object({
  name: z.string({ error: serverText.instance.nameRequired }).trim().min(1, serverText.instance.nameRequired).max(200),
  email: z
    .union([z.literal(''), z.null(), z.email({ error: serverText.instance.invalidEmail }).max(200)])
    // optional() outside the union: zod 4 does not treat z.undefined() inside it as an absent key.
    .optional()
    .transform((v) => (v ? v : null)),
  address: optionalText(300),
  phone: optionalText(30),
  passing_grade: z.coerce
    .number({ error: serverText.instance.invalidPassingGrade })
    .min(0, serverText.instance.invalidPassingGrade)
    .max(100, serverText.instance.invalidPassingGrade)
    .transform(Math.round),
  currency: z.enum(['Gdes', '$HT', 'US', 'EU'], { error: serverText.instance.invalidCurrency }),
  /** A data: URL to replace the logo, null to remove it, absent or an /api URL to keep it. */
  logo_url: z.string().max(LOGO_MAX_BYTES * 2).nullish(),
});

// Save the school information of the general tab (and its logo, stored in R2).
instanceRoutes.put('/instance/current', allow.permission('user:manage'), async (c) => {
  const body = await readJson(c, instanceBody);
  const instanceId = requireSchool(c.get('account'));
  const db = database(c.env.DB);
  let logo: { logoKey?: string | null } = {};
  if (body.logo_url === null || body.logo_url === '') {
    logo = { logoKey: null };
  } else if (body.logo_url?.startsWith('data:')) {
    const bytes = decodeDataUrl(body.logo_url);
    const type = bytes && sniffImageType(bytes);
    if (!bytes || !type) throw badRequest(serverText.instance.logoType);
    if (bytes.byteLength > LOGO_MAX_BYTES) throw new ApiError(413, 'too_large', serverText.instance.logoTooLarge);
    const key = logoKey(instanceId, crypto.randomUUID());
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
    logo = { logoKey: key };
  }
  return commit(
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
      body: { message: serverText.instance.updated },
    },
  );
});
