// The promotion (issue 16; decision 172): the simulation's figures on a fixture (annual averages as
// the report cards compute them, the school's passing grade, overrides), the execution (next class,
// same class, graduates archived with their accounts disabled, MPPA from the target year's fees),
// never twice; the undo of the latest run, refused once the new year has a payment; permission
// and tenancy.
import { describe, expect, it } from 'vitest';
import type { PromotionLatest, PromotionPreview } from '../../worker/contract/promotion';
import { database } from '../../worker/db/client';
import { academicPeriods, curriculum, evaluations, subjects, users } from '../../worker/db/schema';
import { writeScores } from './fixtures-seats';
import { beforeNextWrite } from './batch-spy';
import { createYear, seedStudents } from './fixtures-academic';
import { bodyOf, call, createSchool, firstEverywhere, sql, tokenFor } from './helpers';

const CLASSES = ['7e AF', '8e AF', '9e AF'];

async function schoolToPromote({ withTarget = true } = {}) {
  const school = await createSchool({
    users: [
      { username: 'admin', type: 'admin' },
      { username: 'comptable', type: 'standard', templates: ['accountant'] },
    ],
  });
  const source = await createYear(school.id, {
    name: '2025-2026',
    current: true,
    classes: [
      ['7e AF', 20_000],
      ['8e AF', 25_000],
      ['9e AF', 30_000],
    ],
  });
  const target = withTarget
    ? await createYear(
        school.id,
        {
          name: '2026-2027',
          current: false,
          classes: [
            ['7e AF', 21_000],
            ['8e AF', 26_000],
            ['9e AF', 31_000],
          ],
        },
        source.classIds,
      )
    : null;
  // Scores out of 20 in one subject and one period: 16 = 80 %, 6 = 30 %, 10 = 50 % (the passing grade).
  const seeds = [
    { nom: 'Alix', prenom: 'Anne', className: '7e AF', score: 16 },
    { nom: 'Bien-Aimé', prenom: 'Bruno', className: '7e AF', score: 6 },
    { nom: 'Cadet', prenom: 'Carla', className: '7e AF', score: null },
    { nom: 'Dorval', prenom: 'Denis', className: '8e AF', score: 10 },
    { nom: 'Étienne', prenom: 'Eva', className: '9e AF', score: 14 },
    { nom: 'Fils-Aimé', prenom: 'Fred', className: '9e AF', score: 8 },
    { nom: 'Gédéon', prenom: 'Gina', className: '7e AF', score: 18, status: 'archived' as const },
  ];
  const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, source, seeds);
  const db = database(school.db);
  const periodId = crypto.randomUUID();
  const subjectId = crypto.randomUUID();
  const evaluationByClass = new Map(CLASSES.map((c) => [c, crypto.randomUUID()]));
  await db.batch([
    db
      .insert(academicPeriods)
      .values({ id: periodId, instanceId: school.id, yearId: source.yearId, name: 'Trimestre 1' }),
    db.insert(subjects).values({ id: subjectId, instanceId: school.id, name: 'Mathématiques' }),
    ...CLASSES.map((c) =>
      db.insert(curriculum).values({
        id: crypto.randomUUID(),
        instanceId: school.id,
        yearId: source.yearId,
        classId: source.classIds.get(c)!,
        subjectId,
        maxGrade: 10000,
      }),
    ),
    ...CLASSES.map((c) =>
      db.insert(evaluations).values({
        id: evaluationByClass.get(c)!,
        instanceId: school.id,
        classId: source.classIds.get(c)!,
        subjectId,
        periodId,
        name: 'Devoir 1',
        maxScore: 2000,
      }),
    ),
    // Eva (9e, graduating) has a portal account.
    db.insert(users).values({
      id: `u-${studentIds[4]}`,
      instanceId: school.id,
      username: 'eva.etienne',
      passwordHash: 'x',
      accountType: 'student',
      status: 'active',
      studentId: studentIds[4]!,
    }),
  ]);
  await writeScores(
    school.id,
    seeds.flatMap((s, i) =>
      s.score === null
        ? []
        : [
            {
              evaluationId: evaluationByClass.get(s.className)!,
              enrollmentId: enrollmentIdByStudent.get(studentIds[i]!)!,
              score: s.score * 100,
            },
          ],
    ),
  );
  const [alix, bruno, carla, denis, eva, fred, gina] = studentIds as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    school,
    source,
    target,
    ids: { alix, bruno, carla, denis, eva, fred, gina },
    admin: await tokenFor(school, 'admin'),
  };
}

