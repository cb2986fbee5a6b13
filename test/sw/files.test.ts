// The built files (web/sw/files.ts, workbox-precaching): the install takes what the page has just
// loaded from the HTTP cache, a new version copies what did not change and downloads the rest, the
// account's screens are stored in the background, and the older versions' caches go.
import { beforeEach, describe, expect, it } from 'vitest';
import { type BuildPlan, builtFiles, revisionOf } from '../../web/sw/files';
import { extendableEvent, type FakeCaches, type FakeNetwork, serviceWorkerGlobals } from './fakes';

const PAGE = '<!doctype html><title>Portail</title>';
const MANIFEST = '{"name":"Portail"}';
const revision = (body: string) => revisionOf(new Response(body));

let caches: FakeCaches;
let network: FakeNetwork;
beforeEach(() => {
  ({ caches, network } = serviceWorkerGlobals());
});

async function plan(version: string, page = PAGE, entry = '/assets/index-AAAAAAAA.js'): Promise<BuildPlan> {
  return {
    version,
    files: {
      '/': await revision(page),
      [entry]: null,
      '/assets/style-CCCCCCCC.css': null,
      '/manifest.webmanifest': await revision(MANIFEST),
      '/assets/Students-DDDDDDDD.js': null,
      '/docs/standard.json': await revision('[]'),
    },
    core: ['/', entry, '/assets/style-CCCCCCCC.css', '/manifest.webmanifest'],
    screens: { 'screens/students/StudentsPage': ['/assets/Students-DDDDDDDD.js'] },
  };
}

/** A server whose page is `page` (at every address of the app) and whose files answer their name. */
function serve(page = PAGE) {
  for (const path of ['/', '/dashboard'])
    network.on(path, () => new Response(page, { headers: { 'Content-Type': 'text/html' } }));
  network.on('/manifest.webmanifest', () => new Response(MANIFEST));
  network.on('/docs/standard.json', () => new Response('[]'));
  for (const file of ['index-AAAAAAAA.js', 'index-BBBBBBBB.js', 'style-CCCCCCCC.css', 'Students-DDDDDDDD.js'])
    network.on(`/assets/${file}`, () => new Response(`/* ${file} */`));
}

const windows = (...urls: string[]) => ({ windows: async () => urls.map((u) => `https://ecole.test${u}`) });

describe('the install', () => {
  it('takes the page and the hashed files from the HTTP cache when they are this version', async () => {
    serve();
    const files = builtFiles(await plan('v1'), windows('/dashboard'));
    await files.install(extendableEvent());
    // Hashed files with the default mode (the HTTP cache answers immutable files); the page at the
    // address the window opened it with, and the manifest, with 'force-cache': no second download.
    expect(network.paths().sort()).toEqual([
      '/assets/index-AAAAAAAA.js default',
      '/assets/style-CCCCCCCC.css default',
      '/dashboard force-cache',
      '/manifest.webmanifest force-cache',
    ]);
    expect(await caches.keys()).toEqual(['portail-files-v1']);
    const stored = await caches.paths('portail-files-v1');
    expect(stored).toContain(`/?__WB_REVISION__=${await revision(PAGE)}`);
    expect(stored).toHaveLength(4);
    expect(await (await files.serve('/', extendableEvent('fetch'))).text()).toBe(PAGE);
  });

  it('asks the server again for a file whose HTTP-cached copy is of another version', async () => {
    serve();
    // The HTTP cache holds yesterday's page; the server has today's.
    network.on('/dashboard', () => new Response('<!doctype html><title>Hier</title>'));
    const files = builtFiles(await plan('v1'), windows('/dashboard'));
    await files.install(extendableEvent());
    expect(network.paths()).toContain('/ no-cache');
    expect(await (await files.serve('/', extendableEvent('fetch'))).text()).toBe(PAGE);
  });

  it('fails when a file of the install set cannot be had (the browser keeps the older worker)', async () => {
    serve();
    network.on('/manifest.webmanifest', () => new Response('absent', { status: 404 }));
    const files = builtFiles(await plan('v1'), windows());
    await expect(files.install(extendableEvent())).rejects.toThrow();
  });
});

describe('a new version', () => {
  it("copies the older version's unchanged files, downloads only what changed, then deletes the older caches", async () => {
    serve();
    await builtFiles(await plan('v1'), windows()).install(extendableEvent());
    network.seen.length = 0;

    const next = builtFiles(await plan('v2', PAGE, '/assets/index-BBBBBBBB.js'), windows());
    await next.install(extendableEvent());
    expect(network.paths()).toEqual(['/assets/index-BBBBBBBB.js default']);
    expect(await caches.paths('portail-files-v2')).toHaveLength(4);

    await caches.open('workbox-precache-v2-https://ecole.test/');
    await caches.open('api-data');
    expect(await next.deleteOlderVersions()).toEqual(['portail-files-v1', 'workbox-precache-v2-https://ecole.test/']);
    expect(await caches.keys()).toEqual(['portail-files-v2', 'api-data']);
  });

  it('copies the files the worker before issue 28 stored (by path, with X-Revision)', async () => {
    serve();
    const legacy = await caches.open('portail-files-old');
    await legacy.put('/', new Response(PAGE, { headers: { 'X-Revision': await revision(PAGE) } }));
    await legacy.put('/manifest.webmanifest', new Response(MANIFEST, { headers: { 'X-Revision': 'another' } }));
    await legacy.put('/assets/index-AAAAAAAA.js', new Response('/* index-AAAAAAAA.js */'));
    await builtFiles(await plan('v2'), windows()).install(extendableEvent());
    // The page and the entry come from the older cache; the manifest changed since.
    expect(network.paths().sort()).toEqual(['/assets/style-CCCCCCCC.css default', '/manifest.webmanifest force-cache']);
  });
});

describe("the account's screens", () => {
  it('are stored in the background with the guide, then served without the network', async () => {
    serve();
    const files = builtFiles(await plan('v1'), windows());
    await files.install(extendableEvent());
    network.seen.length = 0;
    const stored = await files.storeScreens(
      ['screens/students/StudentsPage', 'screens/unknown'],
      ['/docs/standard.json'],
      extendableEvent('message'),
    );
    expect(network.paths().sort()).toEqual(['/assets/Students-DDDDDDDD.js default', '/docs/standard.json force-cache']);
    // Both were downloaded now ('Application prête hors ligne' is said then); asked again, none is.
    expect(stored).toBe(2);
    expect(
      await files.storeScreens(['screens/students/StudentsPage'], ['/docs/standard.json'], extendableEvent('message')),
    ).toBe(0);
    network.offline = true;
    expect(await (await files.serve('/assets/Students-DDDDDDDD.js', extendableEvent('fetch'))).text()).toBe(
      '/* Students-DDDDDDDD.js */',
    );
  });

  it('a file opened before the background fetch is stored as it is served', async () => {
    serve();
    const files = builtFiles(await plan('v1'), windows());
    const first = await files.serve('/assets/Students-DDDDDDDD.js', extendableEvent('fetch'));
    expect(first.status).toBe(200);
    expect(await caches.paths('portail-files-v1')).toEqual(['/assets/Students-DDDDDDDD.js']);
  });
});
