// Document 2's grade calls (issue 23), accepted as written beside the grade book's own: POST
// /grades naming its evaluation by name, PUT /grades/{id} with {score} or {evaluation_name,
// max_score}, DELETE /grades/{id}; the same rules and messages as the grade book's calls. A grade's
// id names its cell: '<evaluation id>.<enrolment id>'.
import { describe, expect, it } from 'vitest';
import type { GradeBook, SavedGrade } from '../../worker/contract/grades';
import { schoolWithCourses } from './fixtures-teaching';
import { seedStudents } from './fixtures-academic';
import { bodyOf, call, createSchool, sql, tokenFor } from './helpers';

async function setUp() {
  const base = await schoolWithCourses();
  const { school, yearId, classIds } = base;
  const t1 = crypto.randomUUID();
  await sql(
    school,
    "INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, 'Trimestre 1', 1)",
    t1,
    school.id,
    yearId,
  ).run();
  const { enrollmentIdByStudent, studentIds } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
    { nom: 'Baptiste', prenom: 'Luc', className: '7e AF' },
  ]);
  const e = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
  return { ...base, t1, e, prof: await tokenFor(school, 'prof'), admin: await tokenFor(school, 'admin') };
}
type Ctx = Awaited<ReturnType<typeof setUp>>;

/** Document 2's body: no evaluation id, the evaluation named. */
const specGrade = (ctx: Ctx, over: Record<string, unknown> = {}) => ({
  enrollment_id: ctx.e[0],
  subject_id: ctx.subject.maths,
  period_id: ctx.t1,
  evaluation_name: 'Devoir 1',
  score: 15,
  max_score: 20,
  ...over,
});

const book = async (ctx: Ctx) =>
  bodyOf<GradeBook>(
    await call(
      ctx.school,
      ctx.admin,
      'GET',
      `/api/teacher/subject-details?yearId=${ctx.yearId}&className=7e%20AF&subjectId=${ctx.subject.maths}&periodId=${ctx.t1}`,
    ),
  );

