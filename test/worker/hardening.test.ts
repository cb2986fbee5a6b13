// Issue 9 "Hardening what exists": long accented searches, bad inputs answered in French, 415,
// path parameters, the school logo in R2, and writes whose check is part of the batch.
import { env } from 'cloudflare:workers';
import type { ClassFee } from '../../worker/contract/class-financials';
import type { SavedClass } from '../../worker/contract/classes';
import type { SchoolInfo } from '../../worker/contract/instance';
import type { Report } from '../../worker/contract/finance';
import type { SavedRole } from '../../worker/contract/roles';
import type { SavedStudent, StudentList } from '../../worker/contract/students';
import { describe, expect, it } from 'vitest';
import { bodyOf, call, createSchool, sql, type TestSchool, tokenFor } from './helpers';
import { createYear, seedStudents } from './fixtures-academic';

const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const schoolInfo = (over: Record<string, unknown> = {}) => ({
  name: 'Collège Saint-Pierre',
  email: 'contact@ecole.ht',
  address: 'Delmas 33',
  phone: '+509 3712 3456',
  passing_grade: 50,
  currency: 'Gdes',
  ...over,
});

const newStudent = (over: Record<string, unknown> = {}) => ({
  nom: 'Joseph',
  prenom: 'Wideline',
  sexe: 'F',
  date_of_birth: '2012-03-09',
  address: 'Delmas 33',
  ...over,
});

async function schoolWithStudents() {
  const school = await createSchool();
  const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
  await seedStudents(school.id, year, [
    { nom: 'Saint-Fleur-Desravines-Jean-Baptiste', prenom: 'Marie-Françoise Clémentine', className: '7e AF' },
    { nom: 'Saint-Fleur', prenom: 'Marie-José', className: '7e AF' },
    { nom: 'Étienne', prenom: 'Éliane', className: '7e AF' },
    { nom: 'Zéphir', prenom: 'Eliane', className: '7e AF' },
    { nom: 'Emmanuel', prenom: 'Kervens', className: '7e AF' },
    { nom: 'Fils-Aimé', prenom: 'Judith', className: '7e AF' },
  ]);
  return { school, year, admin: await tokenFor(school, 'admin') };
}

