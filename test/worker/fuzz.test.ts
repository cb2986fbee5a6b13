// Every write route of the API, fed wrong types, missing and extra fields, huge strings,
// invisible characters, broken JSON and non-JSON bodies: each answers a 4xx with a French
// message (never zod's internals, never a field left unnamed), and nothing in the database
// or R2 changes.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { serverText } from '../../web/i18n/server';
import { app } from '../../worker/app';
import type { Endpoint } from '../../worker/contract/endpoint';
import { taggedOf } from '../../worker/lib/routes';
import { ENDPOINT } from '../../worker/lib/validate';
import { currentMaintenance } from '../../worker/durable/platform';
import { createPlatformUser, createSchool, everyD1, type TestSchool, tokenFor } from './helpers';
import { createYear, seedStudents } from './fixtures-academic';
import { concretePath, type RegisteredRoute, registeredRoutes, ruleOf } from './route-walk';

/**
 * A write that reads no body, no parameter and no query (a school's backup sent by POST, signing
 * out, 'Déconnecter tous les appareils'): it has nothing to refuse, and it does what it says.
 */
const readsNothing = (route: RegisteredRoute) => {
  const endpoint = taggedOf<Endpoint>(route, ENDPOINT);
  return Boolean(endpoint && !endpoint.body && !endpoint.params && !endpoint.query);
};

