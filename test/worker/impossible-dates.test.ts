// Every date the API reads, in a query or a body, fed dates that cannot exist (month 13, day 45,
// 30 February, year 0, five-digit years, words): each answers 400 with the field's own French
// message, never a 500 (issue 38: `from=2026-13-45` answered 500 'RangeError: Invalid time value').
// The list of date fields is walked from the contract, so a date added to an endpoint without a
// case here fails the first test.
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { Endpoint } from '../../worker/contract/endpoint';
import { adminServerText } from '../../worker/contract/texts/admin';
import { attendanceReportText, attendanceServerText } from '../../worker/contract/texts/attendance';
import { auditServerText } from '../../worker/contract/texts/audit';
import { exportServerText } from '../../worker/contract/texts/exports';
import { financeServerText } from '../../worker/contract/texts/finance';
import { platformServerText } from '../../worker/contract/texts/platform';
import { studentServerText } from '../../worker/contract/texts/students';
import { taggedOf } from '../../worker/lib/routes';
import { ENDPOINT } from '../../worker/lib/validate';
import { bodyOf, call, createPlatformUser, createSchool, tokenFor } from './helpers';
import { createYear, seedStudents } from './fixtures-academic';
import { registeredRoutes } from './route-walk';

/** Dates that match no day of the calendar, or no 'YYYY-MM-DD' at all. */
const IMPOSSIBLE = [
  '2026-13-45',
  '5674-54-10',
  '2026-02-30',
  '2026-02-29',
  '2026-04-31',
  '2026-00-10',
  '2026-01-00',
  '0000-00-00',
  '9999-99-99',
  '2026-1-5',
  '+02026-01-05',
  '20260105',
  '2026-01-05T10:00',
  'demain',
];

/** The months the dashboard reads ('YYYY-MM'). */
const IMPOSSIBLE_MONTHS = ['2026-13', '2026-00', '0000-01', '5674-54', '2026-1', 'juin'];

type Token = 'admin' | 'prof' | 'superadmin';

interface DateField {
  method: string;
  /** The route's pattern, as registered. */
  route: string;
  where: 'query' | 'body';
  /** The field, dotted through lists ('payments.0.date'). */
  field: string;
  token: Token;
  /** A request every field of which is valid: the field is then replaced by an impossible date. */
  valid: Record<string, unknown>;
  message: string;
}

/** Field names that hold a date or a month. */
const DATE_NAME = /(^|_)(date|month)$|Date$|^(from|to)$|_of_birth$/;

type Def = {
  type: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  out?: unknown;
  innerType?: unknown;
  element?: unknown;
  options?: unknown[];
};
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The dotted paths of the date fields of a schema (lists as '0'). */
function datePaths(schema: unknown, prefix = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => {
        const path = `${prefix}${key}`;
        return DATE_NAME.test(key) ? [path] : datePaths(child, `${path}.`);
      });
    case 'pipe':
      return [...new Set([...datePaths(def.in, prefix), ...datePaths(def.out, prefix)])];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return datePaths(def.innerType, prefix);
    case 'array':
      return datePaths(def.element, `${prefix}0.`);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((o) => datePaths(o, prefix)))];
    default:
      return [];
  }
}

const ROUTES = registeredRoutes(app).flatMap((route) => {
  const endpoint = taggedOf<Endpoint>(route, ENDPOINT);
  if (!endpoint) return [];
  return (['query', 'body'] as const).flatMap((where) =>
    endpoint[where] ? datePaths(endpoint[where]).map((field) => `${route.method} ${route.path} ${where} ${field}`) : [],
  );
});

function withField(valid: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(valid);
  const keys = field.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys[keys.length - 1]!] = value;
  return copy;
}

async function setUp() {
  const school = await createSchool();
  const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
    { nom: 'Paul', prenom: 'Ralph', className: '7e AF' },
  ]);
  const superadmin = await createPlatformUser();
  const tokens: Record<Token, string> = {
    admin: await tokenFor(school, 'admin'),
    prof: await tokenFor(school, 'prof'),
    superadmin: await tokenFor(school, superadmin.username),
  };
  return {
    school,
    tokens,
    yearId: year.yearId,
    studentId: studentIds[0]!,
    enrollmentId: enrollmentIdByStudent.get(studentIds[0]!)!,
  };
}

