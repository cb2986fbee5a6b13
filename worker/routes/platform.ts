// The platform's maintenance state (document 1 §3 "Maintenance state", product decisions).
import { Hono } from 'hono';
import { z } from 'zod';
import { allow, PLATFORM_TYPES } from '../auth/access';
import { currentMaintenance, setMaintenance } from '../durable/platform';
import type { AppBindings } from '../env';
import { optionalMultilineText } from '../contract/common';
import { readJson } from '../lib/validate';
import { commit } from '../lib/write';

export const platformRoutes = new Hono<AppBindings>();

// Whether the platform is in maintenance: the maintenance screen polls it to know when to lift.
platformRoutes.get('/maintenance', allow.public(), async (c) => c.json(await currentMaintenance(c.env)));

const maintenanceBody = z.object({
  active: z.boolean(),
  message: optionalMultilineText(500).transform((v) => v ?? ''),
  level: z.enum(['standard', 'full_lockdown']).default('standard'),
});

// Start or end maintenance for the whole platform (superadmins only).
platformRoutes.put('/superadmin/maintenance', allow.types(...PLATFORM_TYPES), async (c) => {
  const body = await readJson(c, maintenanceBody);
  const state = await setMaintenance(c.env, body);
  return commit(c, [], {
    audit: { action: body.active ? 'MAINTENANCE_ON' : 'MAINTENANCE_OFF', target: body.level, details: body.message },
    body: state,
  });
});
