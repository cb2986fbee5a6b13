// The families' alerts by Web Push (issue 43, decision 361): a roll call's absence or lateness
// (once a day per child), a payment (its receipt number), an instalment due in 3 days (the hourly
// cron at 06:00), grades opened (the report card), an announcement; each in the guardian's
// language, held during the quiet hours until 06:00, sent encrypted to each of the guardian's
// phones, a phone the push service says is gone removed; the guardian's choices and phones.
import { env, exports } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuardianAlerts, GuardianSlip } from '../../worker/contract/guardians';
import { database } from '../../worker/db/client';
import { alertsOf } from '../../worker/db/guardian-alerts';
import { ALERT_KEPT_DAYS, vapidPublicKey } from '../../worker/domain/alerts';
import { addDays, schoolToday } from '../../worker/domain/dates';
import { formatDay } from '../../worker/domain/format';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import { hourlyAlerts } from '../../worker/lib/alerts';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, directoryD1, sql, tokenFor } from './helpers';

/** The last Monday, today included (lesson t3's day): a roll call of the last week is news. */
const MONDAY = (() => {
  let day = schoolToday();
  while (dayOfWeekOf(day) !== 1) day = addDays(day, -1);
  return day;
})();
const freshPhone = () => `3${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const directory = () => database(directoryD1());

/** What the push service was sent (the global fetch, as the Worker calls it), and what it answers. */
let pushed: { url: string; method: string; headers: Headers; bytes: number }[] = [];
let answer = 201;
beforeEach(() => {
  pushed = [];
  answer = 201;
  const real = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!request.url.startsWith('https://push.example/')) return real(input, init);
    const bytes = (await request.arrayBuffer()).byteLength;
    pushed.push({ url: request.url, method: request.method, headers: request.headers, bytes });
    return new Response(null, { status: answer });
  });
});
afterEach(() => vi.restoreAllMocks());

/** What these phones were sent (other tests' alerts held by the night may go in the same hourly run). */
const pushedTo = (...phones: { endpoint: string }[]) =>
  pushed.map((r) => r.url).filter((url) => phones.some((p) => p.endpoint === url));

/** A browser's subscription: a real P-256 key and auth secret, on the test push service. */
async function subscription() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const b64 = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return {
    endpoint: `https://push.example/${crypto.randomUUID()}`,
    keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

/** A school with the 7e AF's Monday lesson, two pupils, each with a guardian (Anne's in French, Rose's in Kreyòl) who has a phone subscribed. */
async function setUp() {
  const fixture = await schoolWithCourses();
  const { school, yearId, classIds } = fixture;
  const enrolled = new Map<string, { student: string; enrollment: string }>();
  for (const [nom, prenom] of [
    ['Zéphir', 'Anne'],
    ['Alexis', 'Rose'],
  ] as const) {
    const student = crypto.randomUUID();
    const enrollment = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
      student,
      school.id,
      nom,
      prenom,
    ).run();
    await sql(
      school,
      'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id, mppa) VALUES (?, ?, ?, ?, ?, ?)',
      enrollment,
      school.id,
      student,
      yearId,
      classIds.get('7e AF'),
      2_500_000,
    ).run();
    enrolled.set(prenom, { student, enrollment });
  }
  const admin = await tokenFor(school, 'admin');
  const guardian = async (prenom: string, language: 'fr' | 'ht') => {
    const slip = await bodyOf<GuardianSlip>(
      await call(school, admin, 'POST', `/api/students/${enrolled.get(prenom)!.student}/guardians`, {
        phone: freshPhone(),
        name: `Parent de ${prenom}`,
      }),
    );
    // The code replaced by a password already (the sign-in's own tests cover that step).
    await directoryD1()
      .prepare("UPDATE platform_users SET status = 'active' WHERE id = ?")
      .bind(slip.link.guardian_id)
      .run();
    await directoryD1()
      .prepare('UPDATE guardians SET language = ? WHERE id = ?')
      .bind(language, slip.link.guardian_id)
      .run();
    const token = await tokenFor(school, slip.link.phone);
    const phone = await subscription();
    const subscribed = await call(school, token, 'POST', '/api/guardian/push-subscriptions', phone);
    expect(subscribed.status, await subscribed.clone().text()).toBe(201);
    return { id: slip.link.guardian_id, token, phone };
  };
  const anne = await guardian('Anne', 'fr');
  const rose = await guardian('Rose', 'ht');
  return { ...fixture, enrolled, admin, prof: await tokenFor(school, 'prof'), lesson: `t3-${school.id}`, anne, rose };
}

