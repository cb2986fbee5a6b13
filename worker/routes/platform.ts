// The platform's maintenance state: the routes of contract/platform.ts.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { type Maintenance, platformApi as api } from '../contract/platform';
import { currentMaintenance, setMaintenance } from '../durable/platform';
import type { AppBindings } from '../env';
import { schoolInMaintenance } from '../lib/host';
import { textsOf } from '../lib/language';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const platformRoutes = new Hono<AppBindings>();

// The platform's state, or the host's school's own while it moves (decision 251): the
// maintenance screen polls this to know when to let its users back.
route(platformRoutes, api.maintenance, allow.public(), async (c) => {
  const [platform, moving] = await Promise.all([currentMaintenance(c.env), schoolInMaintenance(c)]);
  return c.json<Maintenance>(
    moving && !platform.active
      ? { active: true, message: textsOf(c).server.schoolMoving, level: 'full_lockdown' }
      : platform,
  );
});

// The superadmin only: delegates manage schools, not the platform's state.
route(platformRoutes, api.setMaintenance, allow.types('superadmin'), async (c) => {
  const body = c.req.valid('json');
  const state = await setMaintenance(c.env, body);
  return commit(c, [], {
    audit: { action: body.active ? 'MAINTENANCE_ON' : 'MAINTENANCE_OFF', target: body.level, details: body.message },
    body: state satisfies Maintenance,
  });
});
