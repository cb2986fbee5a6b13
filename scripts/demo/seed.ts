// The local demo seed (product decisions, "Demo data"; local use only, never run on deploy): the
// platform's superadmin and its delegate, a platform announcement, and the two demo schools of
// the README, the second one's access ending in five days (moved forward at each local start,
// `demoExpiryStatement`, so that the demo never locks), in one batch.
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../worker/auth/password';
import { database, type Db } from '../../worker/db/client';
import { instances, platformAnnouncements, platformUsers } from '../../worker/db/schema';
import { DEMO_PASSWORD } from '../demo-accounts';
import { AURORE_DEMO, COLLEGE_DEMO, demoSchoolStatements, runBatch } from './school';

/** Days of access the second demo school has left after each local start: its banner shows. */
export const DEMO_EXPIRY_DAYS = 5;

export const demoExpiry = (now = new Date()) => new Date(now.getTime() + DEMO_EXPIRY_DAYS * 86_400_000).toISOString();

/** The second demo school's access, five days from now. */
export const demoExpiryStatement = (db: Db, now = new Date()) =>
  db
    .update(instances)
    .set({ expiresAt: demoExpiry(now) })
    .where(eq(instances.id, AURORE_DEMO.school.id));

export const DEMO_ANNOUNCEMENT = {
  title: 'Bienvenue sur le portail',
  content:
    "L'équipe de la plateforme vous souhaite une bonne année scolaire. Les guides d'utilisation sont dans le menu Documentation.",
};

export async function seedDemo(d1: D1Database) {
  const db = database(d1);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await runBatch(db, [
    db.insert(platformUsers).values([
      { id: crypto.randomUUID(), username: 'superadmin', passwordHash, accountType: 'superadmin', status: 'active' },
      {
        id: crypto.randomUUID(),
        username: 'delegue',
        passwordHash,
        accountType: 'superadmin_delegate',
        status: 'active',
      },
    ]),
    db.insert(platformAnnouncements).values({ id: 'demo-annonce-1', ...DEMO_ANNOUNCEMENT, createdBy: null }),
    ...(await demoSchoolStatements(db, COLLEGE_DEMO)),
    ...(await demoSchoolStatements(db, AURORE_DEMO)),
    demoExpiryStatement(db),
  ]);
}