describe('searching students by long and accented names', () => {
  const LONG = 'Saint-Fleur-Desravines-Jean-Baptiste Marie-Françoise Clémentine';

  it('finds a 60-character accented name on the student list, accents and case ignored both ways', async () => {
    const { school, year, admin } = await schoolWithStudents();
    expect(LONG.length).toBeGreaterThan(60);
    const names = async (search: string) => {
      const res = await call(
        school,
        admin,
        'GET',
        `/api/students-with-enrollment-status?yearId=${year.yearId}&search=${encodeURIComponent(search)}`,
      );
      expect(res.status, search).toBe(200);
      return (await bodyOf<StudentList>(res)).students.map((s) => `${s.prenom} ${s.nom}`);
    };
    expect(await names(LONG)).toEqual(['Marie-Françoise Clémentine Saint-Fleur-Desravines-Jean-Baptiste']);
    expect(await names(LONG.toUpperCase())).toEqual([
      'Marie-Françoise Clémentine Saint-Fleur-Desravines-Jean-Baptiste',
    ]);
    expect(await names('saint fleur desravines jean baptiste marie francoise clementine')).toHaveLength(1);
    expect(await names('Saint-Fleur')).toHaveLength(2);
    expect(await names('eliane')).toEqual(['Éliane Étienne', 'Eliane Zéphir']);
    expect(await names('ÉLIANE ZEPHIR')).toEqual(['Eliane Zéphir']);
  });

  it('sorts names starting with an accent with their letter, not after Z', async () => {
    const { school, year, admin } = await schoolWithStudents();
    const res = await call(school, admin, 'GET', `/api/students-with-enrollment-status?yearId=${year.yearId}`);
    const noms = (await bodyOf<StudentList>(res)).students.map((s) => s.nom);
    expect(noms).toEqual([
      'Emmanuel',
      'Étienne',
      'Fils-Aimé',
      'Saint-Fleur',
      'Saint-Fleur-Desravines-Jean-Baptiste',
      'Zéphir',
    ]);
  });

  it('answers the financial report for the same long search with the same rule', async () => {
    const { school, year, admin } = await schoolWithStudents();
    const report = async (searchTerm: string) => {
      const res = await call(
        school,
        admin,
        'GET',
        `/api/enrollments/all?yearId=${year.yearId}&searchTerm=${encodeURIComponent(searchTerm)}`,
      );
      expect(res.status, searchTerm).toBe(200);
      return (await bodyOf<Report>(res)).enrollments.map((e) => e.nom);
    };
    expect(await report(LONG)).toEqual(['Saint-Fleur-Desravines-Jean-Baptiste']);
    expect(await report('eliane')).toEqual(['Étienne', 'Zéphir']);
    expect(await report('')).toEqual([
      'Emmanuel',
      'Étienne',
      'Fils-Aimé',
      'Saint-Fleur',
      'Saint-Fleur-Desravines-Jean-Baptiste',
      'Zéphir',
    ]);
  });

  it('keeps the folded names right when a student is added or renamed', async () => {
    const { school, year, admin } = await schoolWithStudents();
    const created = await call(
      school,
      admin,
      'POST',
      '/api/students',
      newStudent({ nom: 'Œuvre-Désir', prenom: 'Ænéas' }),
    );
    expect(created.status).toBe(201);
    const { student } = await bodyOf<SavedStudent>(created);
    const search = (q: string) =>
      call(
        school,
        admin,
        'GET',
        `/api/students-with-enrollment-status?yearId=${year.yearId}&search=${encodeURIComponent(q)}`,
      ).then((r) => bodyOf<StudentList>(r));
    expect((await search('oeuvre desir aeneas')).pagination.total).toBe(1);
    const renamed = await call(
      school,
      admin,
      'PUT',
      `/api/students/${student.id}`,
      newStudent({ nom: 'Noël', prenom: 'Ænéas', revision: 0 }),
    );
    expect(renamed.status).toBe(200);
    expect((await search('oeuvre')).pagination.total).toBe(0);
    expect((await search('NOEL')).pagination.total).toBe(1);
  });
});

