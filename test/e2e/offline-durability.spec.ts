// 100 writes of mixed kinds queued offline, replayed with the connection dropping midway and
// some requests delivered twice: the server ends with each change exactly once, the queue empty.
import { type Page, request as apiRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, signInAndLand } from './support';

const CLASS = '7e AF';

async function queuedRequests(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) return resolve(0);
          const count = db.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
        };
        open.onerror = () => resolve(-1);
      }),
  );
}

test('queued writes are replayed exactly once through drops and duplicates', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  const token = await apiToken(page, 'admin');
  const server = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const years = (await (await server.get('/api/school-years')).json()) as { id: string; is_current: boolean }[];
  const yearId = years.find((y) => y.is_current)!.id;
  const roster = (await (
    await server.get(`/api/enrollments?className=${encodeURIComponent(CLASS)}&yearId=${yearId}`)
  ).json()) as {
    id: string;
    mppa: number;
    version: number;
    payments: { id: string; label: string; amount: number; date: string | null }[];
    adjustments: { label: string; amount: number }[];
  }[];
  const sheets = roster.slice(0, 10);
  // The sheets' own payments are kept by every save (a payment with a receipt is never removed);
  // each sheet gets one new line, saved then corrected by the second save.
  const kept = (sheet: (typeof sheets)[number]) =>
    sheet.payments.map(({ id, label, amount, date }) => ({ id, label, amount, date }));
  const lineIds = new Map(sheets.map((sheet) => [sheet.id, crypto.randomUUID()]));
  const run = Date.now().toString(36);

  await signInAndLand(page, 'admin', '/dashboard');
  await page.waitForFunction(async () =>
    Boolean((await navigator.serviceWorker.ready).active && navigator.serviceWorker.controller),
  );
  await context.setOffline(true);

  // 40 classes (10 of them sent twice with the same key), 40 students, 20 finance sheets
  // (two successive versions of 10 sheets: the second, made on the revision the first one makes,
  // must win; replayed out of order it would be refused).
  const writes = [
    ...Array.from({ length: 40 }, (_, i) => ({
      method: 'POST',
      path: '/api/classes',
      body: { name: `Durabilité ${run} ${i}` },
      twice: i < 10,
    })),
    ...Array.from({ length: 40 }, (_, i) => ({
      method: 'POST',
      path: '/api/students',
      body: {
        id: crypto.randomUUID(),
        nom: `Durable${run}`,
        prenom: `Élève ${i}`,
        sexe: 'F',
        date_of_birth: '2012-03-04',
        address: 'Delmas 33',
      },
      twice: false,
    })),
    ...[1, 2].flatMap((version) =>
      sheets.map((sheet) => ({
        method: 'PUT',
        path: `/api/enrollments/${sheet.id}/payments`,
        body: {
          version: sheet.version + version - 1,
          mppa: sheet.mppa,
          payments: [
            ...kept(sheet),
            {
              id: lineIds.get(sheet.id),
              label: `Versement v${version}`,
              amount: 1000 * version,
              date: '2026-01-15',
              ...(version === 2 ? { correction: 'Deuxième version' } : {}),
            },
          ],
          adjustments: sheet.adjustments,
        },
        twice: false,
      })),
    ),
  ];
  expect(writes).toHaveLength(100);
  const answers = await page.evaluate(async (list) => {
    const token = localStorage.getItem('accessToken');
    const out: number[] = [];
    for (const w of list) {
      const key = crypto.randomUUID();
      for (let n = 0; n < (w.twice ? 2 : 1); n++) {
        const res = await fetch(w.path, {
          method: w.method,
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: JSON.stringify(w.body),
        });
        out.push(res.status);
      }
    }
    return out;
  }, writes);
  expect(answers).toHaveLength(110);
  expect(new Set(answers)).toEqual(new Set([202]));
  expect(await queuedRequests(page)).toBe(110);

  // Back online: the replay starts, and the connection drops again once part of it is through.
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => {
      const classes = (await (await server.get('/api/classes')).json()) as { name: string }[];
      return classes.filter((k) => k.name.startsWith(`Durabilité ${run}`)).length;
    })
    .toBeGreaterThan(0);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        return queuedRequests(page);
      },
      { timeout: 120_000 },
    )
    .toBe(0);

  const classes = (await (await server.get('/api/classes')).json()) as { id: string; name: string }[];
  const mine = classes.filter((k) => k.name.startsWith(`Durabilité ${run}`));
  expect(mine.map((k) => k.name).sort()).toEqual(Array.from({ length: 40 }, (_, i) => `Durabilité ${run} ${i}`).sort());
  const students = (await (
    await server.get(
      `/api/students-with-enrollment-status?yearId=${yearId}&search=Durable${run}&limit=100&includeArchived=true`,
    )
  ).json()) as { students: { id: string }[]; pagination: { total: number } };
  expect(students.pagination.total).toBe(40);
  const after = (await (
    await server.get(`/api/enrollments?className=${encodeURIComponent(CLASS)}&yearId=${yearId}`)
  ).json()) as typeof roster;
  for (const sheet of sheets) {
    const payments = after.find((e) => e.id === sheet.id)!.payments;
    expect(payments.map((p) => [p.label, p.amount])).toEqual([
      ...sheet.payments.map((p) => [p.label, p.amount]),
      ['Versement v2', 2000],
    ]);
  }
  await server.dispose();
});
