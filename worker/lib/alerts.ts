// The guardians' alerts by Web Push (issue 43, decision 361). A write that makes news (a roll call
// with an absence, a payment, an announcement, grades opened) hands it to `inBackground` once its
// answer is made (waitUntil: the roll call or the payment never waits for it): the guardians linked
// to those pupils who take that kind of alert get a row in the directory's `guardian_alerts` (one
// per guardian and `dedupe`: an absence alerts once a day per child however often the roll call is
// saved again), its message in the guardian's language, held until 06:00 during the quiet hours,
// and a row in the school's log; the rows due are then sent to each of the guardian's phones,
// encrypted (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by @block65/webcrypto-web-push. A phone the push service says is gone (404,
// 410) is removed. The hourly run (worker/index.ts) sends what the night held and, at 06:00, queues
// the instalments falling due in 3 days. Without a VAPID key the rows are kept, nothing is sent.
import { encryptNotification, vapidHeaders } from '@block65/webcrypto-web-push';
import type { Context } from 'hono';
import { alertTexts as frenchAlerts } from '../contract/texts/alerts';
import { alertTexts as kreyolAlerts } from '../contract/texts/ht/alerts';
import type { Texts } from '../contract/texts/shape';
import { auditInsert } from '../db/audit';
import type { Db } from '../db/client';
import { directoryOf, schoolDatabase } from '../db/databases';
import * as alerts from '../db/guardian-alerts';
import * as financeSheets from '../db/finance-sheets';
import * as periods from '../db/academic-periods';
import * as instances from '../db/instances';
import {
  type AlertMessage,
  alertPayload,
  alertsKeptSince,
  attendanceIsNews,
  childUrl,
  instalmentsDueSoon,
  sendAfter,
  vapidPublicKey,
} from '../domain/alerts';
import { schoolClock, schoolToday, schoolYearSpan } from '../domain/dates';
import { formatDay } from '../domain/format';
import type { AlertKind } from '../domain/guardians';
import { instalmentsOf } from '../domain/guardians';
import type { Language } from '../domain/language';
import { financeTotals, formatMoney, type Currency } from '../domain/money';

type AlertTexts = Texts<typeof frenchAlerts>;
export const ALERT_TEXTS: Record<Language, AlertTexts> = { fr: frenchAlerts, ht: kreyolAlerts };

/** A pupil with a guardian, as db/guardian-alerts.ts `linkedPupils` answers. */
export type LinkedPupil = Awaited<ReturnType<typeof alerts.linkedPupils>>[number];

/** What to tell about one pupil, in a language: null when nothing (this pupil is not concerned). */
export interface News {
  kind: AlertKind;
  /** One alert per guardian and dedupe (an absence: `absent:<pupil>:<day>`). */
  dedupe: string;
  title: string;
  body: string;
}
export type NewsOf = (pupil: LinkedPupil, texts: AlertTexts, language: Language) => News | null;

/** How a day and an amount are written in an alert's language. */
export const alertDay = (day: string, language: Language) => formatDay(day, 'long', day, language);
export const alertMoney = (centimes: number, currency: Currency, language: Language) =>
  formatMoney(centimes, currency, language);

/** Runs after the answer (waitUntil); without an execution context (a script, a test's call), at once. */
export function inBackground(c: Context, work: () => Promise<unknown>) {
  const run = work().catch((error: unknown) =>
    console.error('alerts:', error instanceof Error ? error.message : error),
  );
  try {
    c.executionCtx.waitUntil(run);
  } catch {
    // No execution context: the promise runs on its own.
  }
}

/**
 * The endpoint the VAPID signature names (its origin is the token's audience): the endpoint
 * itself, https for every real push service. The local push service of the end-to-end test is
 * http on localhost (the subscription route accepts no other http): its token names the https
 * twin of its origin, which that service does not check.
 */
const signedEndpoint = (endpoint: string) =>
  endpoint.startsWith('http://localhost:') ? `https://${endpoint.slice('http://'.length)}` : endpoint;

/** The push service's side, replaceable in tests. */
export type Send = (request: Request) => Promise<Response>;
const sendByFetch: Send = (request) => fetch(request);

/**
 * Queues the news about these pupils for their guardians who take that kind of alert (logged in
 * the school's log), then sends what is due to those guardians.
 */
