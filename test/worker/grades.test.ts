// Grade book, appreciations and report data (issue 14): validation messages, the evaluation set's
// rules, replays landing once, permissions and tenancy, and the D1 statements of bulk-report-data and round trips of a grade.
import { describe, expect, it, vi } from 'vitest';
import type { GradeBook, ReportData, SavedGrade } from '../../worker/contract/grades';
import { schoolWithCourses } from './fixtures-teaching';
import { seedStudents } from './fixtures-academic';
import { bodyOf, call, createSchool, d1RoundTrips, sql, type TestSchool, tokenFor } from './helpers';

async function gradebookSchool() {
  const base = await schoolWithCourses();
  const { school, yearId, subject, classIds } = base;
  const t1 = crypto.randomUUID();
  const t2 = crypto.randomUUID();
  await school.db.batch([
    sql(
      school,
      'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 1), (?, ?, ?, ?, 2)',
      t1,
      school.id,
      yearId,
      'Trimestre 1',
      t2,
      school.id,
      yearId,
      'Trimestre 2',
    ),
    // Français weighs 200 points (its coefficient) in 7e AF.
    sql(
      school,
      'UPDATE curriculum SET max_grade = 20000 WHERE instance_id = ? AND subject_id = ?',
      school.id,
      subject.francais,
    ),
  ]);
  const { enrollmentIdByStudent, studentIds } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Augustin', prenom: 'Rose', className: '7e AF' },
    { nom: 'Baptiste', prenom: 'Luc', className: '7e AF' },
    { nom: 'Céleste', prenom: 'Anne', className: '7e AF' },
    { nom: 'Dorval', prenom: 'Marc', className: '8e AF' },
  ]);
  const e = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
  return { ...base, t1, t2, e, admin: await tokenFor(school, 'admin'), prof: await tokenFor(school, 'prof') };
}

type Ctx = Awaited<ReturnType<typeof gradebookSchool>>;

/** Evaluation ids are the client's: unique across schools (each test has its own school). */
const ev = (ctx: Ctx, name: string) => `${ctx.school.id}-${name}`;

const cell = (ctx: Ctx, over: Partial<Record<string, unknown>> = {}) => ({
  evaluation_id: ev(ctx, 'eval-1'),
  enrollment_id: ctx.e[0],
  subject_id: ctx.subject.maths,
  period_id: ctx.t1,
  evaluation_name: 'Devoir 1',
  max_score: 20,
  new_evaluation: true,
  score: 15,
  ...over,
});

const save = (school: TestSchool, token: string, body: unknown, key?: string) =>
  call(school, token, 'POST', '/api/grades', body, key ? { 'Idempotency-Key': key } : {});

const book = async (ctx: Ctx, token = ctx.admin, subjectId = ctx.subject.maths, className = '7e AF') => {
  const res = await call(
    ctx.school,
    token,
    'GET',
    `/api/teacher/subject-details?yearId=${ctx.yearId}&className=${encodeURIComponent(className)}&subjectId=${subjectId}&periodId=${ctx.t1}`,
  );
  return { res, body: res.status === 200 ? await bodyOf<GradeBook>(res) : null };
};

