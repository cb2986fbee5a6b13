// The latest platform announcement, shown as a closable banner on the admin home (document 1 §2).
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { latestPlatformAnnouncement } from '../db/announcements';
import { database } from '../db/client';
import type { AppBindings } from '../env';

export const announcementRoutes = new Hono<AppBindings>();

// The newest announcement of the platform team, or null.
announcementRoutes.get('/admin/announcements', allow.types(...STAFF_TYPES), async (c) =>
  c.json((await latestPlatformAnnouncement(database(c.env.DB))) ?? null),
);
