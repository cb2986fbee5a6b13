// The packs (web/sw/files.ts, decision 363): the files of an account's screens travel as one
// download per group, and the files its page loads on signing in as one more; a pack is taken only
// when the account opens every file in it and most of its bytes are nowhere on the phone, and each
// file comes out of it as the asset server would have answered it.
import { beforeEach, describe, expect, it } from 'vitest';
import { type BuildPlan, builtFiles, type Pack, unpack } from '../../web/sw/files';
import { extendableEvent, type FakeCaches, type FakeNetwork, serviceWorkerGlobals } from './fakes';

let caches: FakeCaches;
let network: FakeNetwork;
beforeEach(() => {
  ({ caches, network } = serviceWorkerGlobals());
});

const body = (path: string) => `/* ${path} */ ${'x'.repeat(40)}`;
const GUIDE = '{"guide":"standard"}';
/** A pack's bytes as the build writes them: the list, a line feed, the files one after the other. */
function packOf(paths: string[]): { bytes: string; files: Pack['files'] } {
  const bodies = paths.map((p) => (p.endsWith('.json') ? GUIDE : body(p)));
  const files: Pack['files'] = paths.map((p, i) => [p, new TextEncoder().encode(bodies[i]).length]);
  return { bytes: `${JSON.stringify(files)}\n${bodies.join('')}`, files };
}

const STUDENTS = '/assets/Students-AAAAAAAA.js';
const FINANCE = '/assets/Finance-BBBBBBBB.js';
const ADMIN = '/assets/Admin-CCCCCCCC.js';
const STYLES = '/assets/shared-DDDDDDDD.css';
const LAYOUT = '/assets/Layout-EEEEEEEE.js';
const COMMON = '/assets/common-FFFFFFFF.js';
const HOME = '/assets/Home-GGGGGGGG.js';
const OFFICE = { role: 'standard', permissions: ['student:read'] };

const office = packOf([FINANCE, STUDENTS, STYLES, '/docs/standard.json']);
const shared = packOf([COMMON, LAYOUT]);
const whole = packOf([COMMON, HOME, LAYOUT]);
const PACKS: Pack[] = [
  { url: '/assets/pack-office0001.txt', files: office.files },
  { url: '/assets/pack-shared0001.txt', files: shared.files, landing: true },
  { url: '/assets/pack-account001.txt', files: whole.files, landing: true, account: OFFICE },
];

function plan(): BuildPlan {
  return {
    version: 'v1',
    files: {
      '/': 'p',
      [STUDENTS]: null,
      [FINANCE]: null,
      [ADMIN]: null,
      [STYLES]: null,
      [LAYOUT]: null,
      [COMMON]: null,
      [HOME]: null,
      '/docs/standard.json': 'g',
    },
    core: ['/'],
    screens: {
      'screens/students/StudentsPage': [STUDENTS, STYLES],
      'screens/class-finance/ClassFinancePage': [FINANCE, STYLES],
      'screens/admin/AdminPage': [ADMIN, STYLES],
      'layouts/Layout': [LAYOUT, COMMON, HOME],
    },
    packs: PACKS,
  };
}

function serve() {
  for (const path of [STUDENTS, FINANCE, ADMIN, STYLES, LAYOUT, COMMON, HOME])
    network.on(path, () => new Response(body(path)));
  network.on('/docs/standard.json', () => new Response(GUIDE));
  for (const [pack, { bytes }] of [
    [PACKS[0]!, office],
    [PACKS[1]!, shared],
    [PACKS[2]!, whole],
  ] as const)
    network.on(pack.url, () => new Response(bytes));
}

const noWindows = { windows: async () => [] };
const OFFICE_SCREENS = ['screens/students/StudentsPage', 'screens/class-finance/ClassFinancePage'];