describe("document 2's grade calls", () => {
  it('POST /grades names its evaluation: the first grade creates it, the next ones (any case) join it', async () => {
    const ctx = await setUp();
    const first = await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx));
    expect(first.status, await first.clone().text()).toBe(200);
    const saved = await bodyOf<SavedGrade>(first);
    expect(saved).toMatchObject({ grade: { score: 15, max_score: 20, evaluation_name: 'Devoir 1' } });
    expect(saved.grade!.id).toBe(`${saved.evaluation.id}.${ctx.e[0]}`);
    const second = await call(
      ctx.school,
      ctx.prof,
      'POST',
      '/api/grades',
      specGrade(ctx, { enrollment_id: ctx.e[1], evaluation_name: 'DEVOIR 1', score: 12.5 }),
    );
    expect(second.status).toBe(200);
    expect((await bodyOf<SavedGrade>(second)).evaluation).toEqual(saved.evaluation);
    const b = await book(ctx);
    expect(b.evaluations).toEqual([{ id: saved.evaluation.id, name: 'Devoir 1', max_score: 20 }]);
    // By pupil (the map's key order is the enrolment ids', random here).
    expect(b.gradesByEnrollment[ctx.e[0]!]?.map((g) => g.score)).toEqual([15]);
    expect(b.gradesByEnrollment[ctx.e[1]!]?.map((g) => g.score)).toEqual([12.5]);

    // The same name with another max is another evaluation: its name is taken.
    const otherMax = await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx, { max_score: 30 }));
    expect(otherMax.status).toBe(409);
    expect((await bodyOf(otherMax)).message).toBe('L\'évaluation "Devoir 1" existe déjà.');
    // The book's rules, with the grade book's messages.
    const above = await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx, { score: 21 }));
    expect((await bodyOf(above)).message).toBe('La note ne peut pas dépasser 20.');
    const total = await call(
      ctx.school,
      ctx.prof,
      'POST',
      '/api/grades',
      specGrade(ctx, { evaluation_name: 'Examen', max_score: 81 }),
    );
    expect((await bodyOf(total)).message).toBe('Le total des points (101) dépasserait la note maximale (100).');
    const notMine = await call(
      ctx.school,
      ctx.prof,
      'POST',
      '/api/grades',
      specGrade(ctx, { subject_id: ctx.subject.sciences }),
    );
    expect(notMine.status).toBe(403);
  });

  it('a mistyped evaluation id gets the type message, not "deleted meanwhile"', async () => {
    const ctx = await setUp();
    const res = await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx, { evaluation_id: 5 }));
    expect(res.status).toBe(400);
    expect((await bodyOf(res)).message).toBe('« Évaluation » : un texte est attendu.');
    const enrolment = await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx, { enrollment_id: 7 }));
    expect((await bodyOf(enrolment)).message).toBe('« Élève » : un texte est attendu.');
    // An id that names nothing keeps its own message.
    const gone = await call(
      ctx.school,
      ctx.prof,
      'POST',
      '/api/grades',
      specGrade(ctx, { evaluation_id: 'plus-la', new_evaluation: false }),
    );
    expect(gone.status).toBe(404);
    expect((await bodyOf(gone)).message).toBe("Cette évaluation n'existe plus : elle a été supprimée entre-temps.");
  });

  it('PUT /grades/{id} changes the score, or the evaluation; DELETE /grades/{id} removes the grade', async () => {
    const ctx = await setUp();
    const saved = await bodyOf<SavedGrade>(await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx)));
    await call(ctx.school, ctx.prof, 'POST', '/api/grades', specGrade(ctx, { enrollment_id: ctx.e[1], score: 9 }));
    const id = saved.grade!.id;

    const changed = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, { score: 17.25 });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await bodyOf(changed)).toMatchObject({ grade: { id, score: 17.25 }, message: 'Note enregistrée.' });
    const above = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, { score: 25 });
    expect((await bodyOf(above)).message).toBe('La note ne peut pas dépasser 20.');

    const renamed = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, {
      evaluation_name: 'Devoir surveillé',
      max_score: 25,
    });
    expect(await bodyOf(renamed)).toEqual({
      evaluation: { id: saved.evaluation.id, name: 'Devoir surveillé', max_score: 25 },
      message: 'Évaluation mise à jour.',
    });
    const lower = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, {
      evaluation_name: 'Devoir surveillé',
      max_score: 10,
    });
    expect((await bodyOf(lower)).message).toBe("Des notes déjà saisies dépassent 10 : corrigez-les d'abord.");
    const both = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, { score: 3, max_score: 30 });
    expect(both.status).toBe(400);
    expect((await bodyOf(both)).message).toBe("Envoyez soit la note, soit le nom et la note maximale de l'évaluation.");
    const noMax = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${id}`, { evaluation_name: 'X' });
    expect((await bodyOf(noMax)).message).toBe('La note maximale est requise.');

    const removed = await call(ctx.school, ctx.prof, 'DELETE', `/api/grades/${id}`);
    expect(await bodyOf(removed)).toMatchObject({ grade: null, message: 'Note supprimée.' });
    const b = await book(ctx);
    expect(b.evaluations.map((e) => e.name)).toEqual(['Devoir surveillé']);
    expect(b.gradesByEnrollment).toEqual({ [ctx.e[1]!]: [expect.objectContaining({ score: 9 })] });
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PUT', { score: 4 }],
    ] as const) {
      const gone = await call(ctx.school, ctx.prof, method, `/api/grades/${id}`, body);
      expect(gone.status).toBe(404);
      expect((await bodyOf(gone)).message).toBe('Note introuvable.');
    }
    // An id of another shape names no grade (refused by validation, with the same message).
    const shapeless = await call(ctx.school, ctx.prof, 'DELETE', '/api/grades/pas-une-note');
    expect([shapeless.status, (await bodyOf(shapeless)).message]).toEqual([400, 'Note introuvable.']);
  });

  it("another school's grade is not found; another teacher's is forbidden", async () => {
    const ctx = await setUp();
    const saved = await bodyOf<SavedGrade>(await call(ctx.school, ctx.admin, 'POST', '/api/grades', specGrade(ctx)));
    const sciences = await bodyOf<SavedGrade>(
      await call(ctx.school, ctx.admin, 'POST', '/api/grades', specGrade(ctx, { subject_id: ctx.subject.sciences })),
    );
    const other = await createSchool();
    const stranger = await tokenFor(other, 'admin');
    expect((await call(other, stranger, 'PUT', `/api/grades/${saved.grade!.id}`, { score: 1 })).status).toBe(404);
    expect((await call(other, stranger, 'DELETE', `/api/grades/${saved.grade!.id}`)).status).toBe(404);
    // Sciences in 7e AF is another teacher's.
    const forbidden = await call(ctx.school, ctx.prof, 'PUT', `/api/grades/${sciences.grade!.id}`, { score: 1 });
    expect(forbidden.status).toBe(403);
    expect((await call(ctx.school, ctx.prof, 'DELETE', `/api/grades/${sciences.grade!.id}`)).status).toBe(403);
    expect((await book(ctx)).gradesByEnrollment[ctx.e[0]!]).toEqual([expect.objectContaining({ score: 15 })]);
  });
});
