// The local demo seed (product decisions, "Demo data"; local use only, never run on deploy): the
// platform's superadmin and its delegate, a platform announcement, and the two demo schools of
// the README, the second one's access ending in five days (moved forward at each local start,
// `demoExpiryStatement`, so that the demo never locks). The platform's rows go to the directory;
// the first demo school to the first school database, the second to the second (decision 171,
// "Design as built"), each written the way a school is created (worker/db/placement.ts).
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../worker/auth/password';
import { database, type Db } from '../../worker/db/client';
import { d1Binding, DIRECTORY, schoolDatabaseNames } from '../../worker/db/databases';
import { directoryRow } from '../../worker/db/instances';
import { writeNewSchool } from '../../worker/db/placement';
import { reserve } from '../../worker/db/reserved-usernames';
import { instances, platformAnnouncements, platformUsers } from '../../worker/db/schema';
import { DEMO_PASSWORD } from '../demo-accounts';
import { seedDemoGuardian } from './families';
import { AURORE_DEMO, COLLEGE_DEMO, type DemoSchool, demoSchoolStatements, runBatch } from './school';

/** Days of access the second demo school has left after each local start: its banner shows. */
export const DEMO_EXPIRY_DAYS = 5;

export const demoExpiry = (now = new Date()) => new Date(now.getTime() + DEMO_EXPIRY_DAYS * 86_400_000).toISOString();

/** The second demo school, whose access ends five days after each local start. */
export const AURORE_ID = AURORE_DEMO.school.id;

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

/** The databases of a Worker's bindings (a test's env, or getPlatformProxy's): the directory and the school databases in order. */
export const localDatabases = (env: Env) => ({
  directory: d1Binding(env, DIRECTORY),
  schools: schoolDatabaseNames(env).map((name) => ({ name, d1: d1Binding(env, name) })),
});

/** The platform's accounts' names, reserved in a school database (decision 250). */
const PLATFORM_NAMES = ['superadmin', 'delegue'];

/**
 * The demo, each school written the way a school is created (its rows, then its directory row),
 * the platform's accounts last: a seed interrupted (the local runtime failing under load) is run
 * again from where it stopped at the next start, which looks for the platform's accounts.
 */
export async function seedDemo(databases: ReturnType<typeof localDatabases>) {
  const directory = database(databases.directory);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const place = async (demo: DemoSchool, rank: number, extra: (db: Db) => ReturnType<typeof demoExpiryStatement>[]) => {
    const shard = databases.schools[rank % databases.schools.length]!;
    const db = database(shard.d1);
    const routed = await directory.select().from(instances).where(eq(instances.id, demo.school.id)).get();
    if (routed) return;
    // Rows an interrupted seed left without their directory row.
    await db.delete(instances).where(eq(instances.id, demo.school.id)).run();
    await writeNewSchool(
      { id: demo.school.id, db },
      [reserve(db, PLATFORM_NAMES), ...(await demoSchoolStatements(db, demo)), ...extra(db)],
      () => directoryRow(directory, demo.school, shard.name).run(),
    );
  };
  await place(COLLEGE_DEMO, 0, () => []);
  await place(AURORE_DEMO, 1, (db) => [demoExpiryStatement(db)]);
  // The demo's mother, with a child in each school (issue 43).
  await seedDemoGuardian(
    databases.directory,
    [COLLEGE_DEMO, AURORE_DEMO].map((demo, rank) => ({
      id: demo.school.id,
      d1: databases.schools[rank % databases.schools.length]!.d1,
    })),
    passwordHash,
  );
  await runBatch(directory, [
    directory.delete(platformAnnouncements).where(eq(platformAnnouncements.id, 'demo-annonce-1')),
    directory.insert(platformUsers).values([
      { id: crypto.randomUUID(), username: 'superadmin', passwordHash, accountType: 'superadmin', status: 'active' },
      {
        id: crypto.randomUUID(),
        username: 'delegue',
        passwordHash,
        accountType: 'superadmin_delegate',
        status: 'active',
      },
    ]),
    directory.insert(platformAnnouncements).values({ id: 'demo-annonce-1', ...DEMO_ANNOUNCEMENT, createdBy: null }),
  ]);
}
