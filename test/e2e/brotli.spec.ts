// Decision 321: a phone's first visit through the bench's edge stand-in (which passes the Worker's
// Brotli answers on as Cloudflare does): the shell arrives in Brotli, the service worker installs
// on the files the browser decoded (their revisions hold: nothing is downloaded twice) and the app
// opens offline. Since decision 363 the sign-in's files come in packs, in Brotli too.
import { readFileSync } from 'node:fs';
import { startEdge } from '../../scripts/lib/edge.mjs';
import { expect, test } from './fixtures';
import { controlled, PHONE, signInAndLand } from './support';

const upstreamPort = Number(process.env.E2E_PORT ?? 8799);
const TEXT = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;

test('the first visit takes the shell in Brotli; the service worker stores it decoded; the app opens offline', async ({
  browser,
  school,
}) => {
  const edge = await startEdge({ port: 0, upstreamPort });
  const context = await browser.newContext({
    baseURL: school.origin.replace(`:${upstreamPort}`, `:${new URL(edge.url).port}`),
    viewport: PHONE,
  });
  try {
    const page = await context.newPage();
    await signInAndLand(page, 'secretaire', '/dashboard');
    await controlled(page);

    const files = edge.requests().filter((r) => !r.path.startsWith('/api/') && r.status === 200);
    const text = files.filter((r) => TEXT.test(r.type));
    const paths = text.map((r) => r.path);
    for (const built of ['/login', '/service-worker.js', '/manifest.webmanifest']) expect(paths).toContain(built);
    // The files the sign-in brings travel in packs (decision 363): what the edge carried, alone or
    // in a pack (a pack's first line lists its files).
    const carried = paths.flatMap((path) => {
      if (!/^\/assets\/pack-/.test(path)) return [path];
      const pack = readFileSync(`dist/client${path}`, 'utf8');
      return (JSON.parse(pack.slice(0, pack.indexOf('\n'))) as [string, number][]).map(([file]) => file);
    });
    expect(paths.some((path) => path.startsWith('/assets/pack-'))).toBe(true);
    // The styles come with their code's groups (decision 362): the sign-in page's, then the office's.
    expect(
      carried
        .filter((path) => /^\/assets\/.+\.css$/.test(path))
        .map((path) => path.replace(/^\/assets\/(\w+)-.*$/, '$1'))
        .sort(),
    ).toEqual(['boot', 'common', 'field', 'shared']);
    expect(carried.filter((path) => /^\/assets\/.+\.js$/.test(path)).length).toBeGreaterThan(5);
    expect(
      text.filter((r) => !r.br).map((r) => r.path),
      'text files not in Brotli',
    ).toEqual([]);
    // Each file came once: the service worker took the page's copies (their revisions held).
    const every = files.map((r) => r.path);
    expect(every.filter((path, i) => every.indexOf(path) !== i)).toEqual([]);

    // What it stored is the files themselves, decoded.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync('dist/client/index.html', 'utf8'))![1]!;
    const stored = await page.evaluate(
      async (paths) => {
        const out: Record<string, string> = {};
        for (const name of (await caches.keys()).filter((n) => n.startsWith('portail-files-'))) {
          const cache = await caches.open(name);
          for (const request of await cache.keys()) {
            const path = new URL(request.url).pathname;
            if (paths.includes(path)) out[path] = await (await cache.match(request))!.text();
          }
        }
        return out;
      },
      ['/', script],
    );
    expect(stored['/']).toBe(readFileSync('dist/client/index.html', 'utf8'));
    expect(stored[script]).toBe(readFileSync(`dist/client${script}`, 'utf8'));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeVisible();
    await page.goto('/students');
    await expect(page.getByRole('heading', { name: 'Gestion des Élèves', level: 1 })).toBeVisible();
  } finally {
    await context.close();
    await edge.close();
  }
});