export async function alertGuardians(
  env: Env,
  db: Db,
  schoolId: string,
  pupils: alerts.Pupils,
  news: NewsOf,
  now = new Date(),
  send: Send = sendByFetch,
) {
  const linked = await alerts.linkedPupils(db, schoolId, pupils);
  if (!linked.length) return;
  const directory = directoryOf(env);
  const profiles = new Map(
    (await alerts.profilesOf(directory, [...new Set(linked.map((l) => l.guardian_id))])).map((p) => [p.id, p]),
  );
  const after = sendAfter(now);
  const rows: (alerts.AlertRow & { phone: string; title: string })[] = [];
  for (const pupil of linked) {
    const profile = profiles.get(pupil.guardian_id);
    if (!profile) continue;
    const said = news(pupil, ALERT_TEXTS[profile.language], profile.language);
    if (!said || !profile.alerts.includes(said.kind)) continue;
    const message: AlertMessage = { title: said.title, body: said.body, url: childUrl(schoolId, pupil.student_id) };
    rows.push({
      guardianId: profile.id,
      schoolId,
      kind: said.kind,
      dedupe: said.dedupe,
      payload: alertPayload(message),
      sendAfter: after,
      phone: profile.phone,
      title: said.title,
    });
  }
  if (!rows.length) return;
  // The directory keeps the first alert of each (guardian, dedupe); only those it kept are logged.
  const answers = (await directory.batch(
    rows.map((row) => alerts.queueAlert(directory, row)) as [ReturnType<typeof alerts.queueAlert>],
  )) as { id: number }[][];
  const logged = rows.filter((_, i) => answers[i]!.length > 0);
  if (logged.length) {
    const [first, ...rest] = logged.map((r) =>
      auditInsert(
        db,
        { id: r.guardianId, username: r.phone, instanceId: schoolId },
        {
          action: 'GUARDIAN_ALERT',
          target: r.title,
          details: { kind: r.kind, ...(r.sendAfter > now.toISOString() ? { held_until: r.sendAfter } : {}) },
        },
      ),
    );
    await db.batch([first!, ...rest]);
  }
  await sendDueAlerts(env, now, [...new Set(logged.map((r) => r.guardianId))], send);
}

/** Sends the alerts due (of these guardians, or all: the hourly run), marks them sent, drops gone phones. */
export async function sendDueAlerts(env: Env, now = new Date(), guardianIds?: string[], send: Send = sendByFetch) {
  const directory = directoryOf(env);
  const privateJWK = env.VAPID_PRIVATE_JWK;
  if (!privateJWK || (guardianIds && !guardianIds.length)) return { sent: 0, gone: 0 };
  const due = await alerts.dueAlerts(directory, now.toISOString(), guardianIds);
  if (!due.length) return { sent: 0, gone: 0 };
  // Claimed first: two runs at once (a write and the hourly run) never send one alert twice.
  const claimed = new Set(
    (
      await alerts
        .markSent(
          directory,
          due.map((d) => d.id),
          now.toISOString(),
        )
        .all()
    ).map((r) => r.id),
  );
  const mine = due.filter((d) => claimed.has(d.id));
  const phones = await alerts.subscriptionsOf(directory, [...new Set(mine.map((d) => d.guardianId))]);
  let sent = 0;
  const gone = new Set<string>();
  const vapid = {
    subject: env.VAPID_SUBJECT || 'mailto:support@portail.ht',
    publicKey: vapidPublicKey(privateJWK) ?? '',
    privateKey: (JSON.parse(privateJWK) as { d?: string }).d ?? '',
  };
  for (const alert of mine) {
    for (const phone of phones.filter((p) => p.guardianId === alert.guardianId && !gone.has(p.id))) {
      try {
        const subscription = {
          endpoint: phone.endpoint,
          expirationTime: null,
          keys: { p256dh: phone.p256dh, auth: phone.auth },
        };
        const { headers } = await vapidHeaders({ ...subscription, endpoint: signedEndpoint(phone.endpoint) }, vapid);
        // Unpadded: the phone downloads the message's size, not 4 KB (its text is under 1 KB).
        const body = await encryptNotification(subscription, new TextEncoder().encode(alert.payload), { pad: false });
        const answer = await send(
          new Request(phone.endpoint, {
            method: 'POST',
            headers: {
              ...headers,
              ttl: String(24 * 3600),
              urgency: 'normal',
              'content-encoding': 'aes128gcm',
              'content-type': 'application/octet-stream',
            },
            body,
          }),
        );
        if (answer.status === 404 || answer.status === 410) gone.add(phone.id);
        else if (answer.ok) sent++;
        else console.error('alerts: the push service answered', answer.status);
      } catch (error) {
        console.error('alerts:', error instanceof Error ? error.message : error);
      }
    }
  }
  if (gone.size) await alerts.dropSubscriptions(directory, [...gone]).run();
  return { sent, gone: gone.size };
}

/**
 * The morning's instalment alerts (the hourly run at 06:00 in the school): for every pupil with a
 * guardian in every school holding links, the instalments falling due in 3 days with something
 * left (once each: `instalment:<pupil>:<due day>`).
 */