/** A guardian's alerts, their payloads read. */
const alertsFor = async (guardianId: string) =>
  (await alertsOf(directory(), guardianId)).map((a) => ({
    ...a,
    message: JSON.parse(a.payload) as Record<string, string>,
  }));

/** Waits for the background work: the guardian's alerts once there are `n`, each sent or held. */
async function settled(guardianId: string, n: number) {
  return vi.waitFor(
    async () => {
      const rows = await alertsFor(guardianId);
      expect(rows).toHaveLength(n);
      for (const row of rows) if (row.send_after <= new Date().toISOString()) expect(row.sent_at).not.toBeNull();
      return rows;
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** Sends whatever the quiet hours held (when the test runs at night in Port-au-Prince). */
const flushHeld = async (rows: { send_after: string }[]) => {
  const latest = rows
    .map((r) => r.send_after)
    .sort()
    .at(-1);
  if (latest && latest > new Date().toISOString()) await hourlyAlerts(env, new Date(latest));
};

describe('alerts', () => {
  it("an absence and a lateness alert once a day per child, in each guardian's language, sent to the phone", async () => {
    const { school, prof, lesson, enrolled, anne, rose } = await setUp();
    const save = (marks: { enrollment_id: string; status: string | null }[]) =>
      call(school, prof, 'PUT', '/api/teacher/attendance', { timetable_entry_id: lesson, date: MONDAY, marks });
    const first = await save([
      { enrollment_id: enrolled.get('Anne')!.enrollment, status: 'absent' },
      { enrollment_id: enrolled.get('Rose')!.enrollment, status: 'late' },
    ]);
    expect(first.status).toBe(200);
    const [toAnne] = await settled(anne.id, 1);
    const [toRose] = await settled(rose.id, 1);
    expect(toAnne!.kind).toBe('absence');
    expect(toAnne!.message).toEqual({
      title: 'Absence : Anne Zéphir',
      body: `Anne Zéphir a été noté(e) absent(e) à l’appel du ${formatDay(MONDAY, 'long')}.`,
      url: `/guardian/child/${school.id}/${enrolled.get('Anne')!.student}`,
    });
    expect(toRose!.message.title).toBe('Reta : Rose Alexis');
    expect(toRose!.message.body).toBe(`Yo make Rose Alexis an reta nan apèl ${formatDay(MONDAY, 'long', '-', 'ht')}.`);
    // The roll call saved again (an edit, a replay): no second alert that day.
    expect((await save([{ enrollment_id: enrolled.get('Anne')!.enrollment, status: 'late' }])).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(await alertsFor(anne.id)).toHaveLength(1);
    await flushHeld([toAnne!, toRose!]);
    // Each guardian's phone got one encrypted message (aes128gcm, VAPID-signed).
    await vi.waitFor(() => expect(pushedTo(anne.phone, rose.phone)).toHaveLength(2));
    const toAnnePhone = pushed.find((r) => r.url === anne.phone.endpoint)!;
    expect(toAnnePhone.method).toBe('POST');
    expect(toAnnePhone.headers.get('content-encoding')).toBe('aes128gcm');
    expect(toAnnePhone.headers.get('authorization')).toMatch(/^vapid t=.+, k=/);
    expect(toAnnePhone.headers.get('authorization')).toContain(`k=${vapidPublicKey(env.VAPID_PRIVATE_JWK)}`);
    // Unpadded: the message's weight (its text, the salt, key and tag: 86 + 17 bytes), not 4 KB.
    expect(toAnnePhone.bytes).toBe(new TextEncoder().encode(toAnne!.payload).length + 103);
    // Logged in the school's log, under the guardian's phone.
    const log = await sql(
      school,
      "SELECT username, target_name FROM audit_log WHERE instance_id = ? AND action_type = 'GUARDIAN_ALERT'",
      school.id,
    ).all();
    expect(log.results).toHaveLength(2);
    expect(log.results).toContainEqual(expect.objectContaining({ target_name: 'Absence : Anne Zéphir' }));
  });

  it('a payment alerts with its receipt number; a phone the push service says is gone is removed', async () => {
    const { school, admin, enrolled, anne } = await setUp();
    answer = 410;
    const paid = await call(school, admin, 'POST', `/api/enrollments/${enrolled.get('Anne')!.enrollment}/payments`, {
      amount: 5000,
      label: 'Versement 1',
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const [alert] = await settled(anne.id, 1);
    expect(alert!.kind).toBe('payment');
    expect(alert!.message.title).toBe('Versement reçu : Anne Zéphir');
    expect(alert!.message.body).toMatch(
      /^Versement de 5\u202f000,00 Gdes enregistré, reçu n° \d+\. Reste à payer : 20\u202f000,00 Gdes\.$/,
    );
    await flushHeld([alert!]);
    await vi.waitFor(async () => {
      expect(pushedTo(anne.phone)).toHaveLength(1);
      const phones = await bodyOf<GuardianAlerts>(await call(school, anne.token, 'GET', '/api/guardian/alerts'));
      expect(phones.phones).toBe(0);
    });
  });

  it('grades opened (the report card) and an announcement to the class alert, unless the guardian chose otherwise', async () => {
    const { school, admin, enrolled, anne, rose } = await setUp();
    // Rose's guardian takes no report card alerts.
    const chose = await call(
      school,
      rose.token,
      'PUT',
      '/api/guardian/alerts',
      { alerts: ['absence', 'announcement'] },
      { 'X-Language': 'ht' },
    );
    expect(chose.status).toBe(200);
    expect((await bodyOf<{ message: string }>(chose)).message).toBe('Nou anrejistre chwa alèt ou yo.');
    for (const enabled of [false, true])
      for (const who of ['Anne', 'Rose'])
        expect(
          (
            await call(school, admin, 'PUT', `/api/enrollments/${enrolled.get(who)!.enrollment}/toggle-grades-access`, {
              enabled,
            })
          ).status,
        ).toBe(200);
    const [card] = await settled(anne.id, 1);
    expect(card!.message).toMatchObject({
      title: 'Bulletin : Anne Zéphir',
      body: 'Le bulletin et les notes de Anne Zéphir sont consultables sur le portail.',
    });
    const sent = await call(school, admin, 'POST', '/api/admin/student-announcements', {
      content: 'Réunion des parents vendredi à 15 h.',
      target_class_names: ['7e AF'],
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const roseAlerts = await settled(rose.id, 1);
    expect(roseAlerts[0]!.kind).toBe('announcement');
    expect(roseAlerts[0]!.message.title).toMatch(/^Anons : École /);
    expect(roseAlerts[0]!.message.body).toBe('Réunion des parents vendredi à 15 h.');
    expect((await settled(anne.id, 2))[0]!.message.title).toMatch(/^Annonce : École /);
  });

  it('the hourly cron at 06:00 queues the instalment due in 3 days; what the night held goes at 06:00, not before', async () => {
    const { school, yearId, anne, rose } = await setUp();
    await sql(
      school,
      'INSERT INTO academic_periods (id, instance_id, year_id, name, position, start_date) VALUES (?, ?, ?, ?, 1, ?), (?, ?, ?, ?, 2, ?)',
      crypto.randomUUID(),
      school.id,
      yearId,
      'Trimestre 1',
      '2025-10-01',
      crypto.randomUUID(),
      school.id,
      yearId,
      'Trimestre 2',
      '2026-12-10',
    ).run();
    const worker = exports.default as unknown as ExportedHandler<Env> & {
      scheduled: (controller: Partial<ScheduledController>, env: Env) => Promise<void>;
    };
    const at = (iso: string) =>
      worker.scheduled({ cron: '0 * * * *', scheduledTime: Date.parse(iso), noRetry: () => {} }, env);
    // 05:00 in Port-au-Prince (UTC-5 in December): nothing yet.
    await at('2026-12-07T10:00:00Z');
    expect(await alertsFor(anne.id)).toHaveLength(0);
    // 06:00: the instalment of 10 December, with what is left of it, sent at once.
    await at('2026-12-07T11:00:00Z');
    const [due] = await alertsFor(anne.id);
    expect(due!.kind).toBe('instalment');
    expect(due!.message).toMatchObject({
      title: 'Échéance : Anne Zéphir',
      body: '12\u202f500,00 Gdes à payer avant le 10 décembre 2026.',
    });
    expect(due!.sent_at).toBe('2026-12-07T11:00:00.000Z');
    const [toRose] = await alertsFor(rose.id);
    expect(toRose!.message).toMatchObject({
      title: 'Dat pou peye : Rose Alexis',
      body: '12\u202f500,00 goud pou peye anvan 10 desanm 2026.',
    });
    expect(pushedTo(anne.phone, rose.phone).sort()).toEqual([anne.phone.endpoint, rose.phone.endpoint].sort());
    // The next hour's run: once only.
    await at('2026-12-07T12:00:00Z');
    expect(await alertsFor(anne.id)).toHaveLength(1);
    expect(pushedTo(anne.phone, rose.phone)).toHaveLength(2);
  });

  it('the quiet hours hold an alert made at 22:00 until 06:00 in Port-au-Prince', async () => {
    const { school, enrolled, anne } = await setUp();
    const { alertGuardians, attendanceNews } = await import('../../worker/lib/alerts');
    const night = new Date('2026-12-08T03:00:00Z'); // 22:00 on the 7th in Port-au-Prince
    await alertGuardians(
      env,
      database(school.db),
      school.id,
      { enrollmentIds: [enrolled.get('Anne')!.enrollment] },
      attendanceNews('2026-12-07', new Map([[enrolled.get('Anne')!.enrollment, 'absent']]), '2026-12-07'),
      night,
    );
    const [held] = await alertsFor(anne.id);
    expect(held!.send_after).toBe('2026-12-08T11:00:00.000Z');
    expect(held!.sent_at).toBeNull();
    expect(pushedTo(anne.phone)).toHaveLength(0);
    await hourlyAlerts(env, new Date('2026-12-08T10:00:00Z')); // 05:00
    expect(pushedTo(anne.phone)).toHaveLength(0);
    await hourlyAlerts(env, new Date('2026-12-08T11:00:00Z')); // 06:00
    expect(pushedTo(anne.phone)).toEqual([anne.phone.endpoint]);
  });

  it('a roll call older than a week tells nobody; sent alerts leave the queue after two weeks, the log keeps them', async () => {
    const { school, prof, lesson, enrolled, anne } = await setUp();
    const anneSeat = enrolled.get('Anne')!.enrollment;
    // A roll call of five weeks ago, entered late: saved, and no alert.
    const old = addDays(MONDAY, -35);
    const saved = await call(school, prof, 'PUT', '/api/teacher/attendance', {
      timetable_entry_id: lesson,
      date: old,
      marks: [{ enrollment_id: anneSeat, status: 'absent' }],
    });
    expect(saved.status).toBe(200);
    // This week's: one alert.
    const now = await call(school, prof, 'PUT', '/api/teacher/attendance', {
      timetable_entry_id: lesson,
      date: MONDAY,
      marks: [{ enrollment_id: anneSeat, status: 'absent' }],
    });
    expect(now.status).toBe(200);
    const [alert] = await settled(anne.id, 1);
    expect(alert!.dedupe).toBe(`attendance:${enrolled.get('Anne')!.student}:${MONDAY}`);
    await flushHeld([alert!]);
    await vi.waitFor(async () => expect((await alertsFor(anne.id))[0]!.sent_at).not.toBeNull());
    // An alert held for a far future stays.
    await directoryD1()
      .prepare(
        "INSERT INTO guardian_alerts (guardian_id, school_id, kind, dedupe, payload, send_after) VALUES (?, ?, 'payment', 'payment:held', '{}', '2999-01-01T11:00:00.000Z')",
      )
      .bind(anne.id, school.id)
      .run();
    const sentAt = new Date((await alertsFor(anne.id)).find((a) => a.sent_at)!.sent_at!);
    // The day before the alert is two weeks old, the hourly run keeps it; the day after, it goes
    // (at noon in Port-au-Prince: not the 06:00 run, which would queue the instalments due).
    const noonAfter = (days: number) =>
      new Date(Date.UTC(sentAt.getUTCFullYear(), sentAt.getUTCMonth(), sentAt.getUTCDate() + days, 17));
    await hourlyAlerts(env, noonAfter(ALERT_KEPT_DAYS - 1));
    expect((await alertsFor(anne.id)).map((a) => a.dedupe).sort()).toEqual([alert!.dedupe, 'payment:held'].sort());
    const run = await hourlyAlerts(env, noonAfter(ALERT_KEPT_DAYS + 1));
    expect(run.purged).toBeGreaterThanOrEqual(1);
    expect((await alertsFor(anne.id)).map((a) => a.dedupe)).toEqual(['payment:held']);
    // The school's log still tells of the alert.
    const log = await sql(
      school,
      "SELECT count(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'GUARDIAN_ALERT'",
      school.id,
    ).first<{ n: number }>();
    expect(log!.n).toBe(1);
  });

  it("a guardian's phones: the public key, several phones, one removed; other accounts are refused", async () => {
    const { school, admin, anne } = await setUp();
    const read = async () => bodyOf<GuardianAlerts>(await call(school, anne.token, 'GET', '/api/guardian/alerts'));
    const first = await read();
    expect(first.public_key).toBe(vapidPublicKey(env.VAPID_PRIVATE_JWK));
    expect(first.public_key).toMatch(/^B[\w-]{86}$/);
    expect(first.alerts).toEqual(['absence', 'payment', 'instalment', 'report_card', 'announcement']);
    expect(first.phones).toBe(1);
    const second = await subscription();
    expect((await call(school, anne.token, 'POST', '/api/guardian/push-subscriptions', second)).status).toBe(201);
    expect((await read()).phones).toBe(2);
    const removed = await call(school, anne.token, 'POST', '/api/guardian/push-subscriptions/remove', {
      endpoint: second.endpoint,
    });
    expect(removed.status).toBe(200);
    expect((await read()).phones).toBe(1);
    // A push service that is not https is refused; staff have no alerts of their own.
    const plain = await call(school, anne.token, 'POST', '/api/guardian/push-subscriptions', {
      ...second,
      endpoint: 'http://push.example/x',
    });
    expect(plain.status).toBe(400);
    expect((await call(school, admin, 'GET', '/api/guardian/alerts')).status).toBe(403);
    // The guardian's actions are in the platform's log.
    const log = await directoryD1()
      .prepare('SELECT action_type FROM platform_audit_log WHERE actor_id = ? ORDER BY id')
      .bind(anne.id)
      .all();
    expect(log.results.map((r) => r.action_type)).toEqual(
      expect.arrayContaining(['GUARDIAN_PHONE_SUBSCRIBED', 'GUARDIAN_PHONE_UNSUBSCRIBED']),
    );
  });
});
