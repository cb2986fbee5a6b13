// The route walk as a non-owner (issue 41, decision 354): every route whose rule limits an account
// type to its own rows with a check (`allow.own({ what, check })`) is called by an account of that
// type in the same school that does not own the row, with the real ids of an existing row of
// another teacher (or pupil), and answers the rule's refusal; the same check says yes to the owner
// and no to the non-owner when called on its own, so removing or weakening one check fails here.
import { describe, expect, it } from 'vitest';
import { app } from '../../worker/app';
import type { AccessRule, OwnRule, SchoolContext } from '../../worker/env';
import type { Account } from '../../worker/domain/accounts';
import { database } from '../../worker/db/client';
import { forbidden, type ApiError } from '../../worker/lib/errors';
import { seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';
import { registeredRoutes, ruleOf } from './route-walk';

const PDF = btoa('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The parts of a rule limited to an account type's own rows with a check, as `type METHOD path`. */
function checkedParts(rule: AccessRule): { type: string; own: OwnRule }[] {
  const parts = (r: AccessRule): AccessRule[] => (r.anyOf ? r.anyOf.flatMap(parts) : [r]);
  return parts(rule).flatMap((part) =>
    part.own?.check ? (part.types ?? []).map((type) => ({ type, own: part.own! })) : [],
  );
}

/** The owned rows: 'prof' teaches maths and French in 7e AF, maths in 8e AF; 'prof2' (Marie Étienne) sciences in 7e AF only. */
async function ownedRows() {
  const base = await schoolWithCourses({
    users: [
      { username: 'admin', type: 'admin' },
      { username: 'prof', type: 'teacher' },
      { username: 'prof2', type: 'teacher' },
      { username: 'eleve7', type: 'student' },
      { username: 'eleve8', type: 'student' },
    ],
  });
  const { school, yearId, classIds, subject, teacher } = base;
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
    { nom: 'Dorval', prenom: 'Marc', className: '8e AF' },
  ]);
  const periodId = crypto.randomUUID();
  const user = (name: string) => school.userIdByName.get(name)!;
  await school.db.batch([
    sql(
      school,
      'UPDATE teachers SET user_id = ? WHERE instance_id = ? AND id = ?',
      user('prof2'),
      school.id,
      teacher.other,
    ),
    sql(
      school,
      'UPDATE users SET student_id = ? WHERE instance_id = ? AND id = ?',
      studentIds[0],
      school.id,
      user('eleve7'),
    ),
    sql(
      school,
      'UPDATE users SET student_id = ? WHERE instance_id = ? AND id = ?',
      studentIds[1],
      school.id,
      user('eleve8'),
    ),
    sql(
      school,
      'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 1)',
      periodId,
      school.id,
      yearId,
      'Trimestre 1',
    ),
  ]);
  const token = { prof: await tokenFor(school, 'prof') };
  const rose = enrollmentIdByStudent.get(studentIds[0]!)!;
  const marc = enrollmentIdByStudent.get(studentIds[1]!)!;
  // The owner's rows, made through the app: a grade (and its evaluation) in maths 7e AF, a file of that course.
  const graded = await call(school, token.prof, 'POST', '/api/grades', {
    enrollment_id: rose,
    subject_id: subject.maths,
    period_id: periodId,
    evaluation_name: 'Interro 1',
    max_score: 20,
    score: 15,
  });
  expect(graded.status).toBe(200);
  const { grade, evaluation } = await bodyOf<{ grade: { id: string }; evaluation: { id: string } }>(graded);
  const uploaded = await call(school, token.prof, 'POST', '/api/resources', {
    assignment_id: `a-maths7-${school.id}`,
    resource_type: 'file',
    title: 'Exercices',
    file_name: 'exercices.pdf',
    mime_type: 'application/pdf',
    file_content: PDF,
  });
  expect(uploaded.status).toBe(201);
  const { resource } = await bodyOf<{ resource: { id: string } }>(uploaded);
  return {
    school,
    accounts: { owner: { teacher: 'prof', student: 'eleve7' }, other: { teacher: 'prof2', student: 'eleve8' } },
    userIdOf: user,
    ids: {
      yearId,
      periodId,
      maths: subject.maths,
      lesson: `t2-${school.id}`,
      course: `a-maths7-${school.id}`,
      rose,
      marc,
      grade: grade.id,
      evaluation: evaluation.id,
      resource: resource.id,
    },
  };
}

type Ids = Awaited<ReturnType<typeof ownedRows>>['ids'];
interface Input {
  param?: Record<string, string>;
  query?: Record<string, string>;
  json?: Record<string, unknown>;
}

