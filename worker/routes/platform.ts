// The platform's maintenance state: the routes of contract/platform.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type Maintenance, platformApi as api } from '../contract/platform';
import { currentMaintenance, setMaintenance } from '../durable/platform';
import type { AppBindings } from '../env';
import { input } from '../lib/validate';
import { commit } from '../lib/write';

export const platformRoutes = new Hono<AppBindings>();

platformRoutes.get(api.maintenance.path, allow.public(), input(api.maintenance), async (c) =>
  c.json<Maintenance>(await currentMaintenance(c.env)),
);

// The superadmin only: delegates manage schools, not the platform's state.
platformRoutes.put(api.setMaintenance.path, allow.types('superadmin'), input(api.setMaintenance), async (c) => {
  const body = c.req.valid('json');
  const state = await setMaintenance(c.env, body);
  return commit(c, [], {
    audit: { action: body.active ? 'MAINTENANCE_ON' : 'MAINTENANCE_OFF', target: body.level, details: body.message },
    body: state satisfies Maintenance,
  });
});