type Ctx = Awaited<ReturnType<typeof schoolToPromote>>;

const simulate = (ctx: Ctx, body: object = {}) =>
  call(ctx.school, ctx.admin, 'POST', '/api/promotions?preview=true', { sourceYearId: ctx.source.yearId, ...body });
/** Executes; by default the director has chosen 'Redouble' for Carla, who has no grade ('Sans notes'). */
const execute = (ctx: Ctx, body: object = { overrides: { [ctx.ids.carla]: 'failed' } }) =>
  call(ctx.school, ctx.admin, 'POST', '/api/promotions', { sourceYearId: ctx.source.yearId, ...body });

const targetEnrolments = async (ctx: Ctx) =>
  (
    await sql(
      ctx.school,
      'SELECT s.nom AS nom, c.name AS class, e.mppa AS mppa FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id WHERE e.instance_id = ? AND e.year_id = ? ORDER BY s.nom',
      ctx.school.id,
      ctx.target!.yearId,
    ).all<{ nom: string; class: string; mppa: number }>()
  ).results;

const studentStatus = async (id: string) =>
  (await firstEverywhere<{ status: string }>('SELECT status FROM students WHERE id = ?', id))!.status;
const accountStatus = async (id: string) =>
  (await firstEverywhere<{ status: string }>('SELECT status FROM users WHERE student_id = ?', id))!.status;

/** A student's enrolment of the source year moved to another class (as a secretary would). */
const moveToClass = (ctx: Ctx, studentId: string, className: string) =>
  sql(
    ctx.school,
    'UPDATE enrollments SET class_id = ? WHERE instance_id = ? AND year_id = ? AND student_id = ?',
    ctx.source.classIds.get(className)!,
    ctx.school.id,
    ctx.source.yearId,
    studentId,
  ).run();

