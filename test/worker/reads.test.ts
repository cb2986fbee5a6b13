// Several reads in one request (POST /api/reads, decision 271): each address is answered as its
// own GET with the caller's token would be (same status, body and ETag, in the order given),
// including refusals and another school's ids; the request itself needs an account and refuses
// bad addresses, itself, and more than READS_PER_REQUEST addresses.
import { describe, expect, it } from 'vitest';
import type { ReadPart } from '../../worker/contract/reads';

/** A part with its answer (not a bare 304). */
type Answered = Extract<ReadPart, { path: string }>;
import { READS_PER_REQUEST } from '../../worker/domain/reads';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, tokenFor } from './helpers';

describe('POST /api/reads', () => {
  it('answers each address as its own GET would: status, body and ETag, in order', async () => {
    const { school, yearId } = await schoolWithCourses();
    const other = await schoolWithCourses({ shard: school.shard });
    const token = await tokenFor(school, 'prof');
    const paths = [
      `/api/teacher/timetable?yearId=${yearId}`,
      `/api/teacher/dashboard?yearId=${yearId}`,
      // Another school's year: 404, as alone.
      `/api/teacher/dashboard?yearId=${other.yearId}`,
      // A staff read the teacher may not make: 403, as alone.
      '/api/students-with-enrollment-status',
      '/api/no-such-read',
    ];
    const res = await call(school, token, 'POST', '/api/reads', { paths });
    expect(res.status, await res.clone().text()).toBe(200);
    const { parts } = await bodyOf<{ parts: Answered[] }>(res);
    expect(parts.map((p) => p.path)).toEqual(paths);
    for (const part of parts) {
      const alone = await call(school, token, 'GET', part.path);
      expect(part.status, part.path).toBe(alone.status);
      expect(part.body, part.path).toEqual(await alone.json());
      expect(part.etag, part.path).toBe(alone.headers.get('ETag'));
    }
    expect(parts.map((p) => p.status)).toEqual([200, 200, 404, 403, 404]);
    expect(parts[0]?.etag).toMatch(/"/);
  });

  it('answers a bare 304 for an address whose copy the device holds is current (issue 39)', async () => {
    const { school, yearId } = await schoolWithCourses();
    const token = await tokenFor(school, 'prof');
    const paths = [`/api/teacher/timetable?yearId=${yearId}`, `/api/teacher/dashboard?yearId=${yearId}`];
    const first = (await bodyOf<{ parts: Answered[] }>(await call(school, token, 'POST', '/api/reads', { paths })))
      .parts;
    const etags = [first[0]!.etag, '"perime"'];
    const res = await call(school, token, 'POST', '/api/reads', { paths, etags });
    const { parts } = await bodyOf<{ parts: ReadPart[] }>(res);
    expect(parts[0]).toEqual({ status: 304 });
    expect(parts[1]).toMatchObject({ path: paths[1], status: 200, etag: first[1]!.etag });
    // Etags that do not match the paths, or are not ETags: refused.
    for (const wrong of [[first[0]!.etag], ['pas un etag', null]])
      expect((await call(school, token, 'POST', '/api/reads', { paths, etags: wrong })).status).toBe(400);
  });

  it("uses the caller's account: a student reads as a student, no account is refused", async () => {
    const { school, yearId } = await schoolWithCourses();
    const student = await tokenFor(school, 'eleve');
    const { parts } = await bodyOf<{ parts: ReadPart[] }>(
      await call(school, student, 'POST', '/api/reads', { paths: [`/api/teacher/dashboard?yearId=${yearId}`] }),
    );
    expect(parts[0]?.status).toBe(403);
    const anonymous = await call(school, null, 'POST', '/api/reads', { paths: ['/api/instance/default'] });
    expect(anonymous.status).toBe(401);
  });

  it('refuses addresses outside the API, itself, writes in disguise and too many addresses', async () => {
    const { school } = await schoolWithCourses();
    const token = await tokenFor(school, 'prof');
    const too = Array.from({ length: READS_PER_REQUEST + 1 }, (_, i) => `/api/teacher/announcements?n=${i}`);
    for (const paths of [
      [],
      ['https://example.com/api/instance/default'],
      ['/login'],
      ['/api/reads'],
      ['/api/../api/reads'],
      ['/api/%2e%2e/api/reads'],
      ['/api/teacher/./announcements'],
      ['/api/teacher/announcements#x'],
      too,
    ]) {
      const res = await call(school, token, 'POST', '/api/reads', { paths });
      expect(res.status, JSON.stringify(paths).slice(0, 80)).toBe(400);
      expect((await bodyOf(res)).message).toMatch(/^« Adresses à lire( \(ligne \d+\))? » : /);
    }
    const fits = await call(school, token, 'POST', '/api/reads', { paths: too.slice(1) });
    expect(fits.status).toBe(200);
  });
});