/** Every date field of the contract, with a valid request around it and its message. */
function cases({
  yearId,
  studentId,
  enrollmentId,
}: Record<'yearId' | 'studentId' | 'enrollmentId', string>): DateField[] {
  const range = { yearId, className: '7e AF', startDate: '2026-01-05', endDate: '2026-01-10' };
  const student = {
    nom: 'Pierre',
    prenom: 'Anne',
    sexe: 'F',
    date_of_birth: '2014-03-15',
    address: 'Delmas 33',
  };
  const payment = { label: 'Versement', amount: 100, date: '2026-01-05' };
  const both = (
    method: string,
    route: string,
    where: 'query' | 'body',
    token: Token,
    valid: Record<string, unknown>,
    fields: [string, string][],
  ) => fields.map(([field, message]) => ({ method, route, where, token, valid, field, message }));
  return [
    ...both('GET', '/api/payments', 'query', 'admin', { from: '2026-01-01', to: '2026-12-31' }, [
      ['from', exportServerText.dateInvalid],
      ['to', exportServerText.dateInvalid],
    ]),
    ...both('GET', '/api/daily-attendance-report', 'query', 'admin', range, [
      ['startDate', attendanceReportText.startInvalid],
      ['endDate', attendanceReportText.endInvalid],
    ]),
    ...both('GET', '/api/attendance-report', 'query', 'admin', range, [
      ['startDate', attendanceReportText.startInvalid],
      ['endDate', attendanceReportText.endInvalid],
    ]),
    ...both(
      'POST',
      '/api/daily-attendance-override',
      'body',
      'admin',
      { yearId, student_id: studentId, date: '2026-01-05', status: 'present' },
      [['date', attendanceServerText.dateInvalid]],
    ),
    ...both('GET', '/api/teacher/attendance', 'query', 'prof', { entryId: 'lecon', date: '2026-01-05' }, [
      ['date', attendanceServerText.dateInvalid],
    ]),
    ...both(
      'PUT',
      '/api/teacher/attendance',
      'body',
      'prof',
      { timetable_entry_id: 'lecon', date: '2026-01-05', marks: [{ enrollment_id: enrollmentId, status: 'present' }] },
      [['date', attendanceServerText.dateInvalid]],
    ),
    ...both('GET', '/api/admin/audit-logs', 'query', 'admin', { startDate: '2026-01-01', endDate: '2026-01-31' }, [
      ['startDate', auditServerText.dateInvalid],
      ['endDate', auditServerText.dateInvalid],
    ]),
    ...both(
      'GET',
      '/api/superadmin/audit-logs',
      'query',
      'superadmin',
      { startDate: '2026-01-01', endDate: '2026-01-31' },
      [
        ['startDate', auditServerText.dateInvalid],
        ['endDate', auditServerText.dateInvalid],
      ],
    ),
    ...both(
      'DELETE',
      '/api/superadmin/audit-logs/delete-by-date',
      'body',
      'superadmin',
      { startDate: '2020-01-01', endDate: '2020-01-31' },
      [
        ['startDate', auditServerText.dateInvalid],
        ['endDate', auditServerText.dateInvalid],
      ],
    ),
    ...both(
      'POST',
      '/api/academic-periods',
      'body',
      'admin',
      { name: 'P9', year_id: yearId, start_date: '2026-01-05' },
      [['start_date', adminServerText.periods.startDateInvalid]],
    ),
    ...both(
      'PUT',
      '/api/academic-periods/:id',
      'body',
      'admin',
      { name: 'P9', year_id: yearId, start_date: '2026-01-05' },
      [['start_date', adminServerText.periods.startDateInvalid]],
    ),
    ...both('POST', '/api/enrollments/:id/payments', 'body', 'admin', payment, [
      ['date', financeServerText.dateInvalid],
    ]),
    ...both('PUT', '/api/enrollments/:id/payments', 'body', 'admin', { payments: [payment], adjustments: [] }, [
      ['payments.0.date', financeServerText.dateInvalid],
    ]),
    ...both('PUT', '/api/superadmin/schools/:id/expiry', 'body', 'superadmin', { date: '2027-07-31' }, [
      ['date', platformServerText.expiryInvalid],
    ]),
    ...both('POST', '/api/students', 'body', 'admin', student, [['date_of_birth', studentServerText.birthDateInvalid]]),
    ...both('PUT', '/api/students/:id', 'body', 'admin', student, [
      ['date_of_birth', studentServerText.birthDateInvalid],
    ]),
  ];
}

