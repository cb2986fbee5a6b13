// Families (issue 43, decision 360): a guardian's one account in the directory, made or linked by
// each school's staff from a pupil's sheet across the two school databases; the one-time code
// signs in once and must be replaced; a school ends its own links only; another family's child
// and another school's link answer 404; the sign-in's limits count a guardian's wrong codes.
import { describe, expect, it } from 'vitest';
import type {
  ChildPage,
  ClassGuardians,
  GuardianChild,
  GuardianSlip,
  PupilGuardians,
  SchoolGuardianRow,
} from '../../worker/contract/guardians';
import { schoolDatabaseNames } from '../../worker/db/databases';
import { env } from 'cloudflare:workers';
import { addDays, schoolToday } from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import { createYear, seedStudents } from './fixtures-academic';
import { accessTokenOf, bodyOf, call, createSchool, directoryD1, login, PASSWORD, sql, tokenFor } from './helpers';

const NEW_PASSWORD = 'Maman#Solide-2026';
/** A phone of its own per test (the directory is shared by the tests). */
const freshPhone = () => `3${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function schoolWith(shard: string, pupils: { nom: string; prenom: string }[]) {
  const school = await createSchool({
    shard,
    users: [
      { username: 'admin', type: 'admin' },
      { username: 'secretaire', type: 'standard', templates: ['secretary'] },
      { username: 'prof', type: 'teacher' },
    ],
  });
  const year = await createYear(school.id, { classes: [['6e AF', 20_000]] });
  const { studentIds } = await seedStudents(
    school.id,
    year,
    pupils.map((p) => ({ ...p, className: '6e AF', mppa: 20_000 })),
  );
  return { school, ids: studentIds };
}

const [DB_1, DB_2] = schoolDatabaseNames(env);

async function twoSchools() {
  const a = await schoolWith(DB_1!, [
    { nom: 'Joseph', prenom: 'Marie' },
    { nom: 'Voisin', prenom: 'Paul' },
  ]);
  const b = await schoolWith(DB_2!, [{ nom: 'Joseph', prenom: 'Luc' }]);
  return { a, b };
}

const linkOn = async (
  s: { school: Awaited<ReturnType<typeof createSchool>> },
  studentId: string,
  body: { phone: string; name: string },
  as = 'secretaire',
) => {
  return call(s.school, await tokenFor(s.school, as), 'POST', `/api/students/${studentId}/guardians`, body);
};

/** A guardian's token after the first sign-in with the slip's code and the password set. */
async function guardianToken(school: Awaited<ReturnType<typeof createSchool>>, slip: GuardianSlip) {
  const temporary = await accessTokenOf(await login(school, slip.link.phone, slip.tempPassword!));
  return accessTokenOf(
    await call(school, temporary, 'PUT', '/api/user/force-change-password', { newPassword: NEW_PASSWORD }),
  );
}

describe('guardian accounts', () => {
  it('one account links children in two school databases; the code signs in once and must be replaced', async () => {
    const { a, b } = await twoSchools();
    expect(a.school.shard).not.toBe(b.school.shard);
    const phone = freshPhone();
    const made = await linkOn(a, a.ids[0]!, {
      phone: `+509 ${phone.slice(0, 4)} ${phone.slice(4)}`,
      name: 'Nadège Joseph',
    });
    expect(made.status).toBe(201);
    const slip = await bodyOf<GuardianSlip>(made);
    expect(slip.link.phone).toBe(`+509${phone}`);
    expect(slip.link.account_status).toBe('temporary_password');
    expect(slip.tempPassword).toMatch(/^\S{14}$/);
    // The other school's staff link their own pupil to the same phone: the same account, no code.
    const linked = await linkOn(b, b.ids[0]!, { phone, name: 'Autre nom' });
    expect(linked.status).toBe(201);
    const second = await bodyOf<GuardianSlip>(linked);
    expect(second.tempPassword).toBeNull();
    expect(second.link.guardian_id).toBe(slip.link.guardian_id);
    expect(second.link.name).toBe('Nadège Joseph');
    expect(second.message).toContain('compte existant');
    // The code signs in on either school's host, typed as people write a phone.
    const signed = await login(b.school, `509-${phone}`, slip.tempPassword!);
    expect(signed.status).toBe(200);
    const temporary = await accessTokenOf(signed);
    const refused = await call(b.school, temporary, 'GET', '/api/guardian/children');
    expect(refused.status).toBe(403);
    expect((await bodyOf(refused)).code).toBe('password_change_required');
    const changed = await call(a.school, temporary, 'PUT', '/api/user/force-change-password', {
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const token = await accessTokenOf(changed);
    const children = await bodyOf<GuardianChild[]>(await call(a.school, token, 'GET', '/api/guardian/children'));
    expect(children.map((c) => [c.prenom, c.school_id, c.class_name])).toEqual([
      ['Luc', b.school.id, '6e AF'],
      ['Marie', a.school.id, '6e AF'],
    ]);
    // The code is spent: only the new password signs in.
    expect((await login(a.school, `+509${phone}`, slip.tempPassword!)).status).toBe(401);
    expect((await login(a.school, phone, NEW_PASSWORD)).status).toBe(200);
    // Both schools logged their staff's action.
    const logA = await sql(
      a.school,
      'SELECT action_type, target_name FROM audit_log WHERE instance_id = ?',
      a.school.id,
    ).all();
    expect(logA.results).toContainEqual({ action_type: 'CREATE_GUARDIAN', target_name: 'Marie Joseph' });
    const logB = await sql(b.school, 'SELECT action_type FROM audit_log WHERE instance_id = ?', b.school.id).all();
    expect(logB.results).toContainEqual({ action_type: 'LINK_GUARDIAN' });
  });

  it("sees only linked children: another family's child, another school's link answer 404 or nothing", async () => {
    const { a, b } = await twoSchools();
    const mother = await bodyOf<GuardianSlip>(await linkOn(a, a.ids[0]!, { phone: freshPhone(), name: 'Mère' }));
    const neighbour = await bodyOf<GuardianSlip>(await linkOn(a, a.ids[1]!, { phone: freshPhone(), name: 'Voisine' }));
    const token = await accessTokenOf(
      await call(
        a.school,
        await accessTokenOf(await login(a.school, mother.link.phone, mother.tempPassword!)),
        'PUT',
        '/api/user/force-change-password',
        { newPassword: NEW_PASSWORD },
      ),
    );
    const children = await bodyOf<GuardianChild[]>(await call(a.school, token, 'GET', '/api/guardian/children'));
    expect(children.map((c) => c.student_id)).toEqual([a.ids[0]]);
    // School B's staff reach none of school A's pupils or links.
    const staffB = await tokenFor(b.school, 'admin');
    expect((await call(b.school, staffB, 'GET', `/api/students/${a.ids[0]}/guardians`)).status).toBe(404);
    expect(
      (await call(b.school, staffB, 'POST', `/api/students/${a.ids[0]}/guardians`, { phone: freshPhone(), name: 'X' }))
        .status,
    ).toBe(404);
    expect((await call(b.school, staffB, 'PUT', `/api/guardian-links/${neighbour.link.id}/code`)).status).toBe(404);
    expect((await call(b.school, staffB, 'DELETE', `/api/guardian-links/${neighbour.link.id}`)).status).toBe(404);
    // Staff calls refuse a guardian; a teacher lacks the permission.
    expect((await call(a.school, token, 'GET', '/api/guardians')).status).toBe(403);
    expect((await linkOn(a, a.ids[0]!, { phone: freshPhone(), name: 'X' }, 'prof')).status).toBe(403);
  });

  it('a school ends its link and gives a new code; the list, the duplicates and the phone checked', async () => {
    const { a, b } = await twoSchools();
    const phone = freshPhone();
    const slip = await bodyOf<GuardianSlip>(await linkOn(a, a.ids[0]!, { phone, name: 'Nadège' }));
    await linkOn(b, b.ids[0]!, { phone, name: 'Nadège' });
    const again = await linkOn(a, a.ids[0]!, { phone: `+509${phone}`, name: 'Nadège' });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).code).toBe('linked');
    const wrong = await linkOn(a, a.ids[0]!, { phone: '1234', name: 'Nadège' });
    expect(wrong.status).toBe(400);
    expect((await bodyOf(wrong)).message).toBe('Numéro de téléphone haïtien invalide (8 chiffres, +509 facultatif).');

    const staff = await tokenFor(a.school, 'secretaire');
    const list = await bodyOf<SchoolGuardianRow[]>(await call(a.school, staff, 'GET', '/api/guardians'));
    expect(list.map((r) => [r.prenom, r.phone, r.account_status, r.class_name])).toEqual([
      ['Marie', `+509${phone}`, 'temporary_password', '6e AF'],
    ]);
    const ofPupil = await bodyOf<PupilGuardians>(
      await call(a.school, staff, 'GET', `/api/students/${a.ids[0]}/guardians`),
    );
    expect(ofPupil.links.map((l) => l.id)).toEqual([slip.link.id]);
    expect(ofPupil.prenom).toBe('Marie');

    // A new code: the former one no longer signs in.
    const reprint = await call(a.school, staff, 'PUT', `/api/guardian-links/${slip.link.id}/code`);
    expect(reprint.status).toBe(200);
    const code = (await bodyOf<GuardianSlip>(reprint)).tempPassword!;
    expect(code).not.toBe(slip.tempPassword);
    expect((await login(a.school, phone, slip.tempPassword!)).status).toBe(401);
    const token = await accessTokenOf(
      await call(
        a.school,
        await accessTokenOf(await login(a.school, phone, code)),
        'PUT',
        '/api/user/force-change-password',
        {
          newPassword: NEW_PASSWORD,
        },
      ),
    );
    // School A ends its link: the guardian keeps school B's child only.
    const ended = await call(a.school, staff, 'DELETE', `/api/guardian-links/${slip.link.id}`);
    expect(ended.status).toBe(200);
    const children = await bodyOf<GuardianChild[]>(await call(b.school, token, 'GET', '/api/guardian/children'));
    expect(children.map((c) => c.school_id)).toEqual([b.school.id]);
    expect((await call(a.school, staff, 'DELETE', `/api/guardian-links/${slip.link.id}`)).status).toBe(404);
    const log = await sql(
      a.school,
      'SELECT action_type FROM audit_log WHERE instance_id = ? ORDER BY id',
      a.school.id,
    ).all<{
      action_type: string;
    }>();
    expect(log.results.map((r) => r.action_type)).toEqual(['CREATE_GUARDIAN', 'GUARDIAN_CODE', 'END_GUARDIAN_LINK']);
  });

  it("shows a child's balance, instalments, receipts, days and announcements; grades under the pupil's rule", async () => {
    const { a } = await twoSchools();
    const slip = await bodyOf<GuardianSlip>(await linkOn(a, a.ids[0]!, { phone: freshPhone(), name: 'Mère' }));
    const token = await guardianToken(a.school, slip);
    const admin = await tokenFor(a.school, 'admin');
    // A payment with its receipt, two periods (two instalments of 10 000), a day absent and one late, an announcement.
    const enrollment = (await sql(a.school, 'SELECT id FROM enrollments WHERE student_id = ?', a.ids[0]).first<{
      id: string;
    }>())!.id;
    const paid = await call(a.school, admin, 'POST', `/api/enrollments/${enrollment}/payments`, {
      amount: 12500,
      date: addDays(schoolToday(), -2),
      label: 'Versement 1',
    });
    expect(paid.status, await paid.clone().text()).toBeLessThan(300);
    const year = (await sql(a.school, 'SELECT year_id FROM enrollments WHERE id = ?', enrollment).first<{
      year_id: string;
    }>())!.year_id;
    for (const [i, start] of ['2025-08-01', '2026-01-05'].entries())
      await sql(
        a.school,
        'INSERT INTO academic_periods (id, instance_id, year_id, name, position, start_date) VALUES (?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        a.school.id,
        year,
        `Trimestre ${i + 1}`,
        i,
        start,
      ).run();
    const today = schoolToday();
    const schoolDays = Array.from({ length: 10 }, (_, i) => addDays(today, -i)).filter((d) => dayOfWeekOf(d) !== null);
    const [absent, late] = [schoolDays[0]!, schoolDays[1]!];
    for (const [date, status] of [
      [absent, 'absent'],
      [late, 'late'],
    ])
      await sql(
        a.school,
        'INSERT INTO attendance_overrides (instance_id, enrollment_id, date, status) VALUES (?, ?, ?, ?)',
        a.school.id,
        enrollment,
        date,
        status,
      ).run();
    expect(
      (
        await call(a.school, admin, 'POST', '/api/admin/student-announcements', {
          content: 'Réunion des parents samedi.',
          target_class_names: [],
        })
      ).status,
    ).toBeLessThan(300);

    await sql(a.school, 'UPDATE enrollments SET grades_access_enabled = 0 WHERE id = ?', enrollment).run();
    const page = await call(a.school, token, 'GET', `/api/guardian/children/${a.school.id}/${a.ids[0]}`);
    expect(page.status).toBe(200);
    const child = await bodyOf<ChildPage>(page);
    expect(child).toMatchObject({ prenom: 'Marie', class_name: '6e AF', school_id: a.school.id, grades_open: false });
    expect(child.finance).toMatchObject({ adjusted: 20000, paid: 12500, balance: 7500 });
    expect(child.finance!.instalments).toEqual([
      { name: 'Trimestre 2', due_date: '2026-01-05', amount: 10000, left: 7500 },
    ]);
    expect(child.finance!.payments).toEqual([
      expect.objectContaining({ amount: 12500, receipt_no: 1, label: 'Versement 1', balance_after: 7500 }),
    ]);
    expect(child.days).toEqual([
      { date: absent, status: 'absent' },
      { date: late, status: 'late' },
    ]);
    expect(child.announcements.map((n) => n.content)).toEqual(['Réunion des parents samedi.']);
    expect(
      (await call(a.school, token, 'GET', `/api/guardian/children/${a.school.id}/${a.ids[0]}/timetable`)).status,
    ).toBe(200);
    // Grades follow the pupil's access: closed, then opened by the school.
    const grades = `/api/guardian/children/${a.school.id}/${a.ids[0]}/grades`;
    const locked = await call(a.school, token, 'GET', grades);
    expect(locked.status).toBe(403);
    expect((await bodyOf(locked)).code).toBe('grades_locked');
    await sql(a.school, 'UPDATE enrollments SET grades_access_enabled = 1 WHERE id = ?', enrollment).run();
    expect((await call(a.school, token, 'GET', grades)).status).toBe(200);
    // Another family's child, the child named in another school, a school of none of its links: 404.
    for (const path of [
      `/api/guardian/children/${a.school.id}/${a.ids[1]}`,
      `/api/guardian/children/${a.school.id}/${a.ids[1]}/grades`,
      `/api/guardian/children/${crypto.randomUUID()}/${a.ids[0]}`,
    ]) {
      const res = await call(a.school, token, 'GET', path);
      expect(res.status, path).toBe(404);
      expect((await bodyOf(res)).message).toBe('Enfant introuvable.');
    }
    // In Kreyòl for a guardian whose page speaks it.
    const kreyol = await call(a.school, token, 'GET', `/api/guardian/children/${a.school.id}/${a.ids[1]}`, undefined, {
      'X-Language': 'ht',
    });
    expect((await bodyOf(kreyol)).message).toBe('Nou pa jwenn pitit la.');
  });

  it('two staff linking one new parent to one pupil at the same moment make one account and one link', async () => {
    const a = await schoolWith(DB_1!, [{ nom: 'Joseph', prenom: 'Marie' }]);
    const phone = freshPhone();
    const [one, two] = await Promise.all([
      linkOn(a, a.ids[0]!, { phone, name: 'Rose Joseph' }, 'admin'),
      linkOn(a, a.ids[0]!, { phone, name: 'Rose Joseph' }, 'secretaire'),
    ]);
    // One is made; the other is told the account or the link was made meanwhile (409), nothing half-done.
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const accounts = await directoryD1()
      .prepare('SELECT count(*) AS n FROM platform_users WHERE username = ?')
      .bind(`+509${phone}`)
      .first<{ n: number }>();
    expect(accounts!.n).toBe(1);
    const links = await sql(
      a.school,
      'SELECT count(*) AS n FROM guardian_links WHERE instance_id = ?',
      a.school.id,
    ).first<{
      n: number;
    }>();
    expect(links!.n).toBe(1);
    // Tried again, the link is already there.
    const again = await linkOn(a, a.ids[0]!, { phone, name: 'Rose Joseph' });
    expect(again.status).toBe(409);
  });

  it("makes a class's guardian accounts at once from the pupils' sheets; a pupil without a phone or already linked is set apart", async () => {
    const { school, ids } = await schoolWith(DB_1!, [
      { nom: 'Joseph', prenom: 'Marie' },
      { nom: 'Joseph', prenom: 'Luc' },
      { nom: 'Voisin', prenom: 'Paul' },
      { nom: 'Zéphir', prenom: 'Anne' },
    ]);
    const shared = freshPhone();
    const tutors: [string, string | null][] = [
      ['Nadège Joseph', `+509 ${shared}`], // Marie
      ['Nadège Joseph', shared], // Luc: the same mother
      ['Jean Voisin', '12'], // Paul: not a Haitian phone
      ['Rose Zéphir', freshPhone()], // Anne: linked already
    ];
    for (const [i, [name, phone]] of tutors.entries())
      await sql(school, 'UPDATE students SET tutor_name = ?, tutor_phone = ? WHERE id = ?', name, phone, ids[i]!).run();
    expect((await linkOn({ school }, ids[3]!, { phone: tutors[3]![1]!, name: 'Rose Zéphir' })).status).toBe(201);
    const year = await sql(school, 'SELECT id FROM school_years WHERE instance_id = ?', school.id).first<{
      id: string;
    }>();
    const token = await tokenFor(school, 'secretaire');
    const res = await call(school, token, 'POST', `/api/classes/${encodeURIComponent('6e AF')}/guardians`, {
      yearId: year!.id,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await bodyOf<ClassGuardians>(res);
    expect(answer.slips.map((s) => [s.pupil, s.link.phone, Boolean(s.tempPassword)])).toEqual([
      ['Luc Joseph', `+509${shared}`, true],
      ['Marie Joseph', `+509${shared}`, false],
    ]);
    expect(answer.skipped).toEqual([
      { pupil: 'Paul Voisin', reason: 'no_phone' },
      { pupil: 'Anne Zéphir', reason: 'linked' },
    ]);
    expect(answer.message).toBe(
      '1 compte(s) créé(s), 1 élève(s) lié(s) à un compte existant, 2 élève(s) laissé(s) de côté.',
    );
    // The one code signs the mother in; she sees both children.
    const mother = await guardianToken(school, {
      link: answer.slips[0]!.link,
      tempPassword: answer.slips[0]!.tempPassword,
      message: '',
    });
    const children = await bodyOf<GuardianChild[]>(await call(school, mother, 'GET', '/api/guardian/children'));
    expect(children.map((c) => c.prenom)).toEqual(['Luc', 'Marie']);
    // Each link logged as from the pupil's sheet; another school's class answers 404.
    const log = await sql(
      school,
      "SELECT action_type FROM audit_log WHERE instance_id = ? AND action_type IN ('CREATE_GUARDIAN', 'LINK_GUARDIAN')",
      school.id,
    ).all();
    expect(log.results.map((r) => r.action_type).sort()).toEqual([
      'CREATE_GUARDIAN',
      'CREATE_GUARDIAN',
      'LINK_GUARDIAN',
    ]);
    const other = await schoolWith(DB_2!, [{ nom: 'Autre', prenom: 'Élève' }]);
    const refused = await call(
      other.school,
      await tokenFor(other.school, 'secretaire'),
      'POST',
      '/api/classes/6e%20AF/guardians',
      {
        yearId: year!.id,
      },
    );
    expect(refused.status).toBe(404);
  });

  it('counts wrong codes like every sign-in: the 6th in a row waits', async () => {
    const { a } = await twoSchools();
    const phone = freshPhone();
    await linkOn(a, a.ids[0]!, { phone, name: 'Nadège' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(a.school, phone, PASSWORD)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});
