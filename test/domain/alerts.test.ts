// The families' alerts' rules (issue 43, decision 361): the quiet hours of 21:00 to 06:00 in
// Port-au-Prince (an alert of the night held until 06:00, in winter and in summer time), a payload
// under 1 KB, the instalments due in 3 days, the VAPID public key read from the private JWK, a
// roll call's news for a week, the queue's two weeks.
import { describe, expect, it } from 'vitest';
import {
  alertPayload,
  alertsKeptSince,
  attendanceIsNews,
  instalmentsDueSoon,
  isQuiet,
  MAX_PAYLOAD_BYTES,
  sendAfter,
  vapidPublicKey,
} from '../../worker/domain/alerts';

// December: Port-au-Prince is UTC-5; July: UTC-4 (summer time).
const winter = (time: string, day = '2026-12-07') => new Date(`${day}T${time}:00-05:00`);
const summer = (time: string, day = '2026-07-07') => new Date(`${day}T${time}:00-04:00`);

describe('quiet hours', () => {
  it('nothing between 21:00 and 06:00 in Port-au-Prince', () => {
    expect(isQuiet(winter('20:59'))).toBe(false);
    expect(isQuiet(winter('21:00'))).toBe(true);
    expect(isQuiet(winter('23:30'))).toBe(true);
    expect(isQuiet(winter('00:00'))).toBe(true);
    expect(isQuiet(winter('05:59'))).toBe(true);
    expect(isQuiet(winter('06:00'))).toBe(false);
    expect(isQuiet(summer('21:00'))).toBe(true);
    expect(isQuiet(summer('06:00'))).toBe(false);
  });

  it('an alert of the day goes now; one of the night is held until 06:00', () => {
    expect(sendAfter(winter('14:10'))).toBe(winter('14:10').toISOString());
    expect(sendAfter(winter('20:59'))).toBe(winter('20:59').toISOString());
    expect(sendAfter(winter('21:00'))).toBe('2026-12-08T11:00:00.000Z');
    expect(sendAfter(winter('23:45'))).toBe('2026-12-08T11:00:00.000Z');
    expect(sendAfter(winter('03:15', '2026-12-08'))).toBe('2026-12-08T11:00:00.000Z');
    expect(sendAfter(summer('22:00'))).toBe('2026-07-08T10:00:00.000Z');
    // The night summer time starts (8 March 2026, 02:00 -> 03:00): 06:00 is UTC-4 already.
    expect(sendAfter(winter('22:00', '2026-03-07'))).toBe('2026-03-08T10:00:00.000Z');
    // And the night it ends (1 November 2026): 06:00 is UTC-5 again.
    expect(sendAfter(summer('22:00', '2026-10-31'))).toBe('2026-11-01T11:00:00.000Z');
  });
});

describe('payload', () => {
  it('carries its text under 1 KB, a long body shortened', () => {
    const short = {
      title: 'Absence : Anne Zéphir',
      body: 'Anne Zéphir a été noté(e) absent(e).',
      url: '/guardian/child/a/b',
    };
    expect(JSON.parse(alertPayload(short))).toEqual(short);
    const long = { ...short, body: 'Réunion des parents à l’école, vendredi à 15 h. '.repeat(60) };
    const payload = alertPayload(long);
    expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const read = JSON.parse(payload) as typeof short;
    expect(read.title).toBe(short.title);
    expect(read.url).toBe(short.url);
    expect(read.body.endsWith('…')).toBe(true);
    expect(long.body.startsWith(read.body.slice(0, -1))).toBe(true);
  });
});

describe('instalments due in 3 days', () => {
  const instalments = [
    { name: 'T1', due_date: '2026-10-01', amount: 100, left: 0 },
    { name: 'T2', due_date: '2026-12-10', amount: 100, left: 40 },
    { name: 'T3', due_date: '2027-03-01', amount: 100, left: 100 },
  ];
  it('those with something left falling due exactly 3 days after today', () => {
    expect(instalmentsDueSoon(instalments, '2026-12-07').map((i) => i.name)).toEqual(['T2']);
    expect(instalmentsDueSoon(instalments, '2026-12-06')).toEqual([]);
    expect(instalmentsDueSoon(instalments, '2026-12-08')).toEqual([]);
    expect(instalmentsDueSoon([{ ...instalments[1]!, left: 0 }], '2026-12-07')).toEqual([]);
  });
});

describe('VAPID public key', () => {
  it('is the uncompressed point of the private JWK, or null', () => {
    const jwk = {
      kty: 'EC',
      crv: 'P-256',
      x: 'ySzhCKGmPvbDbZXlrqdbAVEICj0zbI7hKI4rFyBniXM',
      y: 'QkW6dun9mBgLP33idXYmoz4FDt-oi5l_PQmRal_FLPs',
      d: 'M0CwIAo8-wTTt6FR1z9tPQ0xb9uwGwj0Gpj4D0F_Mrs',
    };
    expect(vapidPublicKey(JSON.stringify(jwk))).toBe(
      'BMks4Qihpj72w22V5a6nWwFRCAo9M2yO4SiOKxcgZ4lzQkW6dun9mBgLP33idXYmoz4FDt-oi5l_PQmRal_FLPs',
    );
    expect(vapidPublicKey(undefined)).toBeNull();
    expect(vapidPublicKey('')).toBeNull();
    expect(vapidPublicKey('{"kty":"RSA"}')).toBeNull();
    expect(vapidPublicKey('not json')).toBeNull();
  });
});

describe('how long news stays news', () => {
  it('a roll call tells of its day for 7 days, school days of Port-au-Prince; the queue keeps 14 days', () => {
    expect(attendanceIsNews('2026-12-07', '2026-12-07')).toBe(true);
    expect(attendanceIsNews('2026-11-30', '2026-12-07')).toBe(true);
    expect(attendanceIsNews('2026-11-29', '2026-12-07')).toBe(false);
    // Across a month and a year.
    expect(attendanceIsNews('2025-12-26', '2026-01-02')).toBe(true);
    expect(attendanceIsNews('2025-12-25', '2026-01-02')).toBe(false);
    expect(alertsKeptSince(new Date('2026-12-15T12:00:00.000Z'))).toBe('2026-12-01T12:00:00.000Z');
  });
});
