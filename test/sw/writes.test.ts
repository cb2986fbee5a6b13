// API writes (web/sw/writes.ts): the queue keeps its order (a write made online waits behind the
// account's queued ones), a 5xx or a network failure during a replay keeps the write and says so
// (the Background Sync event fails and is tried again), a 401 waits for a new session, any other
// 4xx is final and kept for the screen that made the write.
import { beforeEach, describe, expect, it } from 'vitest';
import { type SyncMessage, writes } from '../../web/sw/writes';
import { type FakeNetwork, keyRing, MemoryQueue, MemoryRefused, ORIGIN, serviceWorkerGlobals, testKey } from './fakes';

let network: FakeNetwork;
let queue: MemoryQueue;
let refused: MemoryRefused;
let messages: SyncMessage[];
let session: { token: string; userId: string } | null;
let ring: ReturnType<typeof keyRing>;

/** A token whose account is `userId` (the worker reads the account from it). */
const token = (userId: string) => `${userId}.jeton`;

function outbox() {
  return writes({
    queue,
    refused,
    session: () => session,
    userIdOf: (request) => /^Bearer (\w+)\./.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null,
    keyOf: ring.keyOf,
    broadcast: async (message) => void messages.push(message),
  });
}

const write = (body: Record<string, unknown>, userId = 'prof', path = '/api/classes/abc') =>
  new Request(`${ORIGIN}${path}`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${token(userId)}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(body),
  });

/** What the server took, in order: the names written. */
const landed = () =>
  network.seen
    .filter((s) => s.method === 'PUT' && s.status >= 200 && s.status < 300)
    .map((s) => (JSON.parse(s.body) as { name: string }).name);

beforeEach(async () => {
  ({ network } = serviceWorkerGlobals());
  queue = new MemoryQueue();
  refused = new MemoryRefused();
  ring = keyRing();
  for (const account of ['prof', 'secretaire', 'admin', 'eleve'])
    ring.keys.set(account, await testKey(`cle-${account}`));
  messages = [];
  session = null;
  network.on('PUT /api/classes/abc', async (request) => Response.json({ saved: (await request.json()) as unknown }));
});

describe('the order of writes', () => {
  it('an edit made online while an older one waits lands after it, and the page gets the server’s answer', async () => {
    const box = outbox();
    network.offline = true;
    expect((await box.send(write({ name: 'hors ligne' }))).status).toBe(202);
    network.offline = false;

    const answer = await box.send(write({ name: 'en ligne' }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ saved: { name: 'en ligne' } });
    expect(landed()).toEqual(['hors ligne', 'en ligne']);
    expect(queue.entries).toHaveLength(0);
  });

  it('while the older one still cannot go, the new one is queued behind it, and both land in order', async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ name: 'un' }));
    network.offline = false;
    network.on('PUT /api/classes/abc', new Response('indisponible', { status: 503 }));
    expect((await box.send(write({ name: 'deux' }))).status).toBe(202);
    expect(queue.entries).toHaveLength(2);

    network.on('PUT /api/classes/abc', async (request) => Response.json(await request.json()));
    expect(await box.replay()).toBe('sent');
    expect(landed().slice(-2)).toEqual(['un', 'deux']);
  });

  it("another account's waiting write does not hold a write back", async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ name: 'de la secrétaire' }, 'secretaire'));
    network.offline = false;
    session = { token: token('prof'), userId: 'prof' };
    // The secretary's write is refused with her expired token meanwhile: it stays queued.
    network.on('PUT /api/classes/abc', async (request) =>
      request.headers.get('Authorization')?.includes('secretaire')
        ? new Response('expiré', { status: 401 })
        : Response.json(await request.json()),
    );
    expect((await box.send(write({ name: 'du professeur' }))).status).toBe(200);
    expect(landed()).toEqual(['du professeur']);
    expect(queue.entries).toHaveLength(1);
  });
});

describe('a replay', () => {
  it('keeps a write the server could not take (503) at the head, says so, and sends it once later', async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ name: 'un' }));
    await box.send(write({ name: 'deux' }));
    network.offline = false;
    network.on('PUT /api/classes/abc', new Response('indisponible', { status: 503 }));
    expect(await box.replay()).toBe('retry');
    expect(queue.entries).toHaveLength(2);
    expect(messages.at(-1)).toEqual({ type: 'QUEUE_SIZE', size: 2, outcome: 'retry' });

    network.on('PUT /api/classes/abc', async (request) => Response.json(await request.json()));
    expect(await box.replay()).toBe('sent');
    // The first write reached the server twice (503, then 200); each landed once, in order.
    expect(network.seen.filter((s) => s.status === 503)).toHaveLength(1);
    expect(landed()).toEqual(['un', 'deux']);
    expect(queue.entries).toHaveLength(0);
    expect(messages).toContainEqual({ type: 'SYNC_COMPLETE', sent: 1, paths: ['/classes/abc'] });
  });

  it('stops on a network failure, keeping the write and its place', async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ name: 'un' }));
    expect(await box.replay()).toBe('offline');
    expect(queue.entries).toHaveLength(1);
    expect(queue.entries[0]!.timestamp).toBeGreaterThan(0);
  });

  it("keeps a write refused for its token (401), tells the page, and sends it with the account's new token", async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ name: 'un' }));
    network.offline = false;
    network.on('PUT /api/classes/abc', async (request) =>
      request.headers.get('Authorization') === `Bearer ${token('prof')}`
        ? new Response('expiré', { status: 401 })
        : Response.json(await request.json()),
    );
    expect(await box.replay()).toBe('auth');
    expect(messages).toContainEqual({ type: 'SYNC_AUTH_ERROR' });
    expect(queue.entries).toHaveLength(1);

    // The page renewed the session and posted it: the write goes with the new token.
    session = { token: 'prof.renouvele', userId: 'prof' };
    expect(await box.replay()).toBe('sent');
    expect(network.seen.at(-1)!.headers.authorization).toBe('Bearer prof.renouvele');
  });

  it('drops a write the server refuses for good (4xx), keeps its message for the screen, and goes on', async () => {
    const box = outbox();
    network.offline = true;
    await box.send(
      write({ timetable_entry_id: 'lecon', date: '2026-03-02', marks: [] }, 'prof', '/api/teacher/attendance'),
    );
    await box.send(write({ name: 'après' }));
    network.offline = false;
    network.on('PUT /api/teacher/attendance', Response.json({ message: 'Cours introuvable.' }, { status: 404 }));
    expect(await box.replay()).toBe('sent');
    expect(landed()).toEqual(['après']);
    expect(network.seen.filter((s) => s.status === 404)).toHaveLength(1);
    expect(messages).toContainEqual({ type: 'SYNC_CLIENT_ERROR', messages: ['Cours introuvable.'] });
    const { pending, refused: kept } = await box.pending();
    expect(pending).toEqual([]);
    expect(kept).toMatchObject([
      {
        method: 'PUT',
        path: '/teacher/attendance',
        userId: 'prof',
        ids: ['lecon', '2026-03-02'],
        status: 404,
        message: 'Cours introuvable.',
      },
    ]);
    await box.dismiss(kept[0]!.id);
    expect((await box.pending()).refused).toEqual([]);
  });

  it('lists what waits, with the account and the ids the body names', async () => {
    const box = outbox();
    network.offline = true;
    await box.send(write({ id: 'eleve-1', name: 'x' }, 'secretaire', '/api/students'));
    expect((await box.pending()).pending).toEqual([
      { method: 'PUT', path: '/students', userId: 'secretaire', ids: ['eleve-1'] },
    ]);
  });
});
