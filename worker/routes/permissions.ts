// The permission catalogue with categories and French descriptions.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { database } from '../db/client';
import { permissions } from '../db/schema';
import type { AppBindings } from '../env';

export const permissionRoutes = new Hono<AppBindings>();

// Every permission, for the role editor and the role info buttons.
permissionRoutes.get('/permissions', allow.types(...STAFF_TYPES), async (c) => {
  const rows = await database(c.env.DB).select().from(permissions).orderBy(permissions.id).all();
  return c.json(rows);
});