describe('promotion', () => {
  it('simulates per source class from the annual averages and the passing grade, overrides included', async () => {
    const ctx = await schoolToPromote();
    const res = await simulate(ctx);
    expect(res.status).toBe(200);
    const preview = await bodyOf<PromotionPreview>(res);
    expect(preview.message).toBe("Simulation terminée. Vérifiez les résultats avant d'exécuter.");
    expect(preview.target_year.name).toBe('2026-2027');
    expect(
      preview.classes.map((k) => [k.class_name, k.admitted, k.failed, k.ungraded, k.target?.name ?? null]),
    ).toEqual([
      ['7e AF', 1, 1, 1, '8e AF'],
      ['8e AF', 1, 0, 0, '9e AF'],
      ['9e AF', 1, 1, 0, null],
    ]);
    expect(preview.classes[0]!.base).toBe(100);
    // The archived student is not promoted; a student without any grade is 'Sans notes', undecided.
    expect(preview.classes[0]!.students.map((s) => [s.nom, s.average, s.outcome])).toEqual([
      ['Alix', 80, 'admitted'],
      ['Bien-Aimé', 30, 'failed'],
      ['Cadet', null, 'ungraded'],
    ]);
    const overridden = await bodyOf<PromotionPreview>(
      await simulate(ctx, {
        overrides: { [ctx.ids.bruno]: 'admitted', [ctx.ids.eva]: 'failed', [ctx.ids.carla]: 'failed' },
      }),
    );
    expect(overridden.classes.map((k) => [k.admitted, k.failed, k.ungraded])).toEqual([
      [2, 1, 0],
      [1, 0, 0],
      [0, 2, 0],
    ]);
    expect(overridden.classes[0]!.students[1]).toMatchObject({
      nom: 'Bien-Aimé',
      computed: 'failed',
      outcome: 'admitted',
    });
    // Simulating writes nothing.
    expect(await targetEnrolments(ctx)).toEqual([]);
    const unknown = await simulate(ctx, { overrides: { [ctx.ids.gina]: 'admitted' } });
    expect(unknown.status).toBe(400);
  });

  it('executes once: next class, same class, graduates archived with their account disabled, MPPA from the target fees; never twice', async () => {
    const ctx = await schoolToPromote();
    // Carla has no grade and no outcome chosen: left out, and said so.
    const res = await execute(ctx, { overrides: { [ctx.ids.bruno]: 'admitted' } });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).message).toBe(
      'Promotion exécutée : 4 élèves inscrits en 2026-2027, 1 diplômé. 1 élève sans notes reste à inscrire.',
    );
    expect(await targetEnrolments(ctx)).toEqual([
      { nom: 'Alix', class: '8e AF', mppa: 2_600_000 },
      { nom: 'Bien-Aimé', class: '8e AF', mppa: 2_600_000 },
      { nom: 'Dorval', class: '9e AF', mppa: 3_100_000 },
      { nom: 'Fils-Aimé', class: '9e AF', mppa: 3_100_000 },
    ]);
    expect(await studentStatus(ctx.ids.eva)).toBe('archived');
    expect(await accountStatus(ctx.ids.eva)).toBe('disabled');
    expect(await studentStatus(ctx.ids.gina)).toBe('archived');
    const audit = await sql(
      ctx.school,
      "SELECT target_name AS target FROM audit_log WHERE instance_id = ? AND action_type = 'EXECUTE_PROMOTION'",
      ctx.school.id,
    ).all<{ target: string }>();
    expect(audit.results).toEqual([{ target: '2025-2026 → 2026-2027' }]);

    // Again without a choice for Carla: nobody to enrol, and why.
    const undecided = await execute(ctx, {});
    expect(undecided.status).toBe(409);
    expect((await bodyOf(undecided)).message).toBe(
      "Aucun élève à inscrire : l'élève restant est sans notes. Choisissez son résultat dans la simulation, ou inscrivez-le depuis la Gestion des Élèves.",
    );
    // The director chooses for her: she repeats 7e AF.
    expect((await execute(ctx)).status).toBe(200);
    expect(await targetEnrolments(ctx)).toContainEqual({ nom: 'Cadet', class: '7e AF', mppa: 2_100_000 });
    const again = await execute(ctx);
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe(
      'Tous les élèves sont déjà inscrits en 2026-2027 : la promotion a déjà été exécutée.',
    );
    expect(await targetEnrolments(ctx)).toHaveLength(5);
    // The simulation now shows them as already enrolled.
    const preview = await bodyOf<PromotionPreview>(await simulate(ctx));
    expect(preview.classes.map((k) => [k.admitted, k.failed, k.ungraded, k.already_enrolled])).toEqual([
      [0, 0, 0, 3],
      [0, 0, 0, 1],
      [0, 0, 0, 1],
    ]);
  });

  it('undoes the latest run as one step: enrolments removed, the graduate active again with their account', async () => {
    const ctx = await schoolToPromote();
    await execute(ctx);
    const latest = await bodyOf<PromotionLatest>(await call(ctx.school, ctx.admin, 'GET', '/api/promotions/latest'));
    expect(latest.run).toMatchObject({
      source_year: '2025-2026',
      target_year: '2026-2027',
      created_by: 'admin',
      enrolled: 5,
      graduated: 1,
    });
    const undo = await call(ctx.school, ctx.admin, 'DELETE', '/api/promotions/latest');
    expect(undo.status).toBe(200);
    expect((await bodyOf(undo)).message).toBe('La dernière promotion a été annulée.');
    expect(await targetEnrolments(ctx)).toEqual([]);
    expect(await studentStatus(ctx.ids.eva)).toBe('active');
    expect(await accountStatus(ctx.ids.eva)).toBe('active');
    expect(
      (await bodyOf<PromotionLatest>(await call(ctx.school, ctx.admin, 'GET', '/api/promotions/latest'))).run,
    ).toBeNull();
    const twice = await call(ctx.school, ctx.admin, 'DELETE', '/api/promotions/latest');
    expect(twice.status).toBe(404);
    expect((await bodyOf(twice)).message).toBe('Aucune promotion à annuler.');
    // And it can run again.
    expect((await execute(ctx)).status).toBe(200);
    expect(await targetEnrolments(ctx)).toHaveLength(5);
  });

  it('refuses the undo once the new year has a payment (or a grade), and changes nothing', async () => {
    const ctx = await schoolToPromote();
    await execute(ctx);
    const enrolment = await sql(
      ctx.school,
      'SELECT id FROM enrollments WHERE instance_id = ? AND year_id = ? LIMIT 1',
      ctx.school.id,
      ctx.target!.yearId,
    ).first<{ id: string }>();
    await sql(
      ctx.school,
      "INSERT INTO payments (id, instance_id, enrollment_id, amount, label) VALUES (?, ?, ?, 100000, 'Versement 1')",
      crypto.randomUUID(),
      ctx.school.id,
      enrolment!.id,
    ).run();
    const undo = await call(ctx.school, ctx.admin, 'DELETE', '/api/promotions/latest');
    expect(undo.status).toBe(409);
    expect((await bodyOf(undo)).message).toBe(
      'La promotion ne peut plus être annulée : des paiements ou des notes ont déjà été enregistrés en 2026-2027.',
    );
    expect(await targetEnrolments(ctx)).toHaveLength(5);
    expect(await studentStatus(ctx.ids.eva)).toBe('archived');
    expect(await accountStatus(ctx.ids.eva)).toBe('disabled');
  });

  it('refuses the undo once a grade is recorded in the new year', async () => {
    const ctx = await schoolToPromote();
    await execute(ctx);
    const enrolment = await sql(
      ctx.school,
      'SELECT e.id AS id, e.class_id AS class FROM enrollments e WHERE e.instance_id = ? AND e.year_id = ? LIMIT 1',
      ctx.school.id,
      ctx.target!.yearId,
    ).first<{ id: string; class: string }>();
    const periodId = crypto.randomUUID();
    const evaluationId = crypto.randomUUID();
    const subject = await sql(ctx.school, 'SELECT id FROM subjects WHERE instance_id = ?', ctx.school.id).first<{
      id: string;
    }>();
    await ctx.school.db.batch([
      sql(
        ctx.school,
        "INSERT INTO academic_periods (id, instance_id, year_id, name) VALUES (?, ?, ?, 'Trimestre 1')",
        periodId,
        ctx.school.id,
        ctx.target!.yearId,
      ),
      sql(
        ctx.school,
        "INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score) VALUES (?, ?, ?, ?, ?, 'Devoir 1', 2000)",
        evaluationId,
        ctx.school.id,
        enrolment!.class,
        subject!.id,
        periodId,
      ),
    ]);
    await writeScores(ctx.school.id, [{ evaluationId, enrollmentId: enrolment!.id, score: 1500 }]);
    const undo = await call(ctx.school, ctx.admin, 'DELETE', '/api/promotions/latest');
    expect(undo.status).toBe(409);
    expect(await targetEnrolments(ctx)).toHaveLength(5);
  });

  it('enrols nobody twice when two executions race: one wins, the other changes nothing', async () => {
    const ctx = await schoolToPromote();
    const answers = await Promise.all([execute(ctx), execute(ctx)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await targetEnrolments(ctx)).toHaveLength(5);
    const runs = await sql(
      ctx.school,
      'SELECT COUNT(*) AS n FROM promotion_runs WHERE instance_id = ?',
      ctx.school.id,
    ).first<{
      n: number;
    }>();
    expect(runs!.n).toBe(1);
  });

  it('answers the loser of a race 409 already_promoted, never 500, when the guards name more students than one statement holds', async () => {
    // 120 students: the target-year guard is two conditions of 90 ids. Reading them all in one
    // statement to say which failed went past D1's 100 bound values and answered 500 (issue 23).
    const school = await createSchool({ users: [{ username: 'admin', type: 'admin' }] });
    const source = await createYear(school.id, { name: '2025-2026', classes: [['7e AF', 100]] });
    await createYear(school.id, { name: '2026-2027', current: false, classes: [['7e AF', 100]] }, source.classIds);
    const { studentIds } = await seedStudents(
      school.id,
      source,
      Array.from({ length: 120 }, (_, i) => ({ nom: `Élève ${i}`, prenom: 'Jo', className: '7e AF' })),
    );
    const admin = await tokenFor(school, 'admin');
    // Without grades, each is 'Sans notes': the director chooses for all of them.
    const overrides = Object.fromEntries(studentIds.map((id) => [id, 'failed']));
    const run = () => call(school, admin, 'POST', '/api/promotions', { sourceYearId: source.yearId, overrides });
    // The second execution runs whole while the first one's batch waits: the first then loses.
    const race = beforeNextWrite(school.db, async () => expect((await run()).status).toBe(200));
    try {
      const loser = await run();
      expect(race.ran()).toBe(true);
      expect(loser.status).toBe(409);
      expect(await bodyOf(loser)).toEqual({
        code: 'already_promoted',
        message: 'Tous les élèves sont déjà inscrits en 2026-2027 : la promotion a déjà été exécutée.',
      });
    } finally {
      race.restore();
    }
    const runs = await sql(school, 'SELECT COUNT(*) AS n FROM promotion_runs WHERE instance_id = ?', school.id).first<{
      n: number;
    }>();
    expect(runs!.n).toBe(1);
  });

  it('promotes a student moved to another class after the simulation from their current class', async () => {
    const ctx = await schoolToPromote();
    const overrides = { [ctx.ids.bruno]: 'admitted' };
    const preview = await bodyOf<PromotionPreview>(await simulate(ctx, { overrides }));
    expect(preview.classes[0]!.students.map((s) => s.nom)).toContain('Bien-Aimé');
    await moveToClass(ctx, ctx.ids.bruno, '8e AF');
    expect((await execute(ctx, { overrides })).status).toBe(200);
    expect((await targetEnrolments(ctx)).find((e) => e.nom === 'Bien-Aimé')).toMatchObject({ class: '9e AF' });
  });

  it('re-checks the classes in the batch: a student moved while the execution runs is promoted from their new class', async () => {
    const ctx = await schoolToPromote();
    const overrides = { [ctx.ids.bruno]: 'admitted', [ctx.ids.carla]: 'failed' };
    // Bruno (7e AF, admitted by the override) moves to 8e AF after the plan was read, before its batch.
    const move = beforeNextWrite(ctx.school.db, () => moveToClass(ctx, ctx.ids.bruno, '8e AF'));
    try {
      const res = await execute(ctx, { overrides });
      expect(move.ran()).toBe(true);
      expect(res.status).toBe(200);
    } finally {
      move.restore();
    }
    // From 8e AF to 9e AF, not from the 7e AF he left to 8e AF.
    expect((await targetEnrolments(ctx)).find((e) => e.nom === 'Bien-Aimé')).toMatchObject({ class: '9e AF' });
    expect(await targetEnrolments(ctx)).toHaveLength(5);
  });

  it('needs the next year by name, and a source year, in French', async () => {
    const ctx = await schoolToPromote({ withTarget: false });
    const missing = await simulate(ctx);
    expect(missing.status).toBe(404);
    expect((await bodyOf(missing)).message).toBe(
      "L'année scolaire 2026-2027 n'existe pas : créez-la (avec ses frais par classe) avant de lancer la promotion.",
    );
    const noSource = await call(ctx.school, ctx.admin, 'POST', '/api/promotions?preview=true', {});
    expect(noSource.status).toBe(400);
    expect((await bodyOf(noSource)).message).toBe('Veuillez sélectionner une année scolaire source.');
  });

  it('needs settings:manage_academic; another school sees neither the year nor the run', async () => {
    const ctx = await schoolToPromote();
    const accountant = await tokenFor(ctx.school, 'comptable');
    expect(
      (await call(ctx.school, accountant, 'POST', '/api/promotions?preview=true', { sourceYearId: ctx.source.yearId }))
        .status,
    ).toBe(403);
    expect(
      (await call(ctx.school, accountant, 'POST', '/api/promotions', { sourceYearId: ctx.source.yearId })).status,
    ).toBe(403);
    expect((await call(ctx.school, accountant, 'DELETE', '/api/promotions/latest')).status).toBe(403);
    await execute(ctx);
    const other = await createSchool();
    const stranger = await tokenFor(other, 'admin');
    expect((await call(other, stranger, 'POST', '/api/promotions', { sourceYearId: ctx.source.yearId })).status).toBe(
      404,
    );
    expect((await call(other, stranger, 'DELETE', '/api/promotions/latest')).status).toBe(404);
    expect(
      (await bodyOf<PromotionLatest>(await call(other, stranger, 'GET', '/api/promotions/latest'))).run,
    ).toBeNull();
    expect(await targetEnrolments(ctx)).toHaveLength(5);
  });
});
