// A school of its own for each test, on its own host (t-xxxxxxxx.localhost: its own origin, so its
// own service worker, caches, queue and session): written straight into the local D1 databases
// the running portal reads (getPlatformProxy on the same persisted state; nothing test-only in
// the Worker) the way a school is created: its rows in a school database (each in turn, or the
// one `test.use({ shard })` names), its row in the directory; with the demo's data or none, and
// deleted after the test with its files. A test that imports `test` from here can run alone,
// again, or in any order.
import dns from 'node:dns';
import { test as base } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { getPlatformProxy } from 'wrangler';
import { database, type Db } from '../../worker/db/client';
import { directoryRow } from '../../worker/db/instances';
import { reserve } from '../../worker/db/reserved-usernames';
import { assignments, enrollments, instances, platformUsers } from '../../worker/db/schema';
import { FIXTURE_PASSWORD } from '../../scripts/demo-accounts';
import {
  AURORE_DEMO,
  COLLEGE_DEMO,
  DEMO_STAFF,
  type DemoAccount,
  type DemoSchool,
  demoSchoolStatements,
  runBatch,
  type Statement,
} from '../../scripts/demo/school';

export { expect } from '@playwright/test';

// *.localhost is loopback (RFC 6761): Chromium knows it, this machine's resolver may not, and the
// tests' API calls (page.request) resolve hosts in this process.
const lookup = dns.promises.lookup.bind(dns.promises);
dns.promises.lookup = ((hostname: string, options: dns.LookupOptions) =>
  lookup(hostname.endsWith('.localhost') ? 'localhost' : hostname, options)) as typeof dns.promises.lookup;

/**
 * What the school holds: the large demo's data (Collège Démo: seven classes, the school year of
 * today and the year before, Gdes), the small demo's (École Nouvelle Aurore: three classes, $HT),
 * both written relative to today like `npm start`'s (decision 211), or nothing yet (no year: the
 * welcome card and the setup wizard).
 */
export type SchoolData = 'large' | 'small' | 'empty';

export interface TestSchool {
  id: string;
  /** http://t-xxxxxxxx.localhost:port, the tests' baseURL. */
  origin: string;
  name: string;
  /** The school database holding it (SCHOOL_DB_1…). */
  shard: string;
}

/** Accounts with a temporary password, for the forced change (`test.use({ accounts: [...] })`). */
export const TEMPORARY = {
  staff: (username: string): DemoAccount => ({
    username,
    type: 'standard',
    templates: ['secretary'],
    password: FIXTURE_PASSWORD,
    status: 'temporary_password',
  }),
  /** A pupil's account (the second pupil: the first has the demo 'eleve' account). */
  student: (username: string): DemoAccount => ({
    username,
    type: 'student',
    password: FIXTURE_PASSWORD,
    status: 'temporary_password',
    pupil: 1,
  }),
};

const port = process.env.E2E_PORT ?? '8799';
const stateDir = process.env.PORTAIL_STATE_DIR ?? '.wrangler/e2e-state';

function definition(data: SchoolData, id: string, hostname: string, accounts: DemoAccount[]): DemoSchool {
  const demo = data === 'large' ? COLLEGE_DEMO : data === 'small' ? AURORE_DEMO : null;
  const school = demo ? { ...demo.school, id, hostname, isDefault: false } : { id, name: 'École Vide', hostname };
  // Every demo account on every test school, but a pupil's where there are no pupils.
  const staff = demo ? DEMO_STAFF : DEMO_STAFF.filter((a) => a.type !== 'student');
  return { school, data: demo?.data ?? null, accounts: [...staff, ...accounts] };
}

/** A lock: workerd answers one met inside a batch as 'internal error; reference = …' (SQLITE_BUSY only in its log). */
const LOCKED = /SQLITE_BUSY|database is locked|internal error; reference = /;

/**
 * Runs `work`, again after a moment when the portal's own writes held the database (two processes
 * share its file: the running portal and this test's bindings, and workerd's SQLite does not wait
 * for a lock: a read meets it too). A batch is one transaction: a failed one wrote nothing.
 */
async function unlocked<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt === 5 || !LOCKED.test(`${String((error as Error).cause ?? '')} ${String(error)}`)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

const write = (db: Db, statements: Statement[]) => unlocked(() => runBatch(db, statements));

/** The school and everything in it (its classes and teachers are held by restricting links: their holders go first), then its directory row. */
async function deleteSchool(local: Local, shard: string, id: string) {
  const db = local.schools.get(shard)!;
  await write(db, [
    db.delete(enrollments).where(eq(enrollments.instanceId, id)),
    db.delete(assignments).where(eq(assignments.instanceId, id)),
    db.delete(instances).where(eq(instances.id, id)),
  ]);
  await write(local.directory, [local.directory.delete(instances).where(eq(instances.id, id))]);
  const files = local.files;
  for (let cursor: string | undefined, done = false; !done;) {
    const listed = await files.list({ prefix: `instances/${id}/`, ...(cursor ? { cursor } : {}) });
    if (listed.objects.length) await files.delete(listed.objects.map((o) => o.key));
    done = !listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
}

/** The local databases and files the running portal reads. */
interface Local {
  directory: Db;
  /** The school databases by binding, in order. */
  schools: Map<string, Db>;
  files: R2Bucket;
}

export const test = base.extend<
  { schoolData: SchoolData; accounts: DemoAccount[]; shard: string | null; school: TestSchool },
  { local: Local }
>({
  local: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const proxy = await getPlatformProxy<Env>({
        configPath: 'wrangler.toml',
        persist: { path: `${stateDir}/v3` },
        remoteBindings: false,
      });
      const env = proxy.env as unknown as Record<string, D1Database> & Env;
      const schools = new Map(
        env.SCHOOL_DATABASES.split(/[\s,]+/)
          .filter(Boolean)
          .map((name) => [name, database(env[name]!)] as const),
      );
      await use({ directory: database(env.DIRECTORY), schools, files: env.FILES });
      await proxy.dispose();
    },
    { scope: 'worker' },
  ],
  schoolData: ['large', { option: true }],
  accounts: [[], { option: true }],
  shard: [null, { option: true }],
  school: async ({ local, schoolData, accounts, shard }, use) => {
    const id = crypto.randomUUID();
    const hostname = `t-${id.slice(0, 8)}.localhost`;
    const demo = definition(schoolData, id, hostname, accounts);
    // Each school database in turn (by the id's first digit), unless the test names one.
    const names = [...local.schools.keys()];
    const target = shard ?? names[parseInt(id[0]!, 16) % names.length]!;
    const db = local.schools.get(target)!;
    const platformNames = (
      await unlocked(() => local.directory.select({ username: platformUsers.username }).from(platformUsers))
    ).map((u) => u.username);
    // Its rows first, its directory row last (worker/db/placement.ts's order).
    await write(db, [
      ...(platformNames.length ? [reserve(db, platformNames)] : []),
      ...(await demoSchoolStatements(db, demo)),
    ]);
    await write(local.directory, [directoryRow(local.directory, demo.school, target)]);
    await use({ id, origin: `http://${hostname}:${port}`, name: demo.school.name, shard: target });
    await deleteSchool(local, target, id);
  },
  baseURL: async ({ school }, use) => use(school.origin),
});