/** For each route with a checked `own` part: the request naming the owner's row ('prof''s, 'eleve7''s class's). */
const REQUESTS: Record<string, (ids: Ids) => Input> = {
  'teacher GET /api/teacher/attendance': (ids) => ({ query: { entryId: ids.lesson, date: '2025-10-06' } }),
  'teacher PUT /api/teacher/attendance': (ids) => ({
    json: {
      timetable_entry_id: ids.lesson,
      date: '2025-10-06',
      marks: [{ enrollment_id: ids.rose, status: 'present' }],
    },
  }),
  'teacher GET /api/teacher/subject-details': (ids) => ({
    query: { yearId: ids.yearId, className: '7e AF', periodId: ids.periodId, subjectId: ids.maths },
  }),
  'teacher PUT /api/evaluations/:id': (ids) => ({
    param: { id: ids.evaluation },
    json: { name: 'Interro', max_score: 20 },
  }),
  'teacher DELETE /api/evaluations/:id': (ids) => ({ param: { id: ids.evaluation } }),
  'teacher POST /api/grades': (ids) => ({
    json: {
      enrollment_id: ids.rose,
      subject_id: ids.maths,
      period_id: ids.periodId,
      evaluation_name: 'Interro 2',
      max_score: 20,
      new_evaluation: false,
      score: 12,
    },
  }),
  'teacher PUT /api/grades/:id': (ids) => ({ param: { id: ids.grade }, json: { score: 10 } }),
  'teacher DELETE /api/grades/:id': (ids) => ({ param: { id: ids.grade } }),
  'teacher POST /api/appreciations': (ids) => ({
    json: { enrollment_id: ids.rose, subject_id: ids.maths, period_id: ids.periodId, text: 'Bon travail.' },
  }),
  // 8e AF: 'prof' teaches maths there, 'prof2' nothing (the 7e AF, where both teach, would be 'prof2''s too).
  'teacher POST /api/general-appreciations': (ids) => ({
    json: { enrollment_id: ids.marc, period_id: ids.periodId, text: 'Bon trimestre.' },
  }),
  'teacher GET /api/resources/:id': (ids) => ({ param: { id: ids.resource } }),
  'student GET /api/resources/:id': (ids) => ({ param: { id: ids.resource } }),
  'teacher GET /api/resources/:id/file': (ids) => ({ param: { id: ids.resource } }),
  'student GET /api/resources/:id/file': (ids) => ({ param: { id: ids.resource } }),
  'teacher POST /api/resources': (ids) => ({
    json: { assignment_id: ids.course, resource_type: 'link', title: 'Site', url: 'https://example.org/cours' },
  }),
  'teacher PUT /api/resources/:id': (ids) => ({
    param: { id: ids.resource },
    json: { assignment_id: ids.course, resource_type: 'file', title: 'Exercices corrigés' },
  }),
  'teacher DELETE /api/resources/:id': (ids) => ({ param: { id: ids.resource } }),
};

/** The routes whose `own` part is still checked by the handler (no check on the rule yet). */
const IN_HANDLER = ['teacher POST /api/grades/batch'];

const CHECKED = registeredRoutes(app).flatMap((route) => {
  const rule = ruleOf(route);
  return rule
    ? checkedParts(rule).map((part) => ({ route, ...part, name: `${part.type} ${route.method} ${route.path}` }))
    : [];
});

/** A request's address: its path with the params, its query. */
const addressOf = (path: string, input: Input) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => input.param![name]!) +
  (input.query ? `?${new URLSearchParams(input.query)}` : '');

describe('own rules: the route walk as a non-owner', () => {
  it('walks every route with a checked own rule, and knows those still checked by the handler', () => {
    expect(CHECKED.map((c) => c.name).sort()).toEqual(Object.keys(REQUESTS).sort());
    const inHandler = registeredRoutes(app).flatMap((route) => {
      const parts = (r: AccessRule): AccessRule[] => (r.anyOf ? r.anyOf.flatMap(parts) : [r]);
      const rule = ruleOf(route);
      return (rule ? parts(rule) : [])
        .filter((part) => part.own?.inHandler)
        .flatMap((part) => (part.types ?? []).map((type) => `${type} ${route.method} ${route.path}`));
    });
    expect(inHandler).toEqual(IN_HANDLER);
  });

  it('refuses another teacher or pupil of the same school the owner’s rows, before the handler', async () => {
    const { school, accounts, ids, userIdOf } = await ownedRows();
    const db = database(school.db);
    const tokens = new Map<string, string>();
    const tokenOf = async (name: string) =>
      tokens.get(name) ?? tokens.set(name, await tokenFor(school, name)).get(name)!;
    for (const { route, type, own, name } of CHECKED) {
      const input = REQUESTS[name]!(ids);
      const kind = type as 'teacher' | 'student';
      // The check itself: yes to the owner, no to the other (the ids are an existing row of the owner's).
      const contextOf = (username: string) =>
        ({
          var: { db, school: school.id, account: { id: userIdOf(username), type: kind } as Account },
          req: { valid: (target: keyof Input) => input[target] },
        }) as unknown as SchoolContext;
      expect(await own.check!(contextOf(accounts.owner[kind])), `${name}: the owner`).toBe(true);
      expect(await own.check!(contextOf(accounts.other[kind])), `${name}: another`).toBe(false);
      // The route: the other's request answers the rule's refusal.
      const refusal = (own.refusal?.() ?? forbidden()) as ApiError;
      const res = await call(
        school,
        await tokenOf(accounts.other[kind]),
        route.method,
        addressOf(route.path, input),
        input.json,
      );
      expect(res.status, name).toBe(refusal.status);
      expect(await res.json(), name).toEqual({ message: refusal.message, code: refusal.code });
    }
    // Nothing of the owner's was changed by the refused calls.
    const kept = await call(
      school,
      await tokenOf('prof'),
      'GET',
      addressOf('/api/resources/:id', { param: { id: ids.resource } }),
    );
    expect(kept.status).toBe(200);
    expect(await bodyOf(kept)).toMatchObject({ title: 'Exercices' });
  }, 60_000);
});
