// The local demo seed (product decisions, "Demo data"; local use only, never run on deploy): the
// platform's superadmin and the two demo schools of the README, in one batch.
import { hashPassword } from '../../worker/auth/password';
import { database } from '../../worker/db/client';
import { platformUsers } from '../../worker/db/schema';
import { DEMO_PASSWORD } from '../demo-accounts';
import { AURORE_DEMO, COLLEGE_DEMO, demoSchoolStatements, runBatch } from './school';

export async function seedDemo(d1: D1Database) {
  const db = database(d1);
  await runBatch(db, [
    db.insert(platformUsers).values({
      id: crypto.randomUUID(),
      username: 'superadmin',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      accountType: 'superadmin',
      status: 'active',
    }),
    ...(await demoSchoolStatements(db, COLLEGE_DEMO)),
    ...(await demoSchoolStatements(db, AURORE_DEMO)),
  ]);
}
