// The grade book's batched score write (issue 29, decision 270): POST /grades/batch. Each score
// lands exactly once under replays and duplicates, a refused score leaves the others landed with
// their own French message, a condition broken between the reads and the batch refuses only its
// scores, and two teachers' (or two tabs') batches on one evaluation interleaved lose nothing.
import { describe, expect, it, vi } from 'vitest';
import type { SchoolAuditPage } from '../../worker/contract/audit';
import type { GradeBook, SavedScores, ScoresBatch } from '../../worker/contract/grades';
import { database } from '../../worker/db/client';
import { namesOf } from '../../worker/db/audit-names';
import { seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, d1RoundTrips, sql, type TestSchool, tokenFor } from './helpers';

/** A school whose 7e AF has `size` pupils (and one pupil in 8e AF), two trimesters. */
async function batchSchool(size = 12) {
  const base = await schoolWithCourses();
  const { school, yearId, classIds } = base;
  const t1 = crypto.randomUUID();
  await sql(
    school,
    'INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, ?, 1)',
    t1,
    school.id,
    yearId,
    'Trimestre 1',
  ).run();
  const pupils = Array.from({ length: size }, (_, i) => ({
    nom: `Élève ${String(i).padStart(2, '0')}`,
    prenom: 'Test',
    className: '7e AF',
  }));
  const { enrollmentIdByStudent, studentIds } = await seedStudents(school.id, { yearId, classIds }, [
    ...pupils,
    { nom: 'Dorval', prenom: 'Marc', className: '8e AF' },
  ]);
  const all = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
  return {
    ...base,
    t1,
    e: all.slice(0, size),
    other: all[size]!,
    admin: await tokenFor(school, 'admin'),
    prof: await tokenFor(school, 'prof'),
  };
}

type Ctx = Awaited<ReturnType<typeof batchSchool>>;

const ev = (ctx: Ctx, name: string) => `${ctx.school.id}-${name}`;

/** A batch of one evaluation: `scores` by enrolment index, each score's id `s<index>` unless given. */
function batch(
  ctx: Ctx,
  scores: { i?: number; enrollment?: string; score: number | null; id?: string }[],
  over: Partial<ScoresBatch['evaluations'][number]> = {},
): ScoresBatch {
  return {
    subject_id: ctx.subject.maths,
    period_id: ctx.t1,
    evaluations: [
      {
        id: ev(ctx, 'devoir'),
        name: 'Devoir 1',
        max_score: 20,
        new_evaluation: true,
        scores: scores.map((s) => ({
          id: s.id ?? `s${s.i}`,
          enrollment_id: s.enrollment ?? ctx.e[s.i!]!,
          score: s.score,
        })),
        ...over,
      },
    ],
  };
}

const send = (school: TestSchool, token: string, body: unknown, key?: string) =>
  call(school, token, 'POST', '/api/grades/batch', body, key ? { 'Idempotency-Key': key } : {});

async function book(ctx: Ctx) {
  const res = await call(
    ctx.school,
    ctx.admin,
    'GET',
    `/api/teacher/subject-details?yearId=${ctx.yearId}&className=${encodeURIComponent('7e AF')}&subjectId=${ctx.subject.maths}&periodId=${ctx.t1}`,
  );
  expect(res.status).toBe(200);
  return bodyOf<GradeBook>(res);
}

/** Each pupil's scores in the evaluation `id`, by enrolment index. */
async function scoresOf(ctx: Ctx, id = ev(ctx, 'devoir')) {
  const b = await book(ctx);
  return ctx.e.map((e) => (b.gradesByEnrollment[e] ?? []).filter((g) => g.evaluation_id === id).map((g) => g.score));
}

/** The scores the log holds: one a row of POST /grades, and each score of a batch's one row (decision 331). */
const logRows = async (ctx: Ctx) =>
  (await sql(
    ctx.school,
    `SELECT coalesce(sum(CASE WHEN action_type = 'SET_GRADES'
       THEN (SELECT sum(json_array_length(e.value, '$.notes')) FROM json_each(details, '$.evaluations') e) ELSE 1 END), 0) AS n
     FROM audit_log WHERE instance_id = ? AND action_type IN ('SET_GRADE', 'DELETE_GRADE', 'SET_GRADES')`,
    ctx.school.id,
  ).first<{ n: number }>())!.n;