const WRITES = registeredRoutes(app).filter(
  (r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !r.path.includes('*') && !readsNothing(r),
);

/** Every field name the API reads, each set to `value`. */
const FIELDS = [
  'id',
  'name',
  'nom',
  'prenom',
  'sexe',
  'date_of_birth',
  'address',
  'photo_url',
  'tutor_name',
  'tutor_phone',
  'tutor_email',
  'medical_notes',
  'nisu',
  'enrollment',
  'enrollmentId',
  'mppa',
  'revision',
  'ids',
  'status',
  'student_id',
  'student_ids',
  'year_id',
  'yearId',
  'className',
  'class_name',
  'targetClassName',
  'enrollmentIds',
  'username',
  'password',
  'roleIds',
  'permissionIds',
  'currentPassword',
  'newPassword',
  'email',
  'phone',
  'passing_grade',
  'currency',
  'logo_url',
  'order_index',
  'subjectId',
  'max_grade',
  'financials',
  'previous',
  'yearName',
  'periods',
  'classes',
  'subjects',
  'curriculum',
  'active',
  'message',
  'level',
  'enabled',
  'payments',
  'adjustments',
  'version',
  'label',
  'amount',
  'date',
];
const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const INVISIBLE = '\u200b\u200d\u2060\u202e\u0000\ufeff';

const PAYLOADS: Record<string, unknown> = {
  'empty object': {},
  'extra fields only': { pirate: true, instance_id: 'autre', __proto__: { admin: true } },
  'a list': [1, 2, 3],
  'a string': 'texte',
  'a number': 42,
  null: null,
  'numbers everywhere': everyField(12345),
  'lists everywhere': everyField(['a', 1, null]),
  'objects everywhere': everyField({ nested: { deeper: 'x' } }),
  'nulls everywhere': everyField(null),
  'empty strings everywhere': everyField(''),
  'invisible characters everywhere': everyField(INVISIBLE),
  'huge strings everywhere': everyField('é'.repeat(8_000)),
  'huge lists': {
    ...everyField(INVISIBLE),
    ids: Array(5000).fill('x'),
    roleIds: Array(5000).fill('x'),
    financials: Array(5000).fill({}),
  },
};

/** zod's and JavaScript's own words, which a secretary must never read. */
const INTERNALS =
  /\b(expected|received|invalid input|must|regex|undefined)\b|motif|\/\^|\bNaN\b|\[object|Entrée invalide|Trop (petit|grand)|ZodError|TypeError|SQLITE|D1_/i;

function messageOf(text: string): string | null {
  try {
    return (JSON.parse(text) as { message?: string }).message ?? '';
  } catch {
    return null;
  }
}

/** The school's rows and the accounts' platform rows, in every database (the directory and each school database). */
async function snapshot(school: TestSchool, accountIds: string[]) {
  const rows: Record<string, unknown[]> = {};
  for (const [n, d1] of everyD1().entries()) {
    const tables = (
      await d1
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf%' AND name NOT LIKE 'sqlite%' AND name <> 'd1_migrations'",
        )
        .all<{ name: string }>()
    ).results.map((t) => t.name);
    for (const table of tables) {
      const columns = (await d1.prepare(`PRAGMA table_info("${table}")`).all<{ name: string }>()).results.map(
        (c) => c.name,
      );
      let query = `SELECT * FROM "${table}"`;
      let params: string[] = [];
      if (columns.includes('instance_id')) [query, params] = [`${query} WHERE instance_id = ?`, [school.id]];
      else if (table === 'instances') [query, params] = [`${query} WHERE id = ?`, [school.id]];
      else if (table === 'idempotency_keys')
        [query, params] = [`${query} WHERE account_id IN (${accountIds.map(() => '?').join(',')})`, accountIds];
      else if (table === 'platform_users' || table === 'platform_audit_log') {
        const column = table === 'platform_users' ? 'id' : 'actor_id';
        [query, params] = [`${query} WHERE ${column} IN (${accountIds.map(() => '?').join(',')})`, accountIds];
      } else if (
        table !== 'write_guards' &&
        table !== 'permissions' &&
        table !== 'platform_announcements' &&
        table !== 'reserved_usernames'
      )
        continue;
      // Every column in order: some tables have no rowid (decision 220).
      rows[`${n}:${table}`] = (
        await d1
          .prepare(`${query} ORDER BY ${columns.map((_, i) => i + 1).join(', ')}`)
          .bind(...params)
          .all()
      ).results;
    }
  }
  const files = (await env.FILES.list({ prefix: `instances/${school.id}/` })).objects.map((o) => o.key);
  return { rows, files, maintenance: await currentMaintenance(env, 0) };
}

describe('fuzzing every write route', () => {
  it('finds the write routes, finance included', () => {
    const names = WRITES.map((r) => `${r.method} ${r.path}`);
    expect(names.length).toBeGreaterThan(35);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'PUT /api/enrollments/:id/payments',
        'PUT /api/instance/current',
        'POST /api/students',
      ]),
    );
  });

  it('answers bad bodies with a 4xx in French and changes nothing', async () => {
    const school = await createSchool();
    const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
      { nom: 'Paul', prenom: 'Ralph', className: '7e AF' },
    ]);
    const superadmin = await createPlatformUser();
    const tokens = { admin: await tokenFor(school, 'admin'), superadmin: await tokenFor(school, superadmin.username) };
    // Routes that read a body and then a row get a row that exists, so that validation, not a
    // 404, is what answers; the others get ids that exist nowhere (their body is never read).
    const existing: Record<string, string> = {
      '/api/students/:id': `/api/students/${studentIds[0]}`,
      '/api/enrollments/:id/payments': `/api/enrollments/${enrollmentIdByStudent.get(studentIds[0]!)}/payments`,
      '/api/enrollments/:id/toggle-grades-access': `/api/enrollments/${enrollmentIdByStudent.get(studentIds[0]!)}/toggle-grades-access`,
      '/api/classes/:className/toggle-grades-access': `/api/classes/${encodeURIComponent('7e AF')}/toggle-grades-access`,
    };
    const pathOf = (path: string) => existing[path] ?? concretePath(path);
    const accountIds = [school.userIdByName.get('admin')!, superadmin.id];
    const before = await snapshot(school, accountIds);

    const failures: string[] = [];
    let sent = 0;
    for (const route of WRITES) {
      const rule = ruleOf(route)!;
      const token = rule.public
        ? null
        : rule.types?.every((t) => t === 'superadmin' || t === 'superadmin_delegate')
          ? tokens.superadmin
          : tokens.admin;
      const path = pathOf(route.path);
      const bodies: [string, RequestInit][] = Object.entries(PAYLOADS).map(([name, payload]) => [
        name,
        { method: route.method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) },
      ]);
      bodies.push([
        'broken JSON',
        { method: route.method, headers: { 'Content-Type': 'application/json' }, body: '{"name": "7e' },
      ]);
      bodies.push(['text/plain', { method: route.method, headers: { 'Content-Type': 'text/plain' }, body: 'name=7e' }]);
      bodies.push([
        'over the size limit',
        {
          method: route.method,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
        },
      ]);
      for (const [name, init] of bodies) {
        const headers = {
          ...(init.headers as Record<string, string>),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        };
        const res = await school.fetch(path, { ...init, headers });
        sent++;
        const label = `${route.method} ${route.path} with ${name}`;
        const text = await res.text();
        const message = messageOf(text);
        if (message === null) {
          failures.push(`${label}: not JSON (${res.status}) ${text.slice(0, 80)}`);
          continue;
        }
        if (res.status < 400 || res.status > 499) failures.push(`${label}: ${res.status} ${message}`);
        else if (!message || INTERNALS.test(message)) failures.push(`${label}: "${message}"`);
        else if (message === serverText.invalidData) failures.push(`${label}: a field without a French name`);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(WRITES.length * 15);
    expect(await snapshot(school, accountIds)).toEqual(before);
  }, 120_000);
});