/**
 * Fields whose impossible value is not refused by validation but by the route, with a 200: an
 * import line's birth date is the line's verdict ('refused', with the form's message).
 */
const REFUSED_AS_A_VERDICT = [
  'POST /api/students/import/check body lines.0.date_of_birth',
  'POST /api/students/import body lines.0.date_of_birth',
];
const MONTHS = ['GET /api/dashboard/summary query month'];

describe('impossible dates', () => {
  it('knows every date field of the contract', async () => {
    const covered = cases({ yearId: 'y', studentId: 's', enrollmentId: 'e' }).map(
      (c) => `${c.method} ${c.route} ${c.where} ${c.field}`,
    );
    expect([...covered, ...REFUSED_AS_A_VERDICT, ...MONTHS].sort()).toEqual([...ROUTES].sort());
  });

  it('answers 400 with the field’s French message on every date field, never 500', async () => {
    const fixture = await setUp();
    const { school, tokens, studentId, enrollmentId } = fixture;
    const concrete = (route: string) =>
      route.replace(
        ':id',
        route.startsWith('/api/enrollments')
          ? enrollmentId
          : route.startsWith('/api/students')
            ? studentId
            : crypto.randomUUID(),
      );
    const failures: string[] = [];
    for (const c of cases(fixture)) {
      for (const value of IMPOSSIBLE) {
        const request = withField(c.valid, c.field, value);
        const path =
          c.where === 'query'
            ? `${concrete(c.route)}?${new URLSearchParams(request as Record<string, string>)}`
            : concrete(c.route);
        const res = await call(school, tokens[c.token], c.method, path, c.where === 'body' ? request : undefined);
        const text = await res.text();
        const message = (JSON.parse(text) as { message?: string }).message;
        if (res.status !== 400 || message !== c.message)
          failures.push(`${c.method} ${c.route} ${c.field}=${value}: ${res.status} ${message ?? text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 on an impossible month of the dashboard', async () => {
    const { school, tokens, yearId } = await setUp();
    for (const month of IMPOSSIBLE_MONTHS) {
      const res = await call(school, tokens.admin, 'GET', `/api/dashboard/summary?yearId=${yearId}&month=${month}`);
      expect([month, res.status, (await bodyOf(res)).message]).toEqual([
        month,
        400,
        adminServerText.dashboard.invalidMonth,
      ]);
    }
  });

  it('refuses an import line whose birth date cannot exist, with the form’s message', async () => {
    const { school, tokens, yearId } = await setUp();
    const lines = IMPOSSIBLE.map((date, i) => ({
      line: i + 2,
      id: crypto.randomUUID(),
      nom: `Nom${i}`,
      prenom: 'Anne',
      sexe: 'F',
      date_of_birth: date,
      address: 'Delmas 33',
    }));
    const res = await call(school, tokens.admin, 'POST', '/api/students/import/check', { yearId, lines });
    expect(res.status).toBe(200);
    const { verdicts } = await bodyOf<{ verdicts: { status: string; reason?: string }[] }>(res);
    expect(verdicts.map((v) => [v.status, v.reason])).toEqual(
      IMPOSSIBLE.map(() => ['refused', studentServerText.birthDateInvalid]),
    );
  });
});
