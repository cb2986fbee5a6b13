// Teachers management (issue 13): adding a teacher makes their account with a temporary password
// shown once; the profile rules answer in French; courses are given from the programme, one
// teacher per course (a race included); removal is refused, archives or deletes by the teacher's
// years; a reset ends the account's sessions; every call checks its permission and the school.
import { describe, expect, it } from 'vitest';
import type { RollCall } from '../../worker/contract/teacher';
import type {
  AddedTeacher,
  HandedOver,
  ProgrammeCourse,
  SchoolTeacher,
  TeacherPasswordReset,
} from '../../worker/contract/teachers';
import { beforeNextWrite } from './batch-spy';
import { createYear } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, login, sql, type TestSchool, tokenFor } from './helpers';
import { writeMarks } from './fixtures-seats';

async function add(school: Awaited<ReturnType<typeof schoolWithCourses>>['school'], token: string, body: object) {
  return call(school, token, 'POST', '/api/teachers', body);
}

/** A student enrolled in 7e AF; answers the enrolment's id. */
async function enrolIn7e(school: Pick<TestSchool, 'id' | 'db'>, yearId: string) {
  const student = crypto.randomUUID();
  const enrollment = crypto.randomUUID();
  await sql(
    school,
    'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
    student,
    school.id,
    'Anel',
    'Rose',
  ).run();
  await sql(
    school,
    "INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id) SELECT ?, ?, ?, ?, id FROM classes WHERE instance_id = ? AND name = '7e AF'",
    enrollment,
    school.id,
    student,
    yearId,
    school.id,
  ).run();
  return enrollment;
}

/** An assignment's teacher and subject as stored. */
const courseOf = async (school: Pick<TestSchool, 'db'>, id: string) =>
  (await sql(school, 'SELECT teacher_id, subject_id FROM assignments WHERE id = ?', id).first<{
    teacher_id: string;
    subject_id: string;
  }>())!;

