// The working set sealed and revalidated in one request (issue 39, decision 320): what an account
// keeps on the phone is unreadable without its data key (its reads, its queued writes and their
// token, its refusals); signed out (the key forgotten), its copies answer nothing and its writes
// wait while another account's go; signed in again (the same key), all of it opens. The set is
// revalidated in one request: unchanged copies are marked, a screen's read of them within the
// visit is answered from the phone, and a read of an address under revalidation waits for it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { networkFirst, type ReadKeys, readUnderWay } from '../../web/sw/reads';
import { revalidateSet, SET_REFUSED } from '../../web/sw/set';
import { writes } from '../../web/sw/writes';
import {
  type FakeCaches,
  type FakeNetwork,
  holdsText,
  keyRing,
  MemoryQueue,
  MemoryRefused,
  ORIGIN,
  serviceWorkerGlobals,
  testKey,
} from './fakes';

let caches: FakeCaches;
let network: FakeNetwork;
let ring: ReturnType<typeof keyRing>;
let keys: ReadKeys;
let freshAfter = 0;
const PUPIL = 'Marie-Carmel Joseph';

beforeEach(async () => {
  ({ caches, network } = serviceWorkerGlobals());
  ring = keyRing();
  freshAfter = 0;
  keys = {
    accountOf: (r) => /^Bearer (\w+)/.exec(r.headers.get('Authorization') ?? '')?.[1] ?? null,
    keyOf: ring.keyOf,
    freshAfter: () => freshAfter,
  };
  ring.keys.set('prof', await testKey('cle-prof'));
  ring.keys.set('eleve', await testKey('cle-eleve'));
});

const read = (path: string, account = 'prof', headers: Record<string, string> = {}) =>
  networkFirst(
    new Request(`${ORIGIN}${path}`, { headers: { ...headers, Authorization: `Bearer ${account}.jeton` } }),
    keys,
  );

describe('an account’s reads on the phone', () => {
  it('are kept sealed in its own cache; signed out they answer nothing; signed in again they open', async () => {
    network.on('/api/teacher/attendance', Response.json({ students: [{ nom: PUPIL }] }, { headers: { ETag: '"a1"' } }));
    expect(await (await read('/api/teacher/attendance?date=2026-12-07')).json()).toEqual({
      students: [{ nom: PUPIL }],
    });
    const stored = await (await caches.open('api-data-prof')).match(`${ORIGIN}/api/teacher/attendance?date=2026-12-07`);
    expect(stored!.headers.get('X-Sealed')).toBe('cle-prof');
    expect(stored!.headers.get('ETag')).toBe('"a1"');
    expect(await holdsText(stored, 'Joseph')).toBe(false);

    // Signed out: the key is gone; offline, the copy is as good as absent.
    const key = ring.keys.get('prof')!;
    ring.keys.delete('prof');
    network.offline = true;
    vi.stubGlobal('navigator', { onLine: false });
    const locked = await read('/api/teacher/attendance?date=2026-12-07');
    expect(locked.status).toBe(503);
    expect(await locked.json()).toMatchObject({ code: 'offline_uncached' });
    // Another account on the phone has its own cache: nothing of the first one's.
    expect((await read('/api/teacher/attendance?date=2026-12-07', 'eleve')).status).toBe(503);

    // The same account signs in again on this phone: the same key, the copy opens.
    ring.keys.set('prof', key);
    const again = await read('/api/teacher/attendance?date=2026-12-07');
    expect(again.headers.get('X-From-Cache')).toBe('offline');
    expect(await again.json()).toEqual({ students: [{ nom: PUPIL }] });
  });
});

describe('the sets of several accounts on one phone', () => {
  it('make room within the storage quota: another account’s reads go first, the answer always reaches the screen', async () => {
    // A pupil's reads, stored earlier on this shared phone.
    network.on('/api/student/grades', Response.json({ notes: 'x'.repeat(3000) }));
    await read('/api/student/grades', 'eleve');
    expect(await caches.paths('api-data-eleve')).toEqual(['/api/student/grades']);
    const dropped: string[] = [];
    keys.makeRoom = async (accountId) => {
      const other = (await caches.keys()).find(
        (name) => name.startsWith('api-data-') && name !== `api-data-${accountId}`,
      );
      if (!other) return false;
      dropped.push(other);
      return caches.delete(other);
    };
    // The phone is full: the teacher's roll call does not fit beside the pupil's grades.
    caches.quota = 3500;
    network.on('/api/teacher/attendance', Response.json({ students: [{ nom: PUPIL }], note: 'y'.repeat(1500) }));
    const answer = await read('/api/teacher/attendance?date=2026-12-07');
    expect(((await answer.json()) as { students: unknown }).students).toEqual([{ nom: PUPIL }]);
    expect(dropped).toEqual(['api-data-eleve']);
    expect(await caches.paths('api-data-prof')).toEqual(['/api/teacher/attendance?date=2026-12-07']);

    // Nothing left to drop: this copy is not kept, and the screen still gets its answer.
    network.on('/api/teacher/grade-books', Response.json({ notes: 'z'.repeat(4000) }));
    const big = await read('/api/teacher/grade-books');
    expect(big.status).toBe(200);
    expect(((await big.json()) as { notes: string }).notes).toHaveLength(4000);
    expect(await caches.paths('api-data-prof')).toEqual(['/api/teacher/attendance?date=2026-12-07']);
  });
});

