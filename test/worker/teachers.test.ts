// Teachers management (issue 13): adding a teacher makes their account with a temporary password
// shown once; the profile rules answer in French; courses are given from the programme, one
// teacher per course (a race included); removal is refused, archives or deletes by the teacher's
// years; a reset ends the account's sessions; every call checks its permission and the school.
import { describe, expect, it } from 'vitest';
import type {
  AddedTeacher,
  ProgrammeCourse,
  SchoolTeacher,
  TeacherPasswordReset,
} from '../../worker/contract/teachers';
import { createYear } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, login, sql, tokenFor } from './helpers';

async function add(school: Awaited<ReturnType<typeof schoolWithCourses>>['school'], token: string, body: object) {
  return call(school, token, 'POST', '/api/teachers', body);
}

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
    await sql(
      school,
      "INSERT INTO attendance_records (id, instance_id, timetable_entry_id, enrollment_id, date, status) VALUES (?, ?, ?, ?, '2026-01-19', 'present')",
      crypto.randomUUID(),
      school.id,
      `t3-${school.id}`,
      enrollment,
    ).run();
    const refused = await call(school, admin, 'DELETE', `/api/assignments/${fr7.assignment_id}`);
    expect(refused.status).toBe(409);
    expect((await bodyOf(refused)).message).toBe(
      'Ce cours a déjà des présences ou des ressources : confiez-le à un autre professeur au lieu de le retirer.',
    );
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