describe("an account's screens", () => {
  it('come in one download when the account opens every file of a pack, each stored as the asset server types it', async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    const stored = await files.storeScreens(OFFICE_SCREENS, ['/docs/standard.json'], extendableEvent('message'));
    expect(network.paths().filter((p) => !p.endsWith('only-if-cached'))).toEqual([
      '/assets/pack-office0001.txt default',
    ]);
    expect(stored).toBe(4);
    network.offline = true;
    const students = await files.serve(STUDENTS, extendableEvent('fetch'));
    expect(await students.text()).toBe(body(STUDENTS));
    expect(students.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
    expect((await files.serve(STYLES, extendableEvent('fetch'))).headers.get('Content-Type')).toBe(
      'text/css; charset=utf-8',
    );
    const guide = await files.serve('/docs/standard.json', extendableEvent('fetch'));
    expect(await guide.json()).toEqual({ guide: 'standard' });
  });

  it('never through a pack holding a screen the account cannot open', async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    await files.storeScreens(['screens/students/StudentsPage'], ['/docs/standard.json'], extendableEvent('message'));
    const asked = network.paths().filter((p) => !p.endsWith('only-if-cached'));
    expect(asked.some((p) => p.includes('pack-'))).toBe(false);
    expect(asked).toContain(`${STUDENTS} default`);
    expect(await caches.paths('portail-files-v1')).not.toContain(FINANCE);
  });

  it('one by one when most of a pack is on the phone already (the page just loaded it)', async () => {
    serve();
    network.httpCache.add(STUDENTS);
    network.httpCache.add(FINANCE);
    const files = builtFiles(plan(), noWindows);
    await files.storeScreens(OFFICE_SCREENS, ['/docs/standard.json'], extendableEvent('message'));
    expect(network.paths().some((p) => p.includes('pack-'))).toBe(false);
    expect(await caches.paths('portail-files-v1')).toEqual(
      ['/assets/Finance-BBBBBBBB.js', STUDENTS, STYLES, '/docs/standard.json?__WB_REVISION__=g'].sort(),
    );
  });

  it('one by one when the pack cannot be had', async () => {
    serve();
    network.on(PACKS[0]!.url, () => new Response('gone', { status: 404 }));
    const files = builtFiles(plan(), noWindows);
    expect(await files.storeScreens(OFFICE_SCREENS, ['/docs/standard.json'], extendableEvent('message'))).toBe(4);
    expect(network.paths()).toContain(`${FINANCE} default`);
  });
});

describe('the files a page loads on signing in', () => {
  it('come with the others of their pack, in one download for all the page asks at once', async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    const answers = await Promise.all([COMMON, LAYOUT].map((path) => files.serve(path, extendableEvent('fetch'))));
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual([body(COMMON), body(LAYOUT)]);
    expect(network.paths().filter((p) => !p.endsWith('only-if-cached'))).toEqual([
      '/assets/pack-shared0001.txt default',
    ]);
  });

  it("as the signing-in account's own pack when the worker knows the account", async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    files.signingIn({ role: 'standard', permissions: ['student:read'] });
    await Promise.all([LAYOUT, COMMON, HOME].map((path) => files.serve(path, extendableEvent('fetch'))));
    expect(network.paths().filter((p) => !p.endsWith('only-if-cached'))).toEqual([
      '/assets/pack-account001.txt default',
    ]);
  });

  it('are downloaded once when the screens are stored while they come (the page names its screens at once)', async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    files.signingIn(OFFICE);
    const [layout] = await Promise.all([
      files.serve(LAYOUT, extendableEvent('fetch')),
      files.storeScreens(['layouts/Layout'], [], extendableEvent('message')),
      files.serve(HOME, extendableEvent('fetch')),
    ]);
    expect(await layout.text()).toBe(body(LAYOUT));
    expect(network.paths().filter((p) => !p.endsWith('only-if-cached'))).toEqual([
      '/assets/pack-account001.txt default',
    ]);
  });

  it('a file of no pack asked by the page and the background storing at once is downloaded once', async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    const [page] = await Promise.all([
      files.serve(ADMIN, extendableEvent('fetch')),
      files.storeScreens(['screens/admin/AdminPage'], [], extendableEvent('message')),
    ]);
    expect(await page.text()).toBe(body(ADMIN));
    expect(network.paths().filter((p) => p.startsWith(ADMIN))).toEqual([`${ADMIN} default`]);
  });

  it("another account's pack is never taken, and a file of no pack comes alone", async () => {
    serve();
    const files = builtFiles(plan(), noWindows);
    files.signingIn({ role: 'standard', permissions: ['grade:read'] });
    await files.serve(HOME, extendableEvent('fetch'));
    await files.serve(ADMIN, extendableEvent('fetch'));
    expect(network.paths().filter((p) => !p.endsWith('only-if-cached'))).toEqual([
      `${HOME} default`,
      `${ADMIN} default`,
    ]);
  });
});

it('a pack cut short is refused', () => {
  const { bytes } = packOf([COMMON, LAYOUT]);
  const data = new TextEncoder().encode(bytes);
  expect(unpack(data).map((f) => f.path)).toEqual([COMMON, LAYOUT]);
  expect(() => unpack(data.slice(0, data.length - 3))).toThrow(/cut short/);
});
