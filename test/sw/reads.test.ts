// API reads (web/sw/reads.ts): network first, the stored copy revalidated with its ETag (a 304
// answers the copy), served marked when the network or a gateway fails, 'never visited' otherwise.
import { beforeEach, describe, expect, it } from 'vitest';
import { networkFirst, type ReadKeys } from '../../web/sw/reads';
import { type FakeCaches, type FakeNetwork, keyRing, ORIGIN, serviceWorkerGlobals, testKey } from './fakes';

let caches: FakeCaches;
let network: FakeNetwork;
let ring: ReturnType<typeof keyRing>;
let keys: ReadKeys;
beforeEach(async () => {
  ({ caches, network } = serviceWorkerGlobals());
  ring = keyRing();
  // The token names its account (the worker reads it from the token's claims).
  // Nothing is fresh here (every read revalidates): the visit's freshness is sealed.test.ts's.
  keys = {
    accountOf: (r) => /^Bearer (.+)$/.exec(r.headers.get('Authorization') ?? '')?.[1] ?? null,
    ...ring,
    freshAfter: () => Date.now() + 60_000,
  };
  ring.keys.set('jeton', await testKey());
  ring.keys.set('autre-jeton', await testKey('cle-2'));
});

const read = (path: string, token: string | null = 'jeton', headers: Record<string, string> = {}) =>
  networkFirst(
    new Request(`${ORIGIN}/api${path}`, {
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
    }),
    keys,
  );

describe('a read', () => {
  it('is stored, then revalidated: an unchanged answer is a 304 and the page gets the stored copy', async () => {
    let version = '"v1"';
    network.on('/api/bootstrap', (request) =>
      request.headers.get('If-None-Match') === version
        ? new Response(null, { status: 304, headers: { ETag: version } })
        : Response.json({ school: 'Collège Démo' }, { headers: { ETag: version } }),
    );
    expect(await (await read('/bootstrap')).json()).toEqual({ school: 'Collège Démo' });
    const again = await read('/bootstrap');
    expect(network.seen[1]!.headers['if-none-match']).toBe('"v1"');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ school: 'Collège Démo' });

    // Changed on the server: the new answer replaces the copy.
    version = '"v2"';
    network.on('/api/bootstrap', () =>
      Response.json({ school: 'Collège Démo (renommé)' }, { headers: { ETag: '"v2"' } }),
    );
    expect(await (await read('/bootstrap')).json()).toEqual({ school: 'Collège Démo (renommé)' });
    expect(await caches.paths('api-data-jeton')).toEqual(['/api/bootstrap']);
  });

  it("offline, answers the stored copy marked 'offline', or the never-visited notice", async () => {
    network.on('/api/classes', Response.json([{ name: '7e AF' }]));
    await read('/classes');
    network.offline = true;
    const stored = await read('/classes');
    expect(stored.headers.get('X-From-Cache')).toBe('offline');
    expect(await stored.json()).toEqual([{ name: '7e AF' }]);
    const never = await read('/students');
    expect(never.status).toBe(503);
    expect(await never.json()).toMatchObject({ code: 'offline_uncached' });
  });

  it("answers a gateway error with the stored copy marked 'error', but lets maintenance through", async () => {
    network.on('/api/classes', Response.json([{ name: '7e AF' }]));
    await read('/classes');
    network.on('/api/classes', new Response('Bad gateway', { status: 502 }));
    expect((await read('/classes')).headers.get('X-From-Cache')).toBe('error');
    network.on('/api/classes', Response.json({ maintenance: true, message: 'Maintenance' }, { status: 503 }));
    expect((await read('/classes')).status).toBe(503);
  });

  it('without an account, is public: kept apart from the school data that sign-out deletes', async () => {
    network.on('/api/instance/default', Response.json({ name: 'Collège Démo' }));
    await read('/instance/default', null);
    expect(await caches.paths('public-data')).toEqual(['/api/instance/default']);
    expect((await caches.keys()).filter((n) => n.startsWith('api-data'))).toEqual([]);
  });
});

describe('reads at once', () => {
  it('of one address by one account share one request; another account or address has its own', async () => {
    let calls = 0;
    network.on('/api/teacher/timetable', () => {
      calls++;
      return Response.json([{ day_of_week: 1 }], { headers: { ETag: '"t1"' } });
    });
    network.on('/api/teacher/dashboard', Response.json({ courses: [] }));
    const answers = await Promise.all([
      read('/teacher/timetable'),
      read('/teacher/timetable'),
      read('/teacher/timetable', 'autre-jeton'),
      read('/teacher/dashboard'),
    ]);
    expect(calls).toBe(2);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([
      [{ day_of_week: 1 }],
      [{ day_of_week: 1 }],
      [{ day_of_week: 1 }],
      { courses: [] },
    ]);
    // Once answered, the next read asks again (revalidating its copy).
    await read('/teacher/timetable');
    expect(calls).toBe(3);
    expect(network.seen.at(-1)!.headers['if-none-match']).toBe('"t1"');
  });
});