describe('bad inputs answer 400 or 415 in French', () => {
  async function expectRefused(res: Response, status: number, message: string) {
    expect(res.status, message).toBe(status);
    expect(await bodyOf(res)).toMatchObject({ message });
  }

  it('refuses a passing grade that is not a whole number from 0 to 100', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    for (const passing_grade of [null, true, '', 'abc', 55.5, -1, 101, '1e2', []]) {
      await expectRefused(
        await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ passing_grade })),
        400,
        'La moyenne de passage doit être un nombre entier entre 0 et 100.',
      );
    }
    const row = await sql(school, 'SELECT passing_grade FROM instances WHERE id = ?', school.id).first<{
      passing_grade: number;
    }>();
    expect(row!.passing_grade).toBe(50);
    // The form's own field sends a number; digits typed as text are read too.
    expect(
      (await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ passing_grade: '65' }))).status,
    ).toBe(200);
    expect(
      (await sql(school, 'SELECT passing_grade FROM instances WHERE id = ?', school.id).first<{
        passing_grade: number;
      }>())!.passing_grade,
    ).toBe(65);
  });

  it('refuses names made of invisible characters, and strips NUL and direction overrides', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    for (const name of ['\u200b', '\u200b\u200d\u2060', '\u202e', '\u0000', ' \u00ad ']) {
      await expectRefused(
        await call(school, admin, 'POST', '/api/classes', { name }),
        400,
        'Le nom de la classe est requis.',
      );
      await expectRefused(
        await call(school, admin, 'POST', '/api/subjects', { name }),
        400,
        'Le nom de la matière est requis.',
      );
      await expectRefused(
        await call(school, admin, 'POST', '/api/roles', { name, permissionIds: [] }),
        400,
        'Le nom du rôle est requis.',
      );
      await expectRefused(
        await call(school, admin, 'POST', '/api/students', newStudent({ nom: name })),
        400,
        'Le nom est requis.',
      );
      await expectRefused(
        await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ name })),
        400,
        "Le nom de l'école est requis.",
      );
    }
    const created = await call(school, admin, 'POST', '/api/classes', { name: '7e\u0000 \u202eAF\u200b' });
    expect(created.status).toBe(201);
    expect((await bodyOf<SavedClass>(created)).name).toBe('7e AF');
    // A look-alike of an existing name is the same name.
    await expectRefused(
      await call(school, admin, 'POST', '/api/classes', { name: '7e\u200b AF' }),
      409,
      'Une classe porte déjà ce nom.',
    );
  });

  it('names the field in French words, never zod’s internals', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    await expectRefused(
      await call(school, admin, 'POST', '/api/students', { ...newStudent(), id: 'pas/un id' }),
      400,
      "L'identifiant de l'élève est invalide.",
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/classes', { name: 'x', order_index: 'premier' }),
      400,
      "L'ordre de la classe doit être un nombre entier positif.",
    );
    await expectRefused(
      await call(school, admin, 'PUT', '/api/superadmin/maintenance', { active: true }),
      403,
      "Vous n'avez pas la permission d'effectuer cette action.",
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/roles', { name: 'Caisse', permissionIds: 'tout' }),
      400,
      'Permission inconnue.',
    );
    await expectRefused(
      await call(school, admin, 'GET', '/api/students-with-enrollment-status?yearId=x&sort=age'),
      400,
      "« Tri » : ce choix n'existe pas.",
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/classes', ['7e AF']),
      400,
      'Le corps de la requête doit être un objet JSON.',
    );
  });

  it('refuses write bodies that are not JSON with 415, before anything is written', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    for (const [type, body] of [
      ['text/plain', '{"name":"7e AF"}'],
      ['application/x-www-form-urlencoded', 'name=7e+AF'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\n7e AF\r\n--x--'],
    ] as const) {
      const res = await school.fetch('/api/classes', {
        method: 'POST',
        headers: { Authorization: `Bearer ${admin}`, 'Content-Type': type },
        body,
      });
      await expectRefused(
        res,
        415,
        'Le corps de la requête doit être envoyé en JSON (Content-Type: application/json).',
      );
    }
    const untyped = await school.fetch('/api/login', { method: 'POST', body: '{"username":"admin","password":"x"}' });
    expect(untyped.status).toBe(415);
    expect(
      (await sql(school, 'SELECT COUNT(*) AS n FROM classes WHERE instance_id = ?', school.id).first<{ n: number }>())!
        .n,
    ).toBe(0);
    // JSON with a charset, and writes without a body, pass.
    const json = await school.fetch('/api/classes', {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":"7e AF"}',
    });
    expect(json.status).toBe(201);
  });

  it('holds the server to the forms’ rules: year order, birth date, phones, NISU pasted with spaces', async () => {
    const school = await createSchool();
    const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
    const admin = await tokenFor(school, 'admin');
    await expectRefused(
      await call(school, admin, 'POST', '/api/school-years', { name: '2031-2030' }),
      400,
      'La deuxième année doit suivre la première, par exemple 2025-2026.',
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/setup/new-year', { yearName: '2031-2030', subjects: ['Maths'] }),
      400,
      'La deuxième année doit suivre la première, par exemple 2025-2026.',
    );
    await expectRefused(
      await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ phone: 'abc' })),
      400,
      "Le téléphone de l'école n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
    );
    const nextYear = new Date().getFullYear() + 1;
    await expectRefused(
      await call(school, admin, 'POST', '/api/students', newStudent({ date_of_birth: `${nextYear}-01-15` })),
      400,
      'La date de naissance ne peut pas être dans le futur.',
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/students', newStudent({ date_of_birth: '2013-02-29' })),
      400,
      "La date de naissance n'est pas une date valide : vérifiez le jour, le mois et l'année.",
    );
    await expectRefused(
      await call(school, admin, 'POST', '/api/students', newStudent({ date_of_birth: '1880-05-01' })),
      400,
      'La date de naissance ne peut pas remonter à plus de 120 ans.',
    );
    await expectRefused(
      await call(
        school,
        admin,
        'POST',
        '/api/students',
        newStudent({ medical_notes: JSON.stringify({ blood_group: 'Z+', allergies: '', illnesses: '' }) }),
      ),
      400,
      'Les notes médicales ne sont pas valides : groupe sanguin inconnu ou texte trop long.',
    );
    const pasted = await call(
      school,
      admin,
      'POST',
      '/api/students',
      newStudent({ nisu: ' zeel 20130301 m 1234567 ' }),
    );
    expect(pasted.status).toBe(201);
    expect((await bodyOf<SavedStudent>(pasted)).student.nisu).toBe('ZEEL20130301M1234567');
    expect(year.yearId).toBeTruthy();
  });
});

