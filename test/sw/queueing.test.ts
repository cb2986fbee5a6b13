// Where the service worker decides to queue a write (web/sw/queueing.ts, decision 351): from the
// contract's declarations only, through the generated web/api/endpoints.ts, and the one header.
import { describe, expect, it } from 'vitest';
import { endpoints, notQueued } from '../../web/api/endpoints';
import { NOT_QUEUED_HEADER } from '../../web/sw/protocol';
import { queuedOffline } from '../../web/sw/queueing';

const ORIGIN = 'https://ecole.example';
const write = (method: string, path: string, headers: Record<string, string> = {}) => ({
  method,
  url: `${ORIGIN}/api${path}`,
  headers: new Headers(headers),
});

describe('which writes the service worker queues', () => {
  it('queues an ordinary write and not one the contract declares never queued or a draft', () => {
    expect(queuedOffline(write('PUT', '/classes/abc'))).toBe(true);
    expect(queuedOffline(write('PUT', '/teacher/attendance'))).toBe(true);
    expect(queuedOffline(write('POST', '/login'))).toBe(false);
    expect(queuedOffline(write('PUT', '/user/change-password'))).toBe(false);
    expect(queuedOffline(write('POST', '/auth/refresh'))).toBe(false);
    expect(queuedOffline(write('DELETE', '/auth/sessions/s-1'))).toBe(false);
    expect(queuedOffline(write('PUT', '/student-accounts/u-1/reset'))).toBe(false);
    expect(queuedOffline(write('POST', '/superadmin/schools/s-1/restore/entry'))).toBe(false);
    expect(queuedOffline(write('POST', '/grades/batch'))).toBe(false);
    // A parameter is one segment; another method of the same path is queued.
    expect(queuedOffline(write('PUT', '/student-accounts/u-1/x/reset'))).toBe(true);
    expect(queuedOffline(write('PUT', '/login'))).toBe(true);
  });

  it('never queues a write the page marked with the one header', () => {
    expect(queuedOffline(write('PUT', '/classes/abc', { [NOT_QUEUED_HEADER]: '1' }))).toBe(false);
    expect(queuedOffline(write('PUT', '/classes/abc', { 'X-Draft': '1' }))).toBe(true);
  });

  it('reads the same declarations as the client: each listed write is an endpoint declared so', () => {
    const declared = Object.values(endpoints)
      .flatMap((area) => Object.values(area))
      .filter((e) => e.offline !== undefined)
      .map((e) => `${e.method} ${e.path}`)
      .sort();
    expect(notQueued.map(([method, path]) => `${method} ${path}`).sort()).toEqual(declared);
    expect(endpoints.grades.saveScores.offline).toBe('draft');
    expect(endpoints.auth.login.offline).toBe('never');
    expect(endpoints.classes.update.offline).toBeUndefined();
  });
});
