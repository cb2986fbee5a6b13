// The page's API client (web/api/client.ts) shares a read with the same read made a moment before
// (issue 29): a screen and the working data reading one address at once send one request. Run in
// Node (vitest.sw.config.ts) with a stand-in network and storage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { token } from './stand-in-page';

const { api } = await import('../../web/api/client');
const { setSessionToken } = await import('../../web/session/session');

let calls: { method: string; url: string }[] = [];
/** Each answer waits for `release` when it is set: reads still on their way. */
let release: Promise<void> | null = null;

beforeEach(() => {
  calls = [];
  release = null;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url });
    if (release) await release;
    return new Response(JSON.stringify({ url, n: calls.length, list: [1, 2] }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  setSessionToken(token(`account-${Math.random()}`, 3600, 'teacher'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const gets = () => calls.filter((c) => c.method === 'GET').length;

describe('a read shared with the same read made a moment before', () => {
  it('two reads of one address on their way at once send one request, each caller its own copy', async () => {
    let open!: () => void;
    release = new Promise((resolve) => (open = resolve));
    const first = api.get<{ list: number[] }>('/teacher/timetable');
    const second = api.get<{ list: number[] }>('/teacher/timetable');
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(gets()).toBe(1);
    expect(a).toEqual(b);
    a.list.push(3);
    expect(b.list).toEqual([1, 2]);
  });

  it('a read answered a moment ago answers the next; past the moment, or asked fresh, the server is asked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await api.get('/teacher/dashboard');
    await api.get('/teacher/dashboard');
    expect(gets()).toBe(1);
    await api.get('/teacher/dashboard', { fresh: true });
    expect(gets()).toBe(2);
    vi.setSystemTime(Date.now() + 5_001);
    await api.get('/teacher/dashboard');
    expect(gets()).toBe(3);
  });

  it('a write makes the next read ask the server', async () => {
    await api.get('/teacher/announcements');
    await api.post('/teacher/support-messages', { content: 'Bonjour' });
    await api.get('/teacher/announcements');
    expect(gets()).toBe(2);
  });

  it('several reads in one request (a POST that writes nothing) leave the reads just made shared', async () => {
    await api.get('/teacher/announcements');
    await api.post('/reads', { paths: ['/api/teacher/dashboard'] }, { readOnly: true });
    await api.get('/teacher/announcements');
    expect(gets()).toBe(1);
  });

  it("another account's read is never shared", async () => {
    await api.get('/bootstrap');
    setSessionToken(token('another-account', 3600, 'teacher'));
    await api.get('/bootstrap');
    expect(gets()).toBe(2);
  });

  it('a caller that gives up does not stop the read of the other', async () => {
    let open!: () => void;
    release = new Promise((resolve) => (open = resolve));
    const controller = new AbortController();
    const leaving = api.get('/teacher/timetable', { signal: controller.signal });
    const staying = api.get<{ url: string }>('/teacher/timetable');
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    open();
    expect((await staying).url).toBe('/api/teacher/timetable');
    expect(gets()).toBe(1);
  });

  it('a failed read is not shared once it failed', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push({ method: 'GET', url });
      if (calls.length === 1) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    await expect(api.get('/teacher/dashboard', { background: true })).rejects.toThrow();
    await api.get('/teacher/dashboard');
    expect(gets()).toBe(2);
  });
});