const batchRows = async (ctx: Ctx) =>
  (await sql(
    ctx.school,
    "SELECT count(*) AS n FROM audit_log WHERE instance_id = ? AND action_type IN ('SET_GRADE', 'DELETE_GRADE', 'SET_GRADES')",
    ctx.school.id,
  ).first<{ n: number }>())!.n;

describe('a batch of scores', () => {
  it('lands every score once: a replay answers the first outcome and writes nothing again', async () => {
    const ctx = await batchSchool();
    const body = batch(
      ctx,
      ctx.e.map((_, i) => ({ i, score: 8 + (i % 12) })),
    );
    const key = crypto.randomUUID();
    const first = await send(ctx.school, ctx.prof, body, key);
    expect(first.status).toBe(200);
    const answer = await bodyOf<SavedScores>(first);
    expect(answer).toEqual({
      saved: ctx.e.map((_, i) => `s${i}`),
      refused: [],
      evaluations: [{ id: ev(ctx, 'devoir'), name: 'Devoir 1', max_score: 20 }],
      message: '12 notes enregistrées.',
    });
    expect(await logRows(ctx)).toBe(12);
    // One log row for the batch (decision 331), read with the pupils' names and their scores.
    expect(await batchRows(ctx)).toBe(1);
    const log = await bodyOf<SchoolAuditPage>(await call(ctx.school, ctx.admin, 'GET', '/api/admin/audit-logs'));
    const row = log.logs.find((l) => l.action_type === 'SET_GRADES')!;
    expect(row).toMatchObject({ action_label: 'Notes saisies (carnet de notes)', target_name: 'Devoir 1' });
    expect(row.details).toBe(
      `évaluation: Devoir 1 | notes: ${ctx.e.map((_, i) => `Test Élève ${String(i).padStart(2, '0')} ${8 + (i % 12)}`).join(' ; ')}`,
    );
    // The seats' names are read on keys whatever the database's size: no table walked (a
    // subquery in the join's condition once walked every pupil for each seat: 20 s a page).
    const seats = namesOf(database(ctx.school.db), 'seat', [`${ev(ctx, 'devoir')}:0`]).toSQL();
    const plan = await ctx.school.db
      .prepare(`EXPLAIN QUERY PLAN ${seats.sql}`)
      .bind(...seats.params)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).filter((d) => /^SCAN /.test(d) && !/VIRTUAL TABLE/.test(d))).toEqual([]);

    // The same request again (a retry whose first answer was lost): the same answer, nothing written.
    const replay = await send(ctx.school, ctx.prof, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await bodyOf<SavedScores>(replay)).toEqual(answer);
    // The same key with other scores is refused, not applied.
    const changed = await send(ctx.school, ctx.prof, batch(ctx, [{ i: 0, score: 1 }]), key);
    expect(changed.status).toBe(422);
    expect(await logRows(ctx)).toBe(12);
    expect(await scoresOf(ctx)).toEqual(ctx.e.map((_, i) => [8 + (i % 12)]));

    const evaluations = await sql(
      ctx.school,
      'SELECT count(*) AS n FROM evaluations WHERE instance_id = ?',
      ctx.school.id,
    ).first<{ n: number }>();
    expect(evaluations!.n).toBe(1);
  });

  it('a score sent twice in one batch, or a cell named twice, lands once with its last value', async () => {
    const ctx = await batchSchool(4);
    const res = await send(
      ctx.school,
      ctx.prof,
      batch(ctx, [
        { i: 0, score: 10, id: 'a' },
        { i: 0, score: 10, id: 'a' },
        { i: 1, score: 11, id: 'b' },
        { i: 1, score: 12, id: 'c' },
      ]),
    );
    expect(res.status).toBe(200);
    expect((await bodyOf<SavedScores>(res)).saved).toEqual(['a', 'c']);
    expect(await scoresOf(ctx)).toEqual([[10], [12], [], []]);
    expect(await logRows(ctx)).toBe(2);
    // The same evaluation named twice in one batch: one evaluation, both entries' scores.
    const twice = batch(ctx, [{ i: 2, score: 13 }], { new_evaluation: false });
    twice.evaluations.push({ ...twice.evaluations[0]!, scores: [{ id: 's3', enrollment_id: ctx.e[3]!, score: 14 }] });
    const both = await send(ctx.school, ctx.prof, twice);
    expect((await bodyOf<SavedScores>(both)).saved).toEqual(['s2', 's3']);
    expect(await scoresOf(ctx)).toEqual([[10], [12], [13], [14]]);
  });

  it('one refused score among accepted ones: each refusal with its own French message, the others land', async () => {
    const ctx = await batchSchool(5);
    // A known evaluation, then one deleted meanwhile on another device.
    expect((await send(ctx.school, ctx.prof, batch(ctx, [{ i: 0, score: 5 }]))).status).toBe(200);
    const gone = ev(ctx, 'supprime');
    expect(
      (
        await send(
          ctx.school,
          ctx.prof,
          batch(ctx, [{ i: 0, score: 5, id: 'g0' }], { id: gone, name: 'Interro', max_score: 10 }),
        )
      ).status,
    ).toBe(200);
    expect((await call(ctx.school, ctx.prof, 'DELETE', `/api/evaluations/${gone}`)).status).toBe(200);

    const body = batch(
      ctx,
      [
        { i: 1, score: 14 },
        { i: 2, score: 20.5 },
        { i: 3, score: 9, id: 'x', enrollment: ctx.other },
        { i: 4, score: 17 },
      ],
      { new_evaluation: false },
    );
    body.evaluations.push(
      {
        id: gone,
        name: 'Interro',
        max_score: 10,
        new_evaluation: false,
        scores: [{ id: 'g1', enrollment_id: ctx.e[1]!, score: 7 }],
      },
      // A new evaluation whose name the book already has (any case).
      {
        id: ev(ctx, 'doublon'),
        name: 'DEVOIR 1',
        max_score: 10,
        new_evaluation: true,
        scores: [{ id: 'd1', enrollment_id: ctx.e[1]!, score: 7 }],
      },
    );
    const res = await send(ctx.school, ctx.prof, body);
    expect(res.status).toBe(200);
    const answer = await bodyOf<SavedScores>(res);
    expect(answer.saved).toEqual(['s1', 's4']);
    expect(answer.refused).toEqual(
      expect.arrayContaining([
        { id: 's2', status: 400, code: 'score_above_max', message: 'La note ne peut pas dépasser 20.' },
        // A pupil of another class: refused by name (decision 302).
        {
          id: 'x',
          status: 409,
          code: 'not_in_class',
          message: "Note non enregistrée : Marc Dorval n'est pas dans cette classe.",
        },
        {
          id: 'g1',
          status: 404,
          code: 'not_found',
          message: "Cette évaluation n'existe plus : elle a été supprimée entre-temps.",
        },
        { id: 'd1', status: 409, code: 'evaluation_name_taken', message: 'L\'évaluation "DEVOIR 1" existe déjà.' },
      ]),
    );
    expect(answer.refused).toHaveLength(4);
    expect(answer.message).toBe('2 notes enregistrées.');
    expect(await scoresOf(ctx)).toEqual([[5], [14], [], [], [17]]);
    // The deleted evaluation was not brought back.
    expect((await book(ctx)).evaluations.map((e) => e.name)).toEqual(['Devoir 1']);
  });

  it('a max lowered between the reads and the batch refuses only the scores above it', async () => {
    const ctx = await batchSchool(3);
    expect((await send(ctx.school, ctx.prof, batch(ctx, [{ i: 0, score: 5 }]))).status).toBe(200);
    // Another device lowers the evaluation's max to 10 just before this batch runs.
    const db = ctx.school.db;
    const original = db.batch.bind(db);
    let raced = false;
    const spy = vi.spyOn(db, 'batch').mockImplementation(async (statements) => {
      if (!raced && statements.length > 6) {
        raced = true;
        await sql(
          ctx.school,
          'UPDATE evaluations SET max_score = 1000 WHERE instance_id = ? AND id = ?',
          ctx.school.id,
          ev(ctx, 'devoir'),
        ).run();
      }
      return original(statements);
    });
    try {
      const res = await send(
        ctx.school,
        ctx.prof,
        batch(
          ctx,
          [
            { i: 1, score: 15 },
            { i: 2, score: 9 },
          ],
          { new_evaluation: false },
        ),
      );
      expect(res.status).toBe(200);
      const answer = await bodyOf<SavedScores>(res);
      expect(raced).toBe(true);
      expect(answer.saved).toEqual(['s2']);
      expect(answer.refused).toEqual([
        { id: 's1', status: 400, code: 'score_above_max', message: 'La note ne peut pas dépasser 20.' },
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(await scoresOf(ctx)).toEqual([[5], [], [9]]);
  });

  it("two teachers' and two tabs' batches on one evaluation, interleaved, lose nothing", async () => {
    const ctx = await batchSchool(12);
    // The admin and the teacher, in two tabs each, send halves of the class at once; the new
    // evaluation comes in all four (each made it from its own phone's copy).
    const quarter = (k: number) => ctx.e.map((_, i) => i).filter((i) => i % 4 === k);
    const answers = await Promise.all(
      [ctx.prof, ctx.admin, ctx.prof, ctx.admin].map((token, k) =>
        send(
          ctx.school,
          token,
          batch(
            ctx,
            quarter(k).map((i) => ({ i, score: i + 1 })),
          ),
        ),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const saved = (await Promise.all(answers.map((r) => bodyOf<SavedScores>(r)))).flatMap((a) => a.saved);
    expect(saved.sort()).toEqual(ctx.e.map((_, i) => `s${i}`).sort());
    expect(await scoresOf(ctx)).toEqual(ctx.e.map((_, i) => [i + 1]));
    expect((await book(ctx)).evaluations).toHaveLength(1);

    // Then both change the same cells at once: each cell holds one of the two values, and every
    // other cell is untouched.
    const again = await Promise.all(
      [ctx.prof, ctx.admin].map((token, k) =>
        send(
          ctx.school,
          token,
          batch(
            ctx,
            [0, 1, 2].map((i) => ({ i, score: 10 + k })),
            { new_evaluation: false },
          ),
        ),
      ),
    );
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    const after = await scoresOf(ctx);
    for (const i of [0, 1, 2]) expect([[10], [11]]).toContainEqual(after[i]);
    expect(after.slice(3)).toEqual(ctx.e.slice(3).map((_, i) => [i + 4]));
  });

  it('removes a score with null, and writes many scores in one read and one write round trip', async () => {
    const ctx = await batchSchool(30);
    const session = (await d1RoundTrips(ctx.school, () => send(ctx.school, ctx.prof, {}))).trips;
    const first = await d1RoundTrips(ctx.school, () =>
      send(
        ctx.school,
        ctx.prof,
        batch(
          ctx,
          ctx.e.map((_, i) => ({ i, score: 10 })),
        ),
      ),
    );
    expect(first.status).toBe(200);
    expect(first.trips - session).toBe(2);
    const removal = await send(ctx.school, ctx.prof, batch(ctx, [{ i: 0, score: null }], { new_evaluation: false }));
    expect(removal.status).toBe(200);
    expect((await bodyOf<SavedScores>(removal)).saved).toEqual(['s0']);
    const after = await scoresOf(ctx);
    expect(after[0]).toEqual([]);
    expect(after.slice(1).every((s) => s[0] === 10)).toBe(true);
  });

  it('the course, the period and the request are the whole batch’s: refused in French', async () => {
    const ctx = await batchSchool(2);
    // Anglais in 7e AF is not the teacher's course.
    const notHis = await send(ctx.school, ctx.prof, {
      ...batch(ctx, [{ i: 0, score: 5 }]),
      subject_id: ctx.subject.anglais,
    });
    expect(notHis.status).toBe(403);
    expect((await bodyOf(notHis)).message).toBe("Vous n'enseignez pas cette matière dans cette classe.");
    const noPeriod = await send(ctx.school, ctx.prof, { ...batch(ctx, [{ i: 0, score: 5 }]), period_id: 'nope' });
    expect(noPeriod.status).toBe(404);
    expect((await bodyOf(noPeriod)).message).toBe('Période introuvable.');
    const tooMany = await send(
      ctx.school,
      ctx.prof,
      batch(
        ctx,
        Array.from({ length: 61 }, (_, i) => ({ id: `n${i}`, enrollment: ctx.e[0], score: 1 })),
      ),
    );
    expect(tooMany.status).toBe(400);
    expect((await bodyOf(tooMany)).message).toBe('Envoyez au plus 60 notes à la fois.');
    const badScore = await send(ctx.school, ctx.prof, batch(ctx, [{ i: 0, score: -1 }]));
    expect(badScore.status).toBe(400);
    expect((await bodyOf(badScore)).message).toBe('La note doit être un nombre positif, avec au plus deux décimales.');
    expect(await logRows(ctx)).toBe(0);
  });
});