describe('teachers management', () => {
  it('adds a teacher with an account made from the names, a temporary password that leads to the forced change, and lists them', async () => {
    const { school, yearId } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const res = await add(school, admin, {
      prenom: '  Marie-Claude ',
      nom: 'Étienne',
      phone: '3712 3456',
      email: 'mc@ecole.ht',
    });
    expect(res.status).toBe(201);
    const added = await bodyOf<AddedTeacher>(res);
    expect(added).toMatchObject({
      username: 'marie-claude.etienne',
      message: 'Professeur ajouté. Notez le mot de passe temporaire : il ne sera plus affiché.',
    });
    expect(added.teacher).toMatchObject({
      prenom: 'Marie-Claude',
      nom: 'Étienne',
      phone: '+509 3712 3456',
      account_status: 'temporary_password',
    });
    // The temporary password opens the forced change, and only that.
    const first = await bodyOf<{ accessToken: string }>(
      await login(school, 'marie-claude.etienne', added.tempPassword),
    );
    expect((await call(school, first.accessToken, 'GET', '/api/classes')).status).toBe(403);
    expect(
      (
        await call(school, first.accessToken, 'PUT', '/api/user/force-change-password', {
          newPassword: 'Nouveau#Mot-2026',
        })
      ).status,
    ).toBe(200);

    // The same names again: a number makes the username unique.
    expect(
      (await bodyOf<AddedTeacher>(await add(school, admin, { prenom: 'Marie-Claude', nom: 'Etienne' }))).username,
    ).toBe('marie-claude.etienne2');
    // A username asked for and taken: refused.
    const taken = await add(school, admin, { prenom: 'Paul', nom: 'Jean', username: 'prof' });
    expect(taken.status).toBe(409);

    const list = await bodyOf<SchoolTeacher[]>(await call(school, admin, 'GET', `/api/teachers?yearId=${yearId}`));
    // By nom then prénom, accents aside (Etienne and Étienne side by side).
    expect(list.map((t) => `${t.nom} ${t.prenom} ${t.username ?? '-'}`)).toEqual([
      'Baptiste Jean-Robert prof',
      'Étienne Marie -',
      'Etienne Marie-Claude marie-claude.etienne2',
      'Étienne Marie-Claude marie-claude.etienne',
    ]);
    expect(
      list.find((t) => t.prenom === 'Jean-Robert')!.assignments.map((a) => `${a.subject_name} ${a.class_name}`),
    ).toEqual(['Français 7e AF', 'Mathématiques 7e AF', 'Mathématiques 8e AF']);
  });

  it('answers the profile rules in French', async () => {
    const { school } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const cases: [object, string][] = [
      [{ prenom: ' ', nom: 'Jean' }, 'Le prénom est requis.'],
      [{ prenom: 'Paul', nom: '' }, 'Le nom est requis.'],
      [{ prenom: 'P'.repeat(101), nom: 'Jean' }, 'Le prénom ne doit pas dépasser 100 caractères.'],
      [
        { prenom: 'Paul', nom: 'Jean', phone: '12' },
        "Le téléphone n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
      ],
      [{ prenom: 'Paul', nom: 'Jean', email: 'paul@' }, "L'e-mail n'est pas une adresse e-mail valide."],
    ];
    for (const [body, message] of cases) {
      const res = await add(school, admin, body);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe(message);
    }
  });

  it('gives courses from the programme only, one teacher per course, and takes back a course without roll calls', async () => {
    const { school, yearId, teacher, subject } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const assign = (teacherId: string, className: string, subjectId: string) =>
      call(school, admin, 'POST', '/api/assignments', {
        yearId,
        teacher_id: teacherId,
        className,
        subject_id: subjectId,
      });

    const outside = await assign(teacher.other, '7e AF', subject.anglais);
    expect(outside.status).toBe(400);
    expect((await bodyOf(outside)).message).toBe(
      'Cette matière ne fait pas partie du programme de la classe 7e AF pour 2025-2026.',
    );
    const taken = await assign(teacher.other, '7e AF', subject.maths);
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).message).toBe('Ce cours est déjà attribué à Jean-Robert Baptiste.');
    expect((await assign(teacher.prof, '7e AF', subject.maths)).status).toBe(200);

    // Two managers give the free course at once: one wins, the other is told.
    const both = await Promise.all([
      assign(teacher.other, '8e AF', subject.anglais),
      assign(teacher.prof, '8e AF', subject.anglais),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const programme = await bodyOf<ProgrammeCourse[]>(
      await call(school, admin, 'GET', `/api/teachers/courses?yearId=${yearId}`),
    );
    expect(programme.filter((c) => c.subject_name === 'Anglais' && c.teacher_id !== null)).toHaveLength(1);

    // Taking back Mathématiques 7e AF takes its lesson with it; once a roll call exists, refused.
    const maths7 = programme.find((c) => c.class_name === '7e AF' && c.subject_name === 'Mathématiques')!;
    const fr7 = programme.find((c) => c.class_name === '7e AF' && c.subject_name === 'Français')!;
    const removed = await call(school, admin, 'DELETE', `/api/assignments/${maths7.assignment_id}`);
    expect((await bodyOf(removed)).message).toBe("Cours retiré. 1 créneau(x) de l'emploi du temps supprimé(s).");
    const student = crypto.randomUUID();
    const enrollment = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
      student,
      school.id,
      'Anel',
      'Rose',
    ).run();
    await sql(
      school,
      'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id) SELECT ?, ?, ?, ?, class_id FROM assignments WHERE id = ?',
      enrollment,
      school.id,
      student,
      yearId,
      fr7.assignment_id,
    ).run();
    await writeMarks(school.id, [
      { entryId: `t3-${school.id}`, date: '2026-01-19', enrollmentId: enrollment, status: 'present' },
    ]);
    const refused = await call(school, admin, 'DELETE', `/api/assignments/${fr7.assignment_id}`);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe(
      'Ce cours a déjà des présences ou des ressources : confiez-le à un autre professeur au lieu de le retirer.',
    );
  });

  it('hands a course with roll calls over to another teacher, keeping its lessons, roll calls and history; the leaving teacher can then be removed', async () => {
    const { school, yearId, teacher } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const prof = await tokenFor(school, 'prof');
    // A student of 7e AF and a roll call in Mathématiques 7e AF (Monday 08:00, lesson t2).
    const enrollment = await enrolIn7e(school, yearId);
    const rollCall = { timetable_entry_id: `t2-${school.id}`, date: '2026-01-19' };
    const taken = await call(school, prof, 'PUT', '/api/teacher/attendance', {
      ...rollCall,
      marks: [{ enrollment_id: enrollment, status: 'absent' }],
    });
    expect(taken.status).toBe(200);
    const maths7 = `a-maths7-${school.id}`;
    expect((await call(school, admin, 'DELETE', `/api/assignments/${maths7}`)).status).toBe(409);
    expect(
      (
        await call(school, admin, 'POST', '/api/assignments', {
          yearId,
          teacher_id: teacher.other,
          className: '7e AF',
          subject_id: (await courseOf(school, maths7)).subject_id,
        })
      ).status,
    ).toBe(409);

    const res = await call(school, admin, 'PUT', `/api/assignments/${maths7}`, { teacher_id: teacher.other });
    expect(res.status).toBe(200);
    expect(await bodyOf<HandedOver>(res)).toEqual({
      assignment: {
        id: maths7,
        class_name: '7e AF',
        subject_id: (await courseOf(school, maths7)).subject_id,
        subject_name: 'Mathématiques',
      },
      teacher_id: teacher.other,
      message: 'Cours confié à Marie Étienne. Ses présences, ressources, notes et son emploi du temps le suivent.',
    });
    // Its lesson and its roll call stay, now Marie Étienne's; Jean-Robert Baptiste no longer reaches them.
    const week = await bodyOf<{ entries: { id: string; teacher_id: string }[] }>(
      await call(school, admin, 'GET', `/api/timetable?yearId=${yearId}&teacherId=${teacher.other}`),
    );
    expect(week.entries.map((e) => e.id)).toContain(`t2-${school.id}`);
    const account = await bodyOf<AddedTeacher>(
      await call(school, admin, 'POST', `/api/teachers/${teacher.other}/account`),
    );
    await sql(
      school,
      "UPDATE users SET status = 'active' WHERE username = ? AND instance_id = ?",
      account.username,
      school.id,
    ).run();
    const marie = await tokenFor(school, account.username, account.tempPassword);
    const seen = await call(
      school,
      marie,
      'GET',
      `/api/teacher/attendance?entryId=${rollCall.timetable_entry_id}&date=${rollCall.date}`,
    );
    expect(seen.status).toBe(200);
    expect((await bodyOf<RollCall>(seen)).marks).toEqual([
      expect.objectContaining({ enrollment_id: enrollment, status: 'absent' }),
    ]);
    expect(
      (
        await call(
          school,
          prof,
          'GET',
          `/api/teacher/attendance?entryId=${rollCall.timetable_entry_id}&date=${rollCall.date}`,
        )
      ).status,
    ).toBe(404);
    // Its grade book is hers now (grades belong to the class, subject and period: they stay as they are).
    const period = await bodyOf<{ id: string }>(
      await call(school, admin, 'POST', '/api/academic-periods', { name: 'Trimestre 1', year_id: yearId }),
    );
    const book = `/api/teacher/subject-details?yearId=${yearId}&className=${encodeURIComponent('7e AF')}&subjectId=${(await courseOf(school, maths7)).subject_id}&periodId=${period.id}`;
    expect((await call(school, marie, 'GET', book)).status).toBe(200);
    expect((await call(school, prof, 'GET', book)).status).toBe(403);
    const audit = await sql(
      school,
      "SELECT target_name AS target, details FROM audit_log WHERE instance_id = ? AND action_type = 'HAND_OVER_COURSE'",
      school.id,
    ).all<{ target: string; details: string }>();
    expect(audit.results.map((r) => [r.target, JSON.parse(r.details)])).toEqual([
      ['Mathématiques 7e AF', { from: 'Jean-Robert Baptiste', to: 'Marie Étienne', entries: 1 }],
    ]);

    // His other courses handed over too, Jean-Robert Baptiste can be removed.
    for (const id of ['a-fr7', 'a-maths8'])
      expect(
        (await call(school, admin, 'PUT', `/api/assignments/${id}-${school.id}`, { teacher_id: teacher.other })).status,
      ).toBe(200);
    const removed = await call(school, admin, 'DELETE', `/api/teachers/${teacher.prof}`);
    expect(removed.status).toBe(200);
    expect((await bodyOf(removed)).message).toBe('Professeur supprimé.');
    const list = await bodyOf<SchoolTeacher[]>(await call(school, admin, 'GET', `/api/teachers?yearId=${yearId}`));
    expect(list.map((t) => [t.prenom, t.assignments.length])).toEqual([['Marie', 4]]);
  });

  it('refuses a hand-over to a teacher busy at one of its times, to an archived or unknown teacher, and when the course changed hands meanwhile', async () => {
    const { school, yearId, teacher, subject } = await schoolWithCourses();
    const other = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const maths7 = `a-maths7-${school.id}`;
    const handOver = (teacherId: string, id = maths7) =>
      call(school, admin, 'PUT', `/api/assignments/${id}`, { teacher_id: teacherId });

    // Marie Étienne teaches Anglais 8e AF on Monday 08:30: Mathématiques 7e AF (Monday 08:00-09:00) cannot be hers.
    const anglais = await bodyOf<{ assignment: { id: string } }>(
      await call(school, admin, 'POST', '/api/assignments', {
        yearId,
        teacher_id: teacher.other,
        className: '8e AF',
        subject_id: subject.anglais,
      }),
    );
    const lesson = await call(school, admin, 'POST', '/api/timetable', {
      assignment_id: anglais.assignment.id,
      day_of_week: 1,
      start_time: '08:30',
      end_time: '09:30',
      location_name: null,
    });
    expect(lesson.status).toBe(201);
    const busy = await handOver(teacher.other);
    expect(busy.status).toBe(409);
    expect(await bodyOf(busy)).toEqual({
      code: 'timetable_clash',
      message:
        "Marie Étienne a déjà cours le lundi de 08:30 à 09:30 (Anglais en 8e AF), pendant un créneau de ce cours. Déplacez l'un des deux créneaux, puis réessayez.",
    });
    // Français 7e AF (Monday 07:00-08:00) touches it without overlapping: it can be hers.
    expect((await handOver(teacher.other, `a-fr7-${school.id}`)).status).toBe(200);

    // Unknown, another school's, archived: 'Professeur introuvable.'; nothing changed.
    const added = await bodyOf<AddedTeacher>(
      await call(school, admin, 'POST', '/api/teachers', { prenom: 'Paul', nom: 'Jean' }),
    );
    for (const id of [crypto.randomUUID(), other.teacher.other]) {
      const refused = await handOver(id);
      expect(refused.status).toBe(404);
      expect((await bodyOf(refused)).message).toBe('Professeur introuvable.');
    }
    expect(
      (await call(school, admin, 'PUT', `/api/assignments/a-maths7-${other.school.id}`, { teacher_id: teacher.other }))
        .status,
    ).toBe(404);
    expect((await call(school, admin, 'PUT', `/api/assignments/${maths7}`, {})).status).toBe(400);
    expect(
      (
        await call(school, await tokenFor(school, 'comptable'), 'PUT', `/api/assignments/${maths7}`, {
          teacher_id: added.teacher.id,
        })
      ).status,
    ).toBe(403);

    // The course changes hands while the hand-over's batch waits: the batch is refused, nothing changes.
    const race = beforeNextWrite(school.db, () =>
      sql(school, 'UPDATE assignments SET teacher_id = ? WHERE id = ?', teacher.other, maths7).run(),
    );
    try {
      const late = await handOver(added.teacher.id);
      expect(race.ran()).toBe(true);
      expect(late.status).toBe(409);
      expect(await bodyOf(late)).toEqual({
        code: 'changed',
        message: 'Ce cours a changé de professeur entre-temps. Rechargez la liste, puis réessayez.',
      });
    } finally {
      race.restore();
    }
    expect((await courseOf(school, maths7)).teacher_id).toBe(teacher.other);

    // The new teacher is archived while the batch waits: refused.
    const archive = beforeNextWrite(school.db, () =>
      sql(school, "UPDATE teachers SET archived_at = '2026-01-01' WHERE id = ?", teacher.prof).run(),
    );
    try {
      const gone = await handOver(teacher.prof);
      expect(archive.ran()).toBe(true);
      expect(gone.status).toBe(404);
      expect((await bodyOf(gone)).message).toBe('Professeur introuvable.');
    } finally {
      archive.restore();
    }
    expect((await courseOf(school, maths7)).teacher_id).toBe(teacher.other);
  });

  it('refuses to remove a teacher of the current year, archives one of past years only, deletes one never assigned', async () => {
    const { school, yearId, teacher, classIds } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const refused = await call(school, admin, 'DELETE', `/api/teachers/${teacher.prof}`);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe(
      "Impossible de supprimer Jean-Robert Baptiste : 3 cours lui sont attribués pour 2025-2026. Retirez-les ou confiez-les à un autre professeur d'abord.",
    );

    // Marie Étienne's course moves to a past year: she is archived, out of the list.
    const past = await createYear(
      school.id,
      { name: '2024-2025', current: false, classes: [['7e AF', 20_000]] },
      classIds,
    );
    await sql(school, 'UPDATE assignments SET year_id = ? WHERE teacher_id = ?', past.yearId, teacher.other).run();
    expect((await bodyOf(await call(school, admin, 'DELETE', `/api/teachers/${teacher.other}`))).message).toBe(
      "Professeur archivé : ses cours des années passées restent dans l'historique.",
    );
    const listed = await call(school, admin, 'GET', `/api/teachers?yearId=${yearId}`);
    expect(listed.status, await listed.clone().text()).toBe(200);
    expect((await bodyOf<SchoolTeacher[]>(listed)).map((t) => t.prenom)).toEqual(['Jean-Robert']);

    const added = await bodyOf<AddedTeacher>(await add(school, admin, { prenom: 'Paul', nom: 'Jean' }));
    expect((await bodyOf(await call(school, admin, 'DELETE', `/api/teachers/${added.teacher.id}`))).message).toBe(
      'Professeur supprimé.',
    );
    expect((await login(school, 'paul.jean', added.tempPassword)).status).toBe(401);
  });

  it("resets a teacher's password: a new temporary one, the account's sessions end", async () => {
    const { school, teacher } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const prof = await tokenFor(school, 'prof');
    const res = await call(school, admin, 'PUT', `/api/teachers/${teacher.prof}/reset-password`);
    const reset = await bodyOf<TeacherPasswordReset>(res);
    expect(reset).toMatchObject({
      username: 'prof',
      message: 'Mot de passe réinitialisé. Notez le mot de passe temporaire : il ne sera plus affiché.',
    });
    expect((await call(school, prof, 'GET', '/api/classes')).status).toBe(401);
    expect((await login(school, 'prof', reset.tempPassword)).status).toBe(200);
    const noAccount = await call(school, admin, 'PUT', `/api/teachers/${teacher.other}/reset-password`);
    expect(noAccount.status).toBe(409);

    // A teacher without an account gets one, once.
    const created = await call(school, admin, 'POST', `/api/teachers/${teacher.other}/account`);
    expect(created.status).toBe(201);
    const account = await bodyOf<AddedTeacher>(created);
    expect(account).toMatchObject({ username: 'marie.etienne', teacher: { account_status: 'temporary_password' } });
    expect((await login(school, 'marie.etienne', account.tempPassword)).status).toBe(200);
    expect((await call(school, admin, 'POST', `/api/teachers/${teacher.other}/account`)).status).toBe(409);
  });

  it('checks the permission and answers 404 for another school’s teachers and courses', async () => {
    const { school, yearId, teacher } = await schoolWithCourses();
    const other = await schoolWithCourses();
    const secretary = await tokenFor(school, 'comptable');
    expect((await call(school, secretary, 'GET', `/api/teachers?yearId=${yearId}`)).status).toBe(403);
    expect((await add(school, secretary, { prenom: 'Paul', nom: 'Jean' })).status).toBe(403);
    expect(
      (await call(school, await tokenFor(school, 'prof'), 'GET', `/api/full-assignments?yearId=${yearId}`)).status,
    ).toBe(403);

    const admin = await tokenFor(school, 'admin');
    expect(
      (await call(school, admin, 'PUT', `/api/teachers/${other.teacher.prof}`, { prenom: 'X', nom: 'Y' })).status,
    ).toBe(404);
    expect((await call(school, admin, 'DELETE', `/api/teachers/${other.teacher.prof}`)).status).toBe(404);
    expect((await call(school, admin, 'DELETE', `/api/assignments/a-maths7-${other.school.id}`)).status).toBe(404);
    expect(
      (
        await call(school, admin, 'POST', '/api/assignments', {
          yearId,
          teacher_id: other.teacher.other,
          className: '8e AF',
          subject_id: other.subject.anglais,
        })
      ).status,
    ).toBe(404);
    expect((await call(school, admin, 'GET', `/api/teachers?yearId=${other.yearId}`)).status).toBe(404);
    expect(
      (await call(school, admin, 'PUT', `/api/teachers/${teacher.other}`, { prenom: 'Marie', nom: 'Étienne-Joseph' }))
        .status,
    ).toBe(200);
  });
});
