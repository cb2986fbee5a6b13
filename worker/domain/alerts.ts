// Families' alerts (issue 43, decision 361): nothing between 21:00 and 06:00 in Port-au-Prince
// (an alert of the night is held until 06:00), a message that carries its text under 1 KB, the
// instalments falling due in 3 days, and the VAPID public key the page subscribes with. Pure.
import { addDays, schoolClock, schoolDayStart } from './dates';
import type { Instalment } from './guardians';

export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '06:00';
/** The most a push message's payload may weigh (bytes, UTF-8). */
export const MAX_PAYLOAD_BYTES = 1000;
/** An instalment's alert comes this many days before it falls due. */
export const INSTALMENT_NOTICE_DAYS = 3;
/**
 * How long a sent alert stays in the directory's queue (decision 361): long enough for its dedupe
 * key to keep the same news from telling twice (a roll call tells for 7 days, an instalment for 3);
 * the school's log keeps every alert for good. At a country's scale the queue takes some 200,000
 * alerts a school day at 576 bytes each (dbstat): it holds two weeks, not years.
 */
export const ALERT_KEPT_DAYS = 14;
/** A roll call of a day older than this tells no guardian (a correction weeks later is not news). */
export const ATTENDANCE_NEWS_DAYS = 7;

/** The instant before which sent alerts leave the queue. */
export const alertsKeptSince = (now: Date): string =>
  new Date(now.getTime() - ALERT_KEPT_DAYS * 86_400_000).toISOString();

/** Whether a roll call of `day` is still news on `today` (both school days, 'YYYY-MM-DD'). */
export const attendanceIsNews = (day: string, today: string): boolean => day >= addDays(today, -ATTENDANCE_NEWS_DAYS);

/** Whether an instant falls in the quiet hours (21:00 included, 06:00 excluded, in Port-au-Prince). */
export function isQuiet(now: Date): boolean {
  const { time } = schoolClock(now);
  return time >= QUIET_FROM || time < QUIET_UNTIL;
}

/** 06:00 in Port-au-Prince on a school day (the day's start plus six hours, set right across a change of summer time). */
function sixOClock(date: string): Date {
  let at = Date.parse(schoolDayStart(date)) + 6 * 3_600_000;
  const [h, m] = schoolClock(new Date(at)).time.split(':').map(Number) as [number, number];
  at -= ((h - 6) * 60 + m) * 60_000;
  return new Date(at);
}

/** When an alert made at `now` may be sent: now, or 06:00 of the school's (next) morning during quiet hours. */
export function sendAfter(now: Date = new Date()): string {
  if (!isQuiet(now)) return now.toISOString();
  const { date, time } = schoolClock(now);
  return sixOClock(time >= QUIET_FROM ? addDays(date, 1) : date).toISOString();
}

export interface AlertMessage {
  title: string;
  body: string;
  /** The child's page the notification opens. */
  url: string;
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

/** The push message's payload: its JSON under MAX_PAYLOAD_BYTES, the body shortened ('…') when it must. */
export function alertPayload(message: AlertMessage): string {
  let body = message.body;
  let payload = JSON.stringify(message);
  while (bytes(payload) > MAX_PAYLOAD_BYTES && body.length > 0) {
    body = body.slice(0, Math.max(0, body.length - Math.max(1, bytes(payload) - MAX_PAYLOAD_BYTES))).trimEnd();
    payload = JSON.stringify({ ...message, body: `${body}…` });
  }
  return payload;
}

/** The guardian's page of a child (what tapping an alert opens). */
export const childUrl = (schoolId: string, studentId: string) =>
  `/guardian/child/${encodeURIComponent(schoolId)}/${encodeURIComponent(studentId)}`;

/** The instalments with something left that fall due exactly `INSTALMENT_NOTICE_DAYS` after today. */
export const instalmentsDueSoon = (instalments: readonly Instalment[], today: string): Instalment[] =>
  instalments.filter((i) => i.left > 0 && i.due_date === addDays(today, INSTALMENT_NOTICE_DAYS));

const fromBase64Url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const toBase64Url = (data: Uint8Array): string =>
  btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The VAPID public key the page subscribes with (`applicationServerKey`: the uncompressed P-256
 * point, base64url) read from the private key's JWK (its x and y): one secret, never two that
 * could disagree. Null when the JWK is missing or not an EC P-256 key.
 */
export function vapidPublicKey(privateJwk: string | undefined): string | null {
  if (!privateJwk) return null;
  try {
    const jwk = JSON.parse(privateJwk) as { kty?: string; crv?: string; x?: string; y?: string };
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) return null;
    const x = fromBase64Url(jwk.x);
    const y = fromBase64Url(jwk.y);
    if (x.length !== 32 || y.length !== 32) return null;
    return toBase64Url(Uint8Array.from([4, ...x, ...y]));
  } catch {
    return null;
  }
}