describe('the working set in one request', () => {
  const sets = () => network.seen.filter((s) => s.method === 'POST' && s.path === '/api/reads');

  it('sends each address with its copy’s ETag: unchanged ones are marked, changed ones stored sealed', async () => {
    network.on('/api/teacher/timetable', Response.json([{ id: 'l1' }], { headers: { ETag: '"t1"' } }));
    await read('/api/teacher/timetable');
    // The next visit: what was read before is no longer fresh.
    freshAfter = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));
    network.on('POST /api/reads', async (request) => {
      const body = (await request.json()) as { paths: string[]; etags: (string | null)[] };
      return Response.json({
        parts: body.paths.map((path, i) =>
          body.etags[i] === '"t1"'
            ? { status: 304 }
            : { path, status: 200, etag: '"r1"', body: { students: [{ nom: PUPIL }] } },
        ),
      });
    });
    const outcome = await revalidateSet(
      { keyOf: ring.keyOf, freshAfter: () => freshAfter },
      { id: 'prof', token: 'prof.jeton' },
      ['/api/teacher/timetable', '/api/teacher/attendance?date=2026-12-08'],
      ORIGIN,
    );
    expect(outcome).toEqual({ changed: ['/api/teacher/attendance?date=2026-12-08'], unchanged: 1, failed: [] });
    expect(sets()).toHaveLength(1);
    expect(JSON.parse(sets()[0]!.body)).toEqual({
      paths: ['/api/teacher/timetable', '/api/teacher/attendance?date=2026-12-08'],
      etags: ['"t1"', null],
    });
    const stored = await (await caches.open('api-data-prof')).match(`${ORIGIN}/api/teacher/attendance?date=2026-12-08`);
    expect(await holdsText(stored, 'Joseph')).toBe(false);

    // Within the visit, the screens' reads are answered from the phone.
    const before = network.seen.length;
    expect(await (await read('/api/teacher/timetable')).json()).toEqual([{ id: 'l1' }]);
    expect(await (await read('/api/teacher/attendance?date=2026-12-08')).json()).toEqual({
      students: [{ nom: PUPIL }],
    });
    expect(network.seen.length).toBe(before);
    // A screen's reload asks the server; so does any read after the account's write.
    await read('/api/teacher/timetable', 'prof', { 'Cache-Control': 'no-cache' });
    expect(network.seen.length).toBe(before + 1);
    freshAfter = Date.now() + 1;
    await read('/api/teacher/timetable');
    expect(network.seen.length).toBe(before + 2);
  });

  it('does not ask again what a screen read a moment ago, or is reading', async () => {
    network.on('/api/bootstrap', Response.json({ years: [] }, { headers: { ETag: '"b1"' } }));
    network.on('POST /api/reads', async (request) => {
      const body = (await request.json()) as { paths: string[] };
      return Response.json({ parts: body.paths.map((path) => ({ path, status: 200, etag: null, body: {} })) });
    });
    const shell = read('/api/bootstrap');
    const outcome = await revalidateSet(
      { keyOf: ring.keyOf, freshAfter: () => freshAfter, readUnderWay },
      { id: 'prof', token: 'prof.jeton' },
      ['/api/bootstrap', '/api/teacher/announcements'],
      ORIGIN,
    );
    await shell;
    expect(outcome).toEqual({ changed: ['/api/teacher/announcements'], unchanged: 1, failed: [] });
    expect(JSON.parse(sets()[0]!.body).paths).toEqual(['/api/teacher/announcements']);
  });

  it('asks once when the opening’s revalidation and the page’s meet', async () => {
    network.on('POST /api/reads', async (request) => {
      const body = (await request.json()) as { paths: string[] };
      return Response.json({ parts: body.paths.map((path) => ({ path, status: 200, etag: '"a1"', body: {} })) });
    });
    const env = { keyOf: ring.keyOf, freshAfter: () => 0 };
    const paths = ['/api/teacher/announcements', '/api/teacher/timetable'];
    const [visit, page] = await Promise.all([
      revalidateSet(env, { id: 'prof', token: 'prof.jeton' }, paths, ORIGIN),
      revalidateSet(env, { id: 'prof', token: 'prof.jeton' }, paths, ORIGIN),
    ]);
    expect(sets()).toHaveLength(1);
    expect(visit.changed).toHaveLength(2);
    expect(page).toEqual({ changed: [], unchanged: 2, failed: [] });
  });

  it('says a refused set as such (a session ended elsewhere, a school suspended)', async () => {
    for (const status of [401, 403]) {
      network.on('POST /api/reads', () => Response.json({ message: 'Refusé' }, { status }));
      await expect(
        revalidateSet({ keyOf: ring.keyOf }, { id: 'prof', token: 'prof.jeton' }, ['/api/bootstrap'], ORIGIN),
      ).rejects.toThrow(SET_REFUSED);
    }
  });

  it('makes a read of an address under revalidation wait for it, and send nothing of its own', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    network.on('POST /api/reads', async () => {
      await held;
      return Response.json({ parts: [{ path: '/api/bootstrap', status: 200, etag: '"b1"', body: { years: [] } }] });
    });
    const batch = revalidateSet({ keyOf: ring.keyOf }, { id: 'prof', token: 'prof.jeton' }, ['/api/bootstrap'], ORIGIN);
    await new Promise((r) => setTimeout(r, 10));
    const screen = read('/api/bootstrap');
    release();
    await batch;
    expect(await (await screen).json()).toEqual({ years: [] });
    expect(network.seen.filter((s) => s.path === '/api/bootstrap')).toHaveLength(0);
  });
});