export async function queueInstalmentAlerts(env: Env, now = new Date(), send: Send = sendByFetch) {
  const directory = directoryOf(env);
  const today = schoolToday(now);
  for (const school of await alerts.schoolsWithLinks(directory)) {
    try {
      const db = schoolDatabase(env, school.shard);
      const linked = await alerts.linkedPupils(db, school.id, { currentYear: true });
      const byEnrollment = new Map<string, { left: number; due_date: string }[]>();
      const currency: Currency = (await instances.getInstance(db, school.id))?.currency ?? 'Gdes';
      for (const enrollmentId of new Set(linked.map((l) => l.enrollment_id))) {
        const sheet = await financeSheets.financeRecord(db, school.id, enrollmentId);
        if (!sheet) continue;
        const totals = financeTotals(sheet);
        const yearPeriods = await periods.listPeriods(db, school.id, sheet.yearId);
        const soon = instalmentsDueSoon(
          instalmentsOf(totals.adjusted, totals.paid, yearPeriods, schoolYearSpan(sheet.yearName).start),
          today,
        );
        if (soon.length) byEnrollment.set(enrollmentId, soon);
      }
      if (!byEnrollment.size) continue;
      await alertGuardians(
        env,
        db,
        school.id,
        { enrollmentIds: [...byEnrollment.keys()] },
        (pupil, t, language) => {
          const [due] = byEnrollment.get(pupil.enrollment_id) ?? [];
          if (!due) return null;
          return {
            kind: 'instalment',
            dedupe: `instalment:${pupil.student_id}:${due.due_date}`,
            title: t.instalment.title(`${pupil.prenom} ${pupil.nom}`),
            body: t.instalment.body(alertMoney(due.left, currency, language), alertDay(due.due_date, language)),
          };
        },
        now,
        send,
      );
    } catch (error) {
      console.error('alerts: instalments of', school.id, error instanceof Error ? error.message : error);
    }
  }
}

/** wrangler.toml's hourly trigger (worker/index.ts runs `hourlyAlerts` on it). */
export const HOURLY_CRON = '0 * * * *';

/** The most sent alerts one hourly run removes (a D1 statement each 500). */
const PURGE_PER_RUN = 20_000;

/**
 * The hourly run: what the night held goes at 06:00, and at 06:00 the instalments due in 3 days are
 * queued; then the alerts due more than ALERT_KEPT_DAYS ago leave the queue (decision 361).
 */
export async function hourlyAlerts(env: Env, now = new Date(), send: Send = sendByFetch) {
  if (schoolClock(now).time.startsWith('06:')) await queueInstalmentAlerts(env, now, send);
  const sent = await sendDueAlerts(env, now, undefined, send);
  const directory = directoryOf(env);
  const before = alertsKeptSince(now);
  let purged = 0;
  for (let gone = -1; gone !== 0 && purged < PURGE_PER_RUN; purged += gone)
    gone = await alerts.purgeOld(directory, before);
  return { ...sent, purged };
}

// ---------------------------------------------------------------- the news of each write

/** A roll call's absences and lateness: one alert a day per child (the first mark of the day tells). */
export const attendanceNews =
  (date: string, marks: ReadonlyMap<string, 'absent' | 'late'>, today = schoolToday()): NewsOf =>
  (pupil, t, language) => {
    const status = marks.get(pupil.enrollment_id);
    if (!status || !attendanceIsNews(date, today)) return null;
    const child = `${pupil.prenom} ${pupil.nom}`;
    return {
      kind: 'absence',
      dedupe: `attendance:${pupil.student_id}:${date}`,
      title: t[status].title(child),
      body: t[status].body(child, alertDay(date, language)),
    };
  };

/** A payment recorded, with its receipt number and what is left to pay. */
export const paymentNews =
  (payment: { id: string; amount: number; receiptNo: number; balance: number }, currency: Currency): NewsOf =>
  (pupil, t, language) => ({
    kind: 'payment',
    dedupe: `payment:${payment.id}`,
    title: t.payment.title(`${pupil.prenom} ${pupil.nom}`),
    body: t.payment.body(
      alertMoney(payment.amount, currency, language),
      String(payment.receiptNo),
      alertMoney(payment.balance, currency, language),
    ),
  });

/** The report card and grades opened to the pupil (and so to the guardian): once a day per child. */
export const reportCardNews =
  (day: string): NewsOf =>
  (pupil, t) => {
    const child = `${pupil.prenom} ${pupil.nom}`;
    return {
      kind: 'report_card',
      dedupe: `report_card:${pupil.student_id}:${day}`,
      title: t.report_card.title(child),
      body: t.report_card.body(child),
    };
  };

/** An announcement to the pupils of the class or school: its text, once per child. */
export const announcementNews =
  (announcement: { id: string; content: string }, schoolName: string): NewsOf =>
  (pupil, t) => ({
    kind: 'announcement',
    dedupe: `announcement:${announcement.id}:${pupil.student_id}`,
    title: t.announcement.title(schoolName),
    body: announcement.content,
  });