describe('grade book', () => {
  it('creates an evaluation with its first grade, and a replayed grade lands once', async () => {
    const ctx = await gradebookSchool();
    const key = crypto.randomUUID();
    const first = await save(ctx.school, ctx.prof, cell(ctx), key);
    expect(first.status).toBe(200);
    const saved = await bodyOf<SavedGrade>(first);
    expect(saved.grade).toMatchObject({ score: 15, max_score: 20, evaluation_name: 'Devoir 1' });
    // The same request again (an offline replay), and the same cell with a new key: one grade.
    expect((await save(ctx.school, ctx.prof, cell(ctx), key)).status).toBe(200);
    expect((await save(ctx.school, ctx.prof, cell(ctx, { score: 16 }))).status).toBe(200);
    const { body } = await book(ctx, ctx.prof);
    expect(body!.evaluations).toEqual([{ id: ev(ctx, 'eval-1'), name: 'Devoir 1', max_score: 20 }]);
    expect(body!.gradesByEnrollment[ctx.e[0]!]).toEqual([
      expect.objectContaining({ score: 16, evaluation_id: ev(ctx, 'eval-1') }),
    ]);
    expect(body!.maxGrade).toBe(100);
    expect(body!.students.map((s) => s.nom)).toEqual(['Augustin', 'Baptiste', 'Céleste']);
    const rows = await sql(ctx.school, 'SELECT count(*) AS n FROM grades WHERE instance_id = ?', ctx.school.id).first<{
      n: number;
    }>();
    expect(rows!.n).toBe(1);
  });

  it('a grade reads in one D1 round trip (a teacher: one more, the rule checks the course) and writes in one, whatever the book holds', async () => {
    const ctx = await gradebookSchool();
    await save(ctx.school, ctx.prof, cell(ctx));
    await save(
      ctx.school,
      ctx.prof,
      cell(ctx, { evaluation_id: ev(ctx, 'eval-2'), evaluation_name: 'Examen', max_score: 30 }),
    );
    const roundTrips = async (send: () => Promise<Response>, status = 200) => {
      const { status: answered, trips } = await d1RoundTrips(ctx.school, send);
      expect(answered).toBe(status);
      return trips;
    };
    // The session's own reads, measured on a grade refused by validation (it reads nothing else).
    const session = await roundTrips(() => save(ctx.school, ctx.prof, {}), 400);
    const grade = async (over: Partial<Record<string, unknown>>) =>
      (await roundTrips(() => save(ctx.school, ctx.prof, cell(ctx, over)))) - session;
    // A new cell of a known evaluation, the same cell changed, cleared, and a new evaluation's first grade:
    // the rule's check of the teacher's course (one read, decision 354), the cell's reads, the write.
    expect(await grade({ enrollment_id: ctx.e[1], new_evaluation: false, score: 12 })).toBe(3);
    expect(await grade({ enrollment_id: ctx.e[1], new_evaluation: false, score: 13 })).toBe(3);
    expect(await grade({ enrollment_id: ctx.e[1], new_evaluation: false, score: null })).toBe(3);
    expect(await grade({ evaluation_id: ev(ctx, 'eval-3'), evaluation_name: 'Interro', max_score: 10, score: 8 })).toBe(
      3,
    );
  });

  it('two grades of the same new evaluation sent at once create it once', async () => {
    const ctx = await gradebookSchool();
    const answers = await Promise.all(
      ctx.e
        .slice(0, 3)
        .map((enrollment, i) => save(ctx.school, ctx.prof, cell(ctx, { enrollment_id: enrollment, score: 10 + i }))),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const { body } = await book(ctx);
    expect(body!.evaluations).toHaveLength(1);
    expect(Object.values(body!.gradesByEnrollment).flat()).toHaveLength(3);
  });

  it('refuses a score above the max, a duplicate name (any case) and a total above the subject max, in French', async () => {
    const ctx = await gradebookSchool();
    const above = await save(ctx.school, ctx.prof, cell(ctx, { score: 20.5 }));
    expect(above.status).toBe(400);
    expect((await bodyOf(above)).message).toBe('La note ne peut pas dépasser 20.');
    expect((await save(ctx.school, ctx.prof, cell(ctx))).status).toBe(200);
    const twin = await save(
      ctx.school,
      ctx.prof,
      cell(ctx, { evaluation_id: ev(ctx, 'eval-2'), evaluation_name: 'DEVOIR 1' }),
    );
    expect(twin.status).toBe(409);
    expect((await bodyOf(twin)).message).toBe('L\'évaluation "DEVOIR 1" existe déjà.');
    expect(
      (
        await save(
          ctx.school,
          ctx.prof,
          cell(ctx, { evaluation_id: ev(ctx, 'eval-2'), evaluation_name: 'Examen', max_score: 70 }),
        )
      ).status,
    ).toBe(200);
    const over = await save(
      ctx.school,
      ctx.prof,
      cell(ctx, { evaluation_id: ev(ctx, 'eval-3'), evaluation_name: 'Interro', max_score: 10.5 }),
    );
    expect(over.status).toBe(400);
    expect((await bodyOf(over)).message).toBe('Le total des points (100,5) dépasserait la note maximale (100).');
    const step = await save(ctx.school, ctx.prof, cell(ctx, { score: 12.345 }));
    expect(step.status).toBe(400);
    expect((await bodyOf(step)).message).toBe('La note doit être un nombre positif, avec au plus deux décimales.');
    const noName = await save(
      ctx.school,
      ctx.prof,
      cell(ctx, { evaluation_id: ev(ctx, 'eval-4'), evaluation_name: '  ' }),
    );
    expect((await bodyOf(noName)).message).toBe("Le nom de l'évaluation est requis.");
    const noMax = await save(ctx.school, ctx.prof, cell(ctx, { evaluation_id: ev(ctx, 'eval-4'), max_score: null }));
    expect((await bodyOf(noMax)).message).toBe('La note maximale est requise.');
  });

  it('an empty score deletes the grade; a grade of a deleted evaluation is refused, not recreated', async () => {
    const ctx = await gradebookSchool();
    await save(ctx.school, ctx.prof, cell(ctx));
    const cleared = await save(ctx.school, ctx.prof, cell(ctx, { score: null, new_evaluation: false }));
    expect(cleared.status).toBe(200);
    expect((await bodyOf<SavedGrade>(cleared)).grade).toBeNull();
    expect((await book(ctx)).body!.gradesByEnrollment).toEqual({});
    const removed = await call(ctx.school, ctx.prof, 'DELETE', `/api/evaluations/${ev(ctx, 'eval-1')}`);
    expect((await bodyOf(removed)).message).toBe('Évaluation "Devoir 1" supprimée.');
    const late = await save(ctx.school, ctx.prof, cell(ctx, { new_evaluation: false }));
    expect(late.status).toBe(404);
    expect((await bodyOf(late)).message).toBe("Cette évaluation n'existe plus : elle a été supprimée entre-temps.");
  });

  it('edits an evaluation within the rules', async () => {
    const ctx = await gradebookSchool();
    await save(ctx.school, ctx.prof, cell(ctx, { score: 18 }));
    await save(
      ctx.school,
      ctx.prof,
      cell(ctx, { evaluation_id: ev(ctx, 'eval-2'), evaluation_name: 'Examen', max_score: 50, score: 40 }),
    );
    const lower = await call(ctx.school, ctx.prof, 'PUT', `/api/evaluations/${ev(ctx, 'eval-1')}`, {
      name: 'Devoir 1',
      max_score: 15,
    });
    expect(lower.status).toBe(400);
    expect((await bodyOf(lower)).message).toBe("Des notes déjà saisies dépassent 15 : corrigez-les d'abord.");
    const taken = await call(ctx.school, ctx.prof, 'PUT', `/api/evaluations/${ev(ctx, 'eval-1')}`, {
      name: 'examen',
      max_score: 20,
    });
    expect((await bodyOf(taken)).message).toBe('L\'évaluation "examen" existe déjà.');
    const big = await call(ctx.school, ctx.prof, 'PUT', `/api/evaluations/${ev(ctx, 'eval-1')}`, {
      name: 'Devoir 1',
      max_score: 60,
    });
    expect((await bodyOf(big)).message).toBe('Le total des points (110) dépasserait la note maximale (100).');
    const ok = await call(ctx.school, ctx.prof, 'PUT', `/api/evaluations/${ev(ctx, 'eval-1')}`, {
      name: 'Devoir surveillé',
      max_score: 25,
    });
    expect(await bodyOf(ok)).toEqual({
      evaluation: { id: ev(ctx, 'eval-1'), name: 'Devoir surveillé', max_score: 25 },
      message: 'Évaluation mise à jour.',
    });
  });

  it('saves and clears appreciations, subject and general', async () => {
    const ctx = await gradebookSchool();
    const subjectNote = {
      enrollment_id: ctx.e[0],
      subject_id: ctx.subject.maths,
      period_id: ctx.t1,
      text: '  Très bon trimestre.  ',
    };
    expect((await bodyOf(await call(ctx.school, ctx.prof, 'POST', '/api/appreciations', subjectNote))).message).toBe(
      'Appréciation enregistrée.',
    );
    expect((await book(ctx, ctx.prof)).body!.appreciationsByEnrollment).toEqual({ [ctx.e[0]!]: 'Très bon trimestre.' });
    await call(ctx.school, ctx.prof, 'POST', '/api/appreciations', { ...subjectNote, text: 'Excellent.' });
    expect((await book(ctx, ctx.prof)).body!.appreciationsByEnrollment).toEqual({ [ctx.e[0]!]: 'Excellent.' });
    await call(ctx.school, ctx.prof, 'POST', '/api/appreciations', { ...subjectNote, text: '' });
    expect((await book(ctx, ctx.prof)).body!.appreciationsByEnrollment).toEqual({});
    const generalNote = (text: string) =>
      call(ctx.school, ctx.admin, 'POST', '/api/general-appreciations', {
        enrollment_id: ctx.e[1],
        period_id: ctx.t1,
        text,
      });
    const generals = async () =>
      (
        await bodyOf<ReportData>(
          await call(
            ctx.school,
            ctx.admin,
            'GET',
            `/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.t1}`,
          ),
        )
      ).generalAppreciationsByEnrollment;
    expect((await generalNote('Poursuivez vos efforts.')).status).toBe(200);
    expect(await generals()).toEqual({ [ctx.e[1]!]: 'Poursuivez vos efforts.' });
    await generalNote('Bon travail.');
    expect(await generals()).toEqual({ [ctx.e[1]!]: 'Bon travail.' });
    expect((await generalNote('')).status).toBe(200);
    expect(await generals()).toEqual({});
    const tooLong = await call(ctx.school, ctx.admin, 'POST', '/api/general-appreciations', {
      enrollment_id: ctx.e[1],
      period_id: ctx.t1,
      text: 'x'.repeat(601),
    });
    expect((await bodyOf(tooLong)).message).toBe("L'appréciation ne peut pas dépasser 600 caractères.");
  });
});

describe('who may', () => {
  it('a teacher reads and writes only the courses they teach', async () => {
    const ctx = await gradebookSchool();
    // Sciences in 7e AF is Marie Étienne's, not prof's.
    const other = await book(ctx, ctx.prof, ctx.subject.sciences);
    expect(other.res.status).toBe(403);
    expect((await bodyOf(other.res)).message).toBe("Vous n'enseignez pas cette matière dans cette classe.");
    expect((await save(ctx.school, ctx.prof, cell(ctx, { subject_id: ctx.subject.sciences }))).status).toBe(403);
    expect(
      (
        await call(ctx.school, ctx.prof, 'POST', '/api/appreciations', {
          enrollment_id: ctx.e[0],
          subject_id: ctx.subject.sciences,
          period_id: ctx.t1,
          text: 'x',
        })
      ).status,
    ).toBe(403);
    // Anglais of 8e AF is in the programme without a teacher: the admin may, prof may not.
    expect((await book(ctx, ctx.admin, ctx.subject.anglais, '8e AF')).res.status).toBe(200);
    expect((await book(ctx, ctx.prof, ctx.subject.anglais, '8e AF')).res.status).toBe(403);
    // A subject the class does not follow.
    const notTaught = await book(ctx, ctx.admin, ctx.subject.anglais);
    expect((await bodyOf(notTaught.res)).message).toBe("Cette matière n'est pas au programme de cette classe.");
  });

  it('staff need grade:read to read and grade:create to write; students never', async () => {
    const ctx = await gradebookSchool();
    const accountant = await tokenFor(ctx.school, 'comptable');
    expect((await book(ctx, accountant)).res.status).toBe(403);
    const secretary = await tokenFor(ctx.school, 'secretaire');
    expect((await book(ctx, secretary)).res.status).toBe(200);
    expect((await save(ctx.school, secretary, cell(ctx))).status).toBe(200);
    const student = await tokenFor(ctx.school, 'eleve');
    expect((await book(ctx, student)).res.status).toBe(403);
    expect(
      (
        await call(
          ctx.school,
          student,
          'GET',
          `/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.t1}`,
        )
      ).status,
    ).toBe(403);
  });

  it('a grade is refused in this order: the right to write (the rule), the enrolment, the course, the period, the subject', async () => {
    const ctx = await gradebookSchool();
    const accountant = await tokenFor(ctx.school, 'comptable');
    const refusal = async (token: string, over: Partial<Record<string, unknown>>) => {
      const res = await save(ctx.school, token, cell(ctx, over));
      return [res.status, (await bodyOf(res)).message];
    };
    const unknown = crypto.randomUUID();
    expect((await refusal(accountant, { enrollment_id: unknown }))[0]).toBe(403);
    expect((await refusal(accountant, {}))[0]).toBe(403);
    expect(await refusal(ctx.prof, { enrollment_id: unknown })).toEqual([404, 'Élève introuvable.']);
    expect(await refusal(ctx.prof, { subject_id: ctx.subject.sciences, period_id: unknown })).toEqual([
      403,
      "Vous n'enseignez pas cette matière dans cette classe.",
    ]);
    expect(await refusal(ctx.prof, { subject_id: ctx.subject.anglais })).toEqual([
      403,
      "Vous n'enseignez pas cette matière dans cette classe.",
    ]);
    expect(await refusal(ctx.admin, { subject_id: ctx.subject.anglais, period_id: unknown })).toEqual([
      404,
      'Période introuvable.',
    ]);
    expect(await refusal(ctx.admin, { subject_id: ctx.subject.anglais })).toEqual([
      404,
      "Cette matière n'est pas au programme de cette classe.",
    ]);
    // Dorval is in 8e AF: the evaluation of 7e AF is not of his book, and he is named (decision 302).
    await save(ctx.school, ctx.prof, cell(ctx));
    expect(await refusal(ctx.admin, { enrollment_id: ctx.e[3], new_evaluation: false })).toEqual([
      409,
      "Note non enregistrée : Marc Dorval n'est pas dans cette classe.",
    ]);
  });

  it("another school's enrolment, evaluation or period answers 404", async () => {
    const ctx = await gradebookSchool();
    await save(ctx.school, ctx.prof, cell(ctx));
    const other = await createSchool();
    const stranger = await tokenFor(other, 'admin');
    expect((await save(other, stranger, cell(ctx, { evaluation_id: ev(ctx, 'x-1') }))).status).toBe(404);
    expect((await call(other, stranger, 'DELETE', `/api/evaluations/${ev(ctx, 'eval-1')}`)).status).toBe(404);
    expect(
      (await call(other, stranger, 'PUT', `/api/evaluations/${ev(ctx, 'eval-1')}`, { name: 'X', max_score: 10 }))
        .status,
    ).toBe(404);
    expect(
      (
        await call(other, stranger, 'POST', '/api/appreciations', {
          enrollment_id: ctx.e[0],
          subject_id: ctx.subject.maths,
          period_id: ctx.t1,
          text: 'x',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(
          other,
          stranger,
          'GET',
          `/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.t1}`,
        )
      ).status,
    ).toBe(404);
    // An evaluation id another school holds cannot be taken over, nor reveal anything.
    const otherCtx = await gradebookSchool();
    const taken = await save(otherCtx.school, otherCtx.prof, cell(otherCtx, { evaluation_id: ev(ctx, 'eval-1') }));
    expect(taken.status).toBe(409);
    expect((await book(ctx)).body!.evaluations).toHaveLength(1);
    const rows = await sql(other, 'SELECT count(*) AS n FROM evaluations WHERE instance_id = ?', other.id).first<{
      n: number;
    }>();
    expect(rows!.n).toBe(0);
  });
});

describe('bulk-report-data', () => {
  it('answers every grade of the year, the period appreciations and the subjects', async () => {
    const ctx = await gradebookSchool();
    await save(ctx.school, ctx.prof, cell(ctx, { score: 15 }));
    await save(
      ctx.school,
      ctx.prof,
      cell(ctx, {
        evaluation_id: ev(ctx, 'fr-1'),
        subject_id: ctx.subject.francais,
        evaluation_name: 'Dictée',
        max_score: 40,
        score: 30,
      }),
    );
    await save(ctx.school, ctx.prof, cell(ctx, { evaluation_id: ev(ctx, 't2-1'), period_id: ctx.t2, score: 11 }));
    await call(ctx.school, ctx.prof, 'POST', '/api/appreciations', {
      enrollment_id: ctx.e[0],
      subject_id: ctx.subject.maths,
      period_id: ctx.t1,
      text: 'Bien.',
    });
    await call(ctx.school, ctx.admin, 'POST', '/api/general-appreciations', {
      enrollment_id: ctx.e[0],
      period_id: ctx.t1,
      text: 'Bon trimestre.',
    });
    await call(ctx.school, ctx.admin, 'POST', '/api/general-appreciations', {
      enrollment_id: ctx.e[0],
      period_id: ctx.t2,
      text: 'Autre période.',
    });
    const res = await call(
      ctx.school,
      ctx.admin,
      'GET',
      `/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.t1}`,
    );
    expect(res.status).toBe(200);
    const data = await bodyOf<ReportData>(res);
    expect(data.enrollments.map((e) => e.student.nom)).toEqual(['Augustin', 'Baptiste', 'Céleste']);
    expect(data.subjects.map((s) => [s.subject_name, s.max_grade])).toEqual([
      ['Français', 200],
      ['Mathématiques', 100],
      ['Sciences', 100],
    ]);
    expect(
      data.gradesByEnrollment[ctx.e[0]!]!.map((g) => [g.evaluation_name, g.score, g.period_id === ctx.t1]),
    ).toEqual(
      expect.arrayContaining([
        ['Devoir 1', 15, true],
        ['Dictée', 30, true],
        ['Devoir 1', 11, false],
      ]),
    );
    expect(data.appreciationsByEnrollment).toEqual({ [ctx.e[0]!]: { [ctx.subject.maths]: 'Bien.' } });
    expect(data.generalAppreciationsByEnrollment).toEqual({ [ctx.e[0]!]: 'Bon trimestre.' });
  });

  it('reads at most 5 D1 statements whatever the class size', async () => {
    const ctx = await gradebookSchool();
    const many = Array.from({ length: 57 }, (_, i) => ({ nom: `Élève ${i}`, prenom: 'Test', className: '7e AF' }));
    await seedStudents(ctx.school.id, { yearId: ctx.yearId, classIds: ctx.classIds }, many);
    await save(ctx.school, ctx.prof, cell(ctx));
    const statements = async (path: string) => {
      const prepare = vi.spyOn(ctx.school.db, 'prepare');
      const res = await call(ctx.school, ctx.admin, 'GET', path);
      expect(res.status).toBe(200);
      const count = prepare.mock.calls.length;
      prepare.mockRestore();
      return count;
    };
    // The session's own reads, measured on a route that reads one statement.
    const session = (await statements(`/api/academic-periods?yearId=${ctx.yearId}`)) - 1;
    const report =
      (await statements(`/api/bulk-report-data?yearId=${ctx.yearId}&className=7e%20AF&periodId=${ctx.t1}`)) - session;
    expect(report).toBeLessThanOrEqual(5);
  });
});