describe('an account’s queued writes and refusals', () => {
  const write = (body: object, account = 'prof', path = '/api/teacher/attendance') =>
    new Request(`${ORIGIN}${path}`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${account}.jeton`,
        'Content-Type': 'application/json',
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(body),
    });

  it('are sealed, token included; signed out they wait while another account’s go, and go at its return', async () => {
    const queue = new MemoryQueue();
    const refused = new MemoryRefused();
    const box = writes({
      queue,
      refused,
      session: () => null,
      userIdOf: (r) => /^Bearer (\w+)/.exec(r.headers.get('Authorization') ?? '')?.[1] ?? null,
      keyOf: ring.keyOf,
      broadcast: async () => undefined,
    });
    network.offline = true;
    await box.send(write({ marks: [{ nom: PUPIL, status: 'absent' }] }));
    await box.send(write({ note: 'eleve' }, 'eleve', '/api/student/language'));
    const kept = queue.entries[0]!.request;
    expect(kept.headers.get('Authorization')).toBeNull();
    expect(kept.headers.get('X-Sealed')).toBe('cle-prof');
    expect(await holdsText(kept.clone() as unknown as Response, 'Joseph')).toBe(false);
    expect(await holdsText(kept.clone() as unknown as Response, 'prof.jeton')).toBe(false);

    // The teacher signs out: his write waits, the pupil's goes.
    const key = ring.keys.get('prof')!;
    ring.keys.delete('prof');
    network.offline = false;
    network.on('PUT /api/teacher/attendance', Response.json({ saved: 1 }));
    network.on('PUT /api/student/language', Response.json({ saved: 1 }));
    expect(await box.replay()).toBe('sent');
    expect(network.seen.filter((s) => s.status === 200).map((s) => s.path)).toEqual(['/api/student/language']);
    expect(queue.entries).toHaveLength(1);
    expect((await box.pending()).pending).toEqual([
      { method: 'PUT', path: '/teacher/attendance', userId: 'prof', ids: [] },
    ]);

    // He signs in again here: it goes, with its token and its body as he made them.
    ring.keys.set('prof', key);
    expect(await box.replay()).toBe('sent');
    const sent = network.seen.filter((s) => s.path === '/api/teacher/attendance' && s.status === 200).at(-1)!;
    expect(sent.headers.authorization).toBe('Bearer prof.jeton');
    expect(JSON.parse(sent.body)).toEqual({ marks: [{ nom: PUPIL, status: 'absent' }] });
    expect(queue.entries).toHaveLength(0);
  });

  it('keep a refusal sealed, read only with its account’s key; a set cleared takes its writes and refusals', async () => {
    const queue = new MemoryQueue();
    const refused = new MemoryRefused();
    const box = writes({
      queue,
      refused,
      session: () => null,
      userIdOf: (r) => /^Bearer (\w+)/.exec(r.headers.get('Authorization') ?? '')?.[1] ?? null,
      keyOf: ring.keyOf,
      broadcast: async () => undefined,
    });
    network.offline = true;
    await box.send(write({ marks: [] }));
    network.offline = false;
    network.on(
      'PUT /api/teacher/attendance',
      Response.json({ message: `Appel non enregistré : ${PUPIL} n'est pas en 7e AF ce jour-là.` }, { status: 409 }),
    );
    await box.replay();
    expect(refused.writes).toHaveLength(1);
    expect(new TextDecoder().decode(refused.writes[0]!.sealed)).not.toContain('Joseph');
    expect((await box.pending()).refused).toMatchObject([{ status: 409, message: expect.stringContaining(PUPIL) }]);
    const key = ring.keys.get('prof')!;
    ring.keys.delete('prof');
    expect((await box.pending()).refused).toEqual([]);
    ring.keys.set('prof', key);
    network.offline = true;
    await box.send(write({ marks: [{ n: 1 }] }));
    await box.clearAccount('prof');
    expect(queue.entries).toHaveLength(0);
    expect(refused.writes).toHaveLength(0);
  });
});