describe('path parameters', () => {
  it('answers 404, not 500, for a logo version of 1,100 characters or any odd one', async () => {
    const school = await createSchool();
    for (const version of ['a'.repeat(1100), '..%2F..%2Fsecret', '%00', 'x'.repeat(65)]) {
      const res = await school.fetch(`/api/instance/logo/${version}`);
      expect(res.status, version.slice(0, 20)).toBe(404);
      expect(await bodyOf(res)).toEqual({ message: 'Ressource introuvable.', code: 'not_found' });
    }
  });

  it('answers 400 or 404 in French for ids that are too long or odd, in paths and queries', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const long = 'x'.repeat(1100);
    for (const [method, path] of [
      ['PUT', `/api/classes/${long}`],
      ['DELETE', `/api/school-years/${long}`],
      ['GET', `/api/students/${long}/photo/${long}`],
      ['GET', `/api/academic-periods?yearId=${long}`],
      ['GET', `/api/enrollments/all?yearId=${long}`],
      ['GET', `/api/students-with-enrollment-status?yearId=${long}`],
    ] as const) {
      const res = await call(
        school,
        admin,
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
      );
      expect([400, 404], `${method} ${path.slice(0, 40)}`).toContain(res.status);
      expect((await bodyOf(res)).message).toMatch(/^[«A-ZÉ'L]/);
    }
  });
});

describe('the school logo in R2', () => {
  const logoKeys = async (school: TestSchool) =>
    (await env.FILES.list({ prefix: `instances/${school.id}/logo/` })).objects.map((o) => o.key);

  it('deletes the old object when the logo is replaced or removed', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const current = async () =>
      (await bodyOf<SchoolInfo>(await call(school, admin, 'GET', '/api/instance/current'))).logo_url;

    expect((await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ logo_url: PNG_1PX }))).status).toBe(
      200,
    );
    const first = await current();
    expect(await logoKeys(school)).toHaveLength(1);

    expect((await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ logo_url: PNG_1PX }))).status).toBe(
      200,
    );
    const second = await current();
    expect(second).not.toBe(first);
    await expect.poll(() => logoKeys(school)).toHaveLength(1);
    expect((await school.fetch(first!)).status).toBe(404);
    expect((await school.fetch(second!)).status).toBe(200);

    // Keeping the URL keeps the logo; null removes it, and its object.
    expect((await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ logo_url: second }))).status).toBe(
      200,
    );
    expect(await current()).toBe(second);
    expect((await call(school, admin, 'PUT', '/api/instance/current', schoolInfo({ logo_url: null }))).status).toBe(
      200,
    );
    expect(await current()).toBeNull();
    await expect.poll(() => logoKeys(school)).toEqual([]);
    expect((await school.fetch(second!)).status).toBe(404);
  });
});

