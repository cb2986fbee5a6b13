// A school of its own for each test, on its own host (t-xxxxxxxx.localhost: its own origin, so its
// own service worker, caches, queue and session): written straight into the local D1 the running
// portal reads (getPlatformProxy on the same persisted state; nothing test-only in the Worker),
// with the demo's data or none, and deleted after the test with its files. A test that imports
// `test` from here can run alone, again, or in any order.
import dns from 'node:dns';
import { test as base } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { getPlatformProxy } from 'wrangler';
import { database, type Db } from '../../worker/db/client';
import { assignments, enrollments, instances } from '../../worker/db/schema';
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

/**
 * Runs a batch, again after a moment when the portal's own writes held the database (two
 * processes share its file: the running portal and this test's bindings).
 */
async function write(db: Db, statements: Statement[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runBatch(db, statements);
    } catch (error) {
      if (attempt === 5 || !/SQLITE_BUSY|database is locked/.test(String((error as Error).cause ?? error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** The school and everything in it (its classes and teachers are held by restricting links: their holders go first). */
async function deleteSchool(db: Db, files: R2Bucket, id: string) {
  await write(db, [
    db.delete(enrollments).where(eq(enrollments.instanceId, id)),
    db.delete(assignments).where(eq(assignments.instanceId, id)),
    db.delete(instances).where(eq(instances.id, id)),
  ]);
  for (let cursor: string | undefined, done = false; !done;) {
    const listed = await files.list({ prefix: `instances/${id}/`, ...(cursor ? { cursor } : {}) });
    if (listed.objects.length) await files.delete(listed.objects.map((o) => o.key));
    done = !listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
}

export const test = base.extend<
  { schoolData: SchoolData; accounts: DemoAccount[]; school: TestSchool },
  { local: { db: Db; files: R2Bucket } }
>({
  local: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const proxy = await getPlatformProxy<{ DB: D1Database; FILES: R2Bucket }>({
        configPath: 'wrangler.toml',
        persist: { path: `${stateDir}/v3` },
        remoteBindings: false,
      });
      await use({ db: database(proxy.env.DB), files: proxy.env.FILES });
      await proxy.dispose();
    },
    { scope: 'worker' },
  ],
  schoolData: ['large', { option: true }],
  accounts: [[], { option: true }],
  school: async ({ local, schoolData, accounts }, use) => {
    const id = crypto.randomUUID();
    const hostname = `t-${id.slice(0, 8)}.localhost`;
    const demo = definition(schoolData, id, hostname, accounts);
    await write(local.db, await demoSchoolStatements(local.db, demo));
    await use({ id, origin: `http://${hostname}:${port}`, name: demo.school.name });
    await deleteSchool(local.db, local.files, id);
  },
  baseURL: async ({ school }, use) => use(school.origin),
});
