// Platform announcements: the route of contract/announcements.ts.
import { Hono } from 'hono';
import { allow, STAFF_TYPES } from '../auth/access';
import { type Announcement, announcementsApi as api } from '../contract/announcements';
import * as announcements from '../db/announcements';
import type { AppBindings } from '../env';
import { fromAnyReplica } from '../lib/directory-reads';
import { route } from '../lib/route';

export const announcementRoutes = new Hono<AppBindings>();

route(announcementRoutes, api.latest, allow.types(...STAFF_TYPES), async (c) =>
  // Any replica of the directory (decision 332): a banner a moment late is harmless.
  c.json<Announcement | null>((await fromAnyReplica(c, announcements.latestPlatformAnnouncement)) ?? null),
);