describe('writes whose check is part of their batch', () => {
  it('keeps one of two parallel saves of the same student and refuses the other with 409', async () => {
    const school = await createSchool();
    const year = await createYear(school.id, { classes: [['7e AF', 25000]] });
    const { studentIds } = await seedStudents(school.id, year, [{ nom: 'Paul', prenom: 'Ralph' }]);
    const [secretaire, admin] = [await tokenFor(school, 'secretaire'), await tokenFor(school, 'admin')];
    const id = studentIds[0]!;
    const [a, b] = await Promise.all([
      call(
        school,
        secretaire,
        'PUT',
        `/api/students/${id}`,
        newStudent({ nom: 'Paul', prenom: 'Ralph', address: 'Pétion-Ville', revision: 0 }),
      ),
      call(
        school,
        admin,
        'PUT',
        `/api/students/${id}`,
        newStudent({ nom: 'Paul', prenom: 'Ralph', tutor_name: 'Rose Paul', revision: 0 }),
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(await bodyOf(refused)).toEqual({
      message: 'Cet élève a été modifié entre-temps par quelqu’un d’autre. Rechargez la liste et recommencez.',
      code: 'changed',
    });
    const row = await sql(school, 'SELECT address, tutor_name, revision FROM students WHERE id = ?', id).first<
      Record<string, unknown>
    >();
    expect(row!.revision).toBe(1);
    // Exactly the saved one is stored: never a mix, never a silent loss.
    expect([
      { address: 'Pétion-Ville', tutor_name: null },
      { address: 'Delmas 33', tutor_name: 'Rose Paul' },
    ]).toContainEqual({ address: row!.address, tutor_name: row!.tutor_name });
    const audits = await sql(
      school,
      "SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'UPDATE_STUDENT'",
      school.id,
    ).first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });

  it('refuses a role save made from an older revision', async () => {
    const school = await createSchool();
    const admin = await tokenFor(school, 'admin');
    const role = await bodyOf<SavedRole>(
      await call(school, admin, 'POST', '/api/roles', { name: 'Surveillance', permissionIds: [1] }),
    );
    expect(role.revision).toBe(0);
    const [a, b] = await Promise.all([
      call(school, admin, 'PUT', `/api/roles/${role.id}`, {
        name: 'Surveillance',
        permissionIds: [1, 10],
        revision: 0,
      }),
      call(school, admin, 'PUT', `/api/roles/${role.id}`, { name: 'Vie scolaire', permissionIds: [1], revision: 0 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await bodyOf(a.status === 409 ? a : b)).message).toBe(
      'Ce rôle a été modifié entre-temps par quelqu’un d’autre. Rechargez la liste et recommencez.',
    );
  });

  it('refuses a class fee save when another save changed the same amount meanwhile', async () => {
    const school = await createSchool();
    const year = await createYear(school.id, {
      classes: [
        ['7e AF', 25000],
        ['8e AF', null],
      ],
    });
    const admin = await tokenFor(school, 'admin');
    const save = (financials: unknown[]) =>
      call(school, admin, 'PUT', '/api/class-financials', { yearId: year.yearId, financials });
    // Two people opened the tab; each changes one class: both are kept.
    expect((await save([{ class_name: '7e AF', mppa: 26000, previous: 25000 }])).status).toBe(200);
    expect((await save([{ class_name: '8e AF', mppa: 30000, previous: null }])).status).toBe(200);
    // A third, opened before, changes 7e AF again from the old amount: refused, nothing written.
    const stale = await save([
      { class_name: '8e AF', mppa: 31000, previous: 30000 },
      { class_name: '7e AF', mppa: 24000, previous: 25000 },
    ]);
    expect(stale.status).toBe(409);
    expect((await bodyOf(stale)).message).toBe(
      'Des montants ont été modifiés entre-temps par quelqu’un d’autre. Rechargez l’onglet et recommencez.',
    );
    const fees = await call(school, admin, 'GET', `/api/class-financials?yearId=${year.yearId}`);
    expect((await bodyOf<ClassFee[]>(fees)).map((f) => [f.class_name, f.mppa])).toEqual([
      ['7e AF', 26000],
      ['8e AF', 30000],
    ]);
  });
});
