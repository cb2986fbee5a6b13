// The student register: list, form data, create, update and photos (document 2 §2, §5, §7).
import { describe, expect, it } from 'vitest';
import type { SavedStudent, StudentFormData, StudentList } from '../../worker/contract/students';
import { bodyOf, call, countEverywhere, createSchool, sql, type TestSchool, tokenFor } from './helpers';
import { type AcademicYear, createYear, seedStudents } from './fixtures-academic';

const CLASSES: [string, number | null][] = [
  ['7e AF', 25000],
  ['8e AF', 27500.5],
  ['9e AF', null],
];

async function schoolWithYear(shard?: string): Promise<{
  school: TestSchool;
  year: AcademicYear;
  admin: string;
  secretaire: string;
}> {
  const school = await createSchool({ shard });
  const year = await createYear(school.id, { classes: CLASSES });
  return { school, year, admin: await tokenFor(school, 'admin'), secretaire: await tokenFor(school, 'secretaire') };
}

const newStudent = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  nom: 'Joseph',
  prenom: 'Wideline',
  sexe: 'F',
  date_of_birth: '2012-03-09',
  address: '12, rue Lamarre, Delmas 33',
  photo_url: null,
  tutor_name: 'Marie-Ange Joseph',
  tutor_phone: '3712 3456',
  tutor_email: 'ma.joseph@gmail.com',
  medical_notes: JSON.stringify({ blood_group: 'O+', allergies: 'Arachides', illnesses: '' }),
  nisu: null,
  ...over,
});

const list = async (school: TestSchool, token: string, query: string) => {
  const res = await call(school, token, 'GET', `/api/students-with-enrollment-status?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return bodyOf<StudentList>(res);
};

const count = countEverywhere;

// A 1x1 PNG and a 'GIF' that is really text.
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const FAKE_GIF = `data:image/gif;base64,${btoa('<script>alert(1)</script>')}`;

describe('GET /api/students-with-enrollment-status', () => {
  it('pages by 25 with the total, sorted by last name, each with its enrolment of the year', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const seeds = Array.from({ length: 30 }, (_, i) => ({
      nom: `Nom${String(i).padStart(2, '0')}`,
      prenom: `Prénom${String(29 - i).padStart(2, '0')}`,
      ...(i % 3 === 0 ? { className: '8e AF', mppa: 27500.5 } : {}),
    }));
    const { studentIds } = await seedStudents(school.id, year, seeds);

    const first = await list(school, secretaire, `yearId=${year.yearId}&page=1&limit=25`);
    expect(first.pagination).toMatchObject({ page: 1, totalPages: 2, total: 30 });
    expect(first.students).toHaveLength(25);
    expect(first.students[0]).toMatchObject({ id: studentIds[0], nom: 'Nom00', status: 'active' });
    expect(first.students[0]!.enrollment).toMatchObject({ year_id: year.yearId, className: '8e AF', mppa: 27500.5 });
    expect(first.students[1]!.enrollment).toBeNull();

    const second = await list(school, secretaire, `yearId=${year.yearId}&page=2`);
    expect(second.pagination).toMatchObject({ page: 2, totalPages: 2, total: 30 });
    expect(second.students.map((s) => s.nom)).toEqual(['Nom25', 'Nom26', 'Nom27', 'Nom28', 'Nom29']);

    const byFirstName = await list(school, secretaire, `yearId=${year.yearId}&sort=prenom`);
    expect(byFirstName.students[0]!.prenom).toBe('Prénom00');
    expect(byFirstName.students[0]!.nom).toBe('Nom29');
  });

  it('hides archived students unless asked, filters by class or unenrolled, and searches names and NISU', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    await seedStudents(school.id, year, [
      { nom: 'Dorsainvil', prenom: 'Kervens', className: '7e AF', nisu: 'DOKE20120504M1234567' },
      { nom: 'Casséus', prenom: 'Nadège', className: '8e AF' },
      { nom: 'Jean-Baptiste', prenom: 'Wideline' },
      { nom: 'Lubin', prenom: 'Esther', status: 'archived', className: '7e AF' },
    ]);
    const names = (answer: StudentList) => answer.students.map((s) => s.prenom);

    expect(names(await list(school, secretaire, `yearId=${year.yearId}`))).toEqual(['Nadège', 'Kervens', 'Wideline']);
    const all = await list(school, secretaire, `yearId=${year.yearId}&includeArchived=true`);
    expect(all.pagination.total).toBe(4);
    expect(all.students.find((s) => s.prenom === 'Esther')!.status).toBe('archived');

    expect(
      names(await list(school, secretaire, `yearId=${year.yearId}&classFilter=${encodeURIComponent('7e AF')}`)),
    ).toEqual(['Kervens']);
    expect(
      names(
        await list(
          school,
          secretaire,
          `yearId=${year.yearId}&classFilter=${encodeURIComponent('7e af')}&includeArchived=true`,
        ),
      ),
    ).toEqual(['Kervens', 'Esther']);
    const unenrolled = await list(school, secretaire, `yearId=${year.yearId}&classFilter=__non_inscrits__`);
    expect(names(unenrolled)).toEqual(['Wideline']);
    expect(unenrolled.pagination).toMatchObject({ total: 1, totalPages: 1 });

    expect(names(await list(school, secretaire, `yearId=${year.yearId}&search=wide`))).toEqual(['Wideline']);
    expect(
      names(await list(school, secretaire, `yearId=${year.yearId}&search=${encodeURIComponent('baptiste wide')}`)),
    ).toEqual(['Wideline']);
    expect(names(await list(school, secretaire, `yearId=${year.yearId}&search=doke2012`))).toEqual(['Kervens']);
    // '%' and '_' are letters to look for, not wildcards.
    expect((await list(school, secretaire, `yearId=${year.yearId}&search=%25`)).pagination.total).toBe(0);
    expect((await list(school, secretaire, `yearId=${year.yearId}&search=_`)).pagination.total).toBe(0);
  });

  it('reads each student enrolment of the asked year only', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const next = await createYear(school.id, { name: '2026-2027', current: false, classes: CLASSES }, year.classIds);
    await seedStudents(school.id, year, [{ nom: 'Paul', prenom: 'Ralph', className: '9e AF' }]);
    expect((await list(school, secretaire, `yearId=${year.yearId}`)).students[0]!.enrollment?.className).toBe('9e AF');
    expect((await list(school, secretaire, `yearId=${next.yearId}`)).students[0]!.enrollment).toBeNull();
  });

  it('answers in two D1 statements sent in one batch, whatever the page holds', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    await seedStudents(
      school.id,
      year,
      Array.from({ length: 60 }, (_, i) => ({ nom: `N${i}`, prenom: 'P', className: i % 2 ? '7e AF' : '8e AF' })),
    );
    // Record the statements the list costs by wrapping the D1 binding the worker uses.
    const db = school.db;
    const originalBatch = db.batch.bind(db);
    const originalPrepare = db.prepare.bind(db);
    let queries: string[] = [];
    let batchSizes: number[] = [];
    db.prepare = (query: string) => {
      queries.push(query);
      return originalPrepare(query);
    };
    db.batch = (statements) => {
      batchSizes.push(statements.length);
      return originalBatch(statements);
    };
    const studentQueries = () => queries.filter((q) => /from "students"/i.test(q));
    try {
      const answer = await list(school, secretaire, `yearId=${year.yearId}&limit=50`);
      expect(answer.students).toHaveLength(50);
      const forFifty = { queries: studentQueries().length, batches: [...batchSizes] };
      queries = [];
      batchSizes = [];
      await list(school, secretaire, `yearId=${year.yearId}&limit=5&classFilter=${encodeURIComponent('7e AF')}`);
      expect(studentQueries().length).toBe(forFifty.queries);
      expect(forFifty.queries).toBe(2);
      expect(batchSizes).toEqual(forFifty.batches);
      expect(batchSizes).toContain(2);
    } finally {
      db.prepare = originalPrepare;
      db.batch = originalBatch;
    }
  });

  it('validates the query and refuses another school year', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const other = await schoolWithYear();
    const noYear = await call(school, secretaire, 'GET', '/api/students-with-enrollment-status');
    expect(noYear.status).toBe(400);
    expect(await bodyOf(noYear)).toEqual({ message: "L'année scolaire est requise.", code: 'validation' });
    const badPage = await call(
      school,
      secretaire,
      'GET',
      `/api/students-with-enrollment-status?yearId=${year.yearId}&page=0`,
    );
    expect(badPage.status).toBe(400);
    expect((await bodyOf(badPage)).message).toBe('Numéro de page invalide.');
    const foreign = await call(
      school,
      secretaire,
      'GET',
      `/api/students-with-enrollment-status?yearId=${other.year.yearId}`,
    );
    expect(foreign.status).toBe(404);
    expect((await bodyOf(foreign)).message).toBe('Année scolaire introuvable.');
  });

  it('is readable with student:read (comptable) and refused to teachers', async () => {
    const { school, year } = await schoolWithYear();
    const comptable = await tokenFor(school, 'comptable');
    expect(
      (await call(school, comptable, 'GET', `/api/students-with-enrollment-status?yearId=${year.yearId}`)).status,
    ).toBe(200);
    const prof = await tokenFor(school, 'prof');
    expect((await call(school, prof, 'GET', `/api/students-with-enrollment-status?yearId=${year.yearId}`)).status).toBe(
      403,
    );
  });
});

describe('GET /api/students/form-data', () => {
  it('lists the classes in order with their MPPA of the year', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const res = await call(school, secretaire, 'GET', `/api/students/form-data?yearId=${year.yearId}`);
    expect(res.status).toBe(200);
    const body = await bodyOf<StudentFormData>(res);
    expect(body.classes.map((c) => [c.name, c.mppa])).toEqual([
      ['7e AF', 25000],
      ['8e AF', 27500.5],
      ['9e AF', null],
    ]);
  });
});

describe('POST /api/students', () => {
  it('adds a student with an immediate enrolment, audited, and lists it', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const student = newStudent({
      nisu: 'josw20120309f1234567',
      enrollment: { year_id: year.yearId, className: '8e AF', mppa: 27500.5 },
    });
    const res = await call(school, secretaire, 'POST', '/api/students', student);
    expect(res.status).toBe(201);
    const body = await bodyOf<SavedStudent>(res);
    expect(body.message).toBe('Élève ajouté.');
    expect(body.student).toMatchObject({
      id: student.id,
      nisu: 'JOSW20120309F1234567',
      tutor_phone: '+509 3712 3456',
      status: 'active',
      enrollment: { year_id: year.yearId, className: '8e AF', mppa: 27500.5 },
    });
    const stored = await sql(
      school,
      'SELECT mppa FROM enrollments WHERE instance_id = ? AND student_id = ?',
      school.id,
      student.id,
    ).first<{
      mppa: number;
    }>();
    expect(stored!.mppa).toBe(2750050);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'CREATE_STUDENT'",
        school.id,
      ),
    ).toBe(1);

    const listed = await list(school, secretaire, `yearId=${year.yearId}&search=wideline`);
    expect(listed.students).toHaveLength(1);
    expect(listed.students[0]!.medical_notes).toBe(student.medical_notes);
  });

  it('answers the stored student to a replay: same id, or same Idempotency-Key, never a duplicate', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const student = newStudent({ enrollment: { year_id: year.yearId, className: '7e AF', mppa: 25000 } });
    const key = `cle-${crypto.randomUUID()}`;
    const first = await call(school, secretaire, 'POST', '/api/students', student, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const replayedKey = await call(school, secretaire, 'POST', '/api/students', student, { 'Idempotency-Key': key });
    expect(replayedKey.status).toBe(201);
    expect(replayedKey.headers.get('Idempotent-Replayed')).toBe('true');
    const replayedId = await call(school, secretaire, 'POST', '/api/students', student, {
      'Idempotency-Key': `cle-${crypto.randomUUID()}`,
    });
    expect(replayedId.status).toBe(200);
    const body = await bodyOf<SavedStudent>(replayedId);
    expect(body.message).toBe('Élève ajouté.');
    expect(body.student.enrollment).toMatchObject({ className: '7e AF' });
    expect(await count('SELECT COUNT(*) AS n FROM students WHERE instance_id = ?', school.id)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM enrollments WHERE instance_id = ?', school.id)).toBe(1);
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'CREATE_STUDENT'",
        school.id,
      ),
    ).toBe(1);

    // The same id sent to another school of the same database is never answered with this
    // school's student, nor refused as taken (that would tell the other school it exists): the
    // student gets a fresh id. (A school of another database has its own ids; a move checks the
    // target holds none of the moving school's ids, decision 251.)
    const other = await schoolWithYear(school.shard);
    const foreign = await call(other.school, other.secretaire, 'POST', '/api/students', {
      ...student,
      nom: 'Autre',
      enrollment: undefined,
    });
    expect(foreign.status).toBe(201);
    const created = (await bodyOf<SavedStudent>(foreign)).student;
    expect(created).toMatchObject({ nom: 'Autre', prenom: 'Wideline' });
    expect(created.id).not.toBe(student.id);
    expect(await count('SELECT COUNT(*) AS n FROM students WHERE instance_id = ?', other.school.id)).toBe(1);
    expect((await sql(school, 'SELECT nom FROM students WHERE id = ?', student.id).first<{ nom: string }>())!.nom).toBe(
      'Joseph',
    );
  });

  it('refuses a NISU already used by another student of the school with 409, not one of another school', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const other = await schoolWithYear();
    await seedStudents(school.id, year, [{ nom: 'Pierre', prenom: 'Evens', nisu: 'PIEV20110101M7654321' }]);
    const res = await call(school, secretaire, 'POST', '/api/students', newStudent({ nisu: 'piev20110101m7654321' }));
    expect(res.status).toBe(409);
    expect(await bodyOf(res)).toEqual({
      message: 'Ce NISU est déjà attribué à un autre élève de l’école.',
      code: 'nisu_taken',
    });
    const elsewhere = await call(
      other.school,
      other.secretaire,
      'POST',
      '/api/students',
      newStudent({ nisu: 'PIEV20110101M7654321' }),
    );
    expect(elsewhere.status).toBe(201);
  });

  it('validates every field with French messages', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const cases: [Record<string, unknown>, string][] = [
      [{ nom: '  ' }, 'Le nom est requis.'],
      [{ nom: undefined }, 'Le nom est requis.'],
      [{ prenom: '' }, 'Le prénom est requis.'],
      [{ sexe: 'X' }, 'Le sexe doit être Masculin (M) ou Féminin (F).'],
      [{ sexe: '' }, 'Le sexe est requis.'],
      [{ sexe: null }, 'Le sexe est requis.'],
      [{ date_of_birth: '' }, 'La date de naissance est requise.'],
      [
        { date_of_birth: '2012-02-30' },
        "La date de naissance n'est pas une date valide : vérifiez le jour, le mois et l'année.",
      ],
      [{ address: '' }, "L'adresse est requise."],
      [
        { tutor_phone: '12345' },
        "Le téléphone du tuteur n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
      ],
      [
        { tutor_phone: '+1234567890123456' },
        "Le téléphone du tuteur n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
      ],
      [{ tutor_email: 'pas-un-email' }, "L'e-mail du tuteur n'est pas une adresse e-mail valide."],
      [{ nisu: 'ABC' }, 'Le NISU doit contenir 20 caractères : 4 lettres, 8 chiffres, 1 lettre puis 7 chiffres.'],
      [
        { nisu: 'ABCD1234567891234567' },
        'Le NISU doit contenir 20 caractères : 4 lettres, 8 chiffres, 1 lettre puis 7 chiffres.',
      ],
      [
        { enrollment: { year_id: year.yearId, className: '7e AF', mppa: '' } },
        'Le montant MPPA est requis et doit être un nombre positif.',
      ],
      [
        { enrollment: { year_id: year.yearId, className: '7e AF', mppa: 'abc' } },
        'Le montant MPPA est requis et doit être un nombre positif.',
      ],
      [
        { enrollment: { year_id: year.yearId, className: '7e AF', mppa: -5 } },
        'Le montant MPPA est requis et doit être un nombre positif.',
      ],
      [{ enrollment: { year_id: year.yearId, className: '', mppa: 10 } }, 'Veuillez choisir une classe.'],
      [{ photo_url: FAKE_GIF }, 'La photo doit être une image PNG, JPEG, GIF ou WebP.'],
    ];
    for (const [over, message] of cases) {
      const res = await call(school, secretaire, 'POST', '/api/students', newStudent(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(await bodyOf(res), JSON.stringify(over)).toEqual({ message, code: 'validation' });
    }
    const unknownClass = await call(
      school,
      secretaire,
      'POST',
      '/api/students',
      newStudent({ enrollment: { year_id: year.yearId, className: 'Philo', mppa: 10 } }),
    );
    expect(unknownClass.status).toBe(404);
    expect((await bodyOf(unknownClass)).message).toBe('Classe introuvable.');
    expect(await count('SELECT COUNT(*) AS n FROM students WHERE instance_id = ?', school.id)).toBe(0);

    // Empty optional fields are stored as null. The sex is required, as in the form.
    const minimal = await call(
      school,
      secretaire,
      'POST',
      '/api/students',
      newStudent({ tutor_phone: '', tutor_email: '', tutor_name: ' ', medical_notes: '', nisu: '' }),
    );
    expect(minimal.status).toBe(201);
    expect((await bodyOf<SavedStudent>(minimal)).student).toMatchObject({
      sexe: 'F',
      tutor_phone: null,
      tutor_email: null,
      tutor_name: null,
      medical_notes: null,
      nisu: null,
    });
  });

  it('needs student:create, and enrollment:create to enrol at once', async () => {
    const school = await createSchool({
      users: [
        { username: 'comptable', type: 'standard', templates: ['accountant'] },
        { username: 'prof', type: 'teacher' },
        { username: 'createur', type: 'standard' },
      ],
    });
    const year = await createYear(school.id, { classes: CLASSES });
    for (const username of ['comptable', 'prof']) {
      const res = await call(school, await tokenFor(school, username), 'POST', '/api/students', newStudent());
      expect(res.status, username).toBe(403);
      expect(await bodyOf(res)).toEqual({
        message: "Vous n'avez pas la permission d'effectuer cette action.",
        code: 'forbidden',
      });
    }
    // A custom role holding student:create but not enrollment:create.
    const roleId = crypto.randomUUID();
    const userId = (await sql(
      school,
      "SELECT id FROM users WHERE instance_id = ? AND username = 'createur'",
      school.id,
    ).first<{
      id: string;
    }>())!.id;
    await school.db.batch([
      sql(school, 'INSERT INTO roles (id, instance_id, name) VALUES (?, ?, ?)', roleId, school.id, 'Saisie élèves'),
      sql(
        school,
        'INSERT INTO role_permissions (instance_id, role_id, permission_id) VALUES (?, ?, 2)',
        school.id,
        roleId,
      ),
      sql(school, 'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)', school.id, userId, roleId),
    ]);
    const createur = await tokenFor(school, 'createur');
    const enrolling = await call(
      school,
      createur,
      'POST',
      '/api/students',
      newStudent({ enrollment: { year_id: year.yearId, className: '7e AF', mppa: 1 } }),
    );
    expect(enrolling.status).toBe(403);
    expect((await bodyOf(enrolling)).message).toBe("Vous n'avez pas la permission d'inscrire des élèves.");
    expect((await call(school, createur, 'POST', '/api/students', newStudent())).status).toBe(201);
  });

  it("answers 404 for another school's year in the enrolment", async () => {
    const { school, secretaire } = await schoolWithYear();
    const other = await schoolWithYear();
    const res = await call(
      school,
      secretaire,
      'POST',
      '/api/students',
      newStudent({ enrollment: { year_id: other.year.yearId, className: '7e AF', mppa: 1 } }),
    );
    expect(res.status).toBe(404);
    expect(await count('SELECT COUNT(*) AS n FROM students WHERE instance_id = ?', school.id)).toBe(0);
  });
});

describe('PUT /api/students/:id', () => {
  it('updates the fields, the MPPA of the enrolment, audited with the changes', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
      { nom: 'Paul', prenom: 'Ralph', className: '7e AF', mppa: 25000 },
    ]);
    const id = studentIds[0]!;
    const res = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${id}`,
      newStudent({
        id: undefined,
        nom: 'Paul-Émile',
        prenom: 'Ralph',
        mppa: 20000,
        enrollmentId: enrollmentIdByStudent.get(id),
        revision: 0,
      }),
    );
    expect(res.status).toBe(200);
    const body = await bodyOf<SavedStudent>(res);
    expect(body.message).toBe('Élève mis à jour.');
    expect(body.student).toMatchObject({ id, nom: 'Paul-Émile', tutor_phone: '+509 3712 3456' });
    // The answer is the register's row as saved (its enrolment of the year too): the page puts it in place.
    expect(body.student.enrollment).toEqual({
      id: enrollmentIdByStudent.get(id),
      year_id: year.yearId,
      class_id: expect.any(String),
      className: '7e AF',
      mppa: 20000,
    });
    expect((await list(school, secretaire, `yearId=${year.yearId}&search=paul-emile`)).students).toEqual([
      body.student,
    ]);
    const row = await sql(
      school,
      'SELECT s.nom, e.mppa FROM students s JOIN enrollments e ON e.student_id = s.id WHERE s.id = ?',
      id,
    ).first<{
      nom: string;
      mppa: number;
    }>();
    expect(row).toEqual({ nom: 'Paul-Émile', mppa: 2000000 });
    const audit = await sql(
      school,
      "SELECT details FROM audit_log WHERE instance_id = ? AND action_type = 'UPDATE_STUDENT'",
      school.id,
    ).first<{
      details: string;
    }>();
    expect(JSON.parse(audit!.details).changes).toMatchObject({
      nom: 'Paul-Émile',
      mppa: { before: 25000, after: 20000 },
    });
  });

  it('enrols from the form a student who had no enrolment for the year', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const { studentIds } = await seedStudents(school.id, year, [{ nom: 'Paul', prenom: 'Ralph' }]);
    const res = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${studentIds[0]}`,
      newStudent({ id: undefined, enrollment: { year_id: year.yearId, className: '9e AF', mppa: 30000 }, revision: 0 }),
    );
    expect(res.status).toBe(200);
    expect((await bodyOf<SavedStudent>(res)).student.enrollment).toMatchObject({ className: '9e AF', mppa: 30000 });
    const again = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${studentIds[0]}`,
      newStudent({ id: undefined, enrollment: { year_id: year.yearId, className: '7e AF', mppa: 1 }, revision: 1 }),
    );
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('Wideline est déjà inscrit(e) pour cette année.');
  });

  it("answers 404 for another school's student and refuses a NISU taken in the school", async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const other = await schoolWithYear();
    const { studentIds: foreign } = await seedStudents(other.school.id, other.year, [
      { nom: 'Autre', prenom: 'École' },
    ]);
    const res = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${foreign[0]}`,
      newStudent({ id: undefined, revision: 0 }),
    );
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).message).toBe('Élève introuvable.');
    expect(
      (await sql(other.school, 'SELECT nom FROM students WHERE id = ?', foreign[0]).first<{ nom: string }>())!.nom,
    ).toBe('Autre');

    const { studentIds } = await seedStudents(school.id, year, [
      { nom: 'A', prenom: 'A', nisu: 'AAAA20110101M1111111' },
      { nom: 'B', prenom: 'B', nisu: 'BBBB20110101M2222222' },
    ]);
    const taken = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${studentIds[1]}`,
      newStudent({ nisu: 'AAAA20110101M1111111', revision: 0 }),
    );
    expect(taken.status).toBe(409);
    expect((await bodyOf(taken)).code).toBe('nisu_taken');
    const own = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${studentIds[1]}`,
      newStudent({ nisu: 'BBBB20110101M2222222', revision: 0 }),
    );
    expect(own.status).toBe(200);
  });

  it('refuses the MPPA change without enrollment:update_payment and the edit without student:update', async () => {
    const school = await createSchool({
      users: [
        { username: 'comptable', type: 'standard', templates: ['accountant'] },
        { username: 'editeur', type: 'standard' },
      ],
    });
    const year = await createYear(school.id, { classes: CLASSES });
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
      { nom: 'Paul', prenom: 'Ralph', className: '7e AF', mppa: 25000 },
    ]);
    const id = studentIds[0]!;
    const comptable = await tokenFor(school, 'comptable');
    expect((await call(school, comptable, 'PUT', `/api/students/${id}`, newStudent({ revision: 0 }))).status).toBe(403);

    const roleId = crypto.randomUUID();
    const userId = (await sql(
      school,
      "SELECT id FROM users WHERE instance_id = ? AND username = 'editeur'",
      school.id,
    ).first<{
      id: string;
    }>())!.id;
    await school.db.batch([
      sql(school, 'INSERT INTO roles (id, instance_id, name) VALUES (?, ?, ?)', roleId, school.id, 'Édition'),
      sql(
        school,
        'INSERT INTO role_permissions (instance_id, role_id, permission_id) VALUES (?, ?, 3)',
        school.id,
        roleId,
      ),
      sql(school, 'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)', school.id, userId, roleId),
    ]);
    const editeur = await tokenFor(school, 'editeur');
    const enrollmentId = enrollmentIdByStudent.get(id);
    const same = await call(
      school,
      editeur,
      'PUT',
      `/api/students/${id}`,
      newStudent({ mppa: 25000, enrollmentId, revision: 0 }),
    );
    expect(same.status).toBe(200);
    const changed = await call(
      school,
      editeur,
      'PUT',
      `/api/students/${id}`,
      newStudent({ mppa: 1, enrollmentId, revision: 1 }),
    );
    expect(changed.status).toBe(403);
    expect((await bodyOf(changed)).message).toBe("Vous n'avez pas la permission de modifier le montant MPPA.");
  });
});

describe('student photos', () => {
  it('stores a real image in R2, serves it to staff of the school only, and removes it', async () => {
    const { school, year, secretaire } = await schoolWithYear();
    const other = await schoolWithYear();
    const created = await call(school, secretaire, 'POST', '/api/students', newStudent({ photo_url: PNG_1PX }));
    expect(created.status).toBe(201);
    const { student } = await bodyOf<SavedStudent>(created);
    expect(student.photo_url).toMatch(new RegExp(`^/api/students/${student.id}/photo/[0-9a-f-]+$`));

    const photo = await call(school, secretaire, 'GET', student.photo_url!);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('Content-Type')).toBe('image/png');
    expect(photo.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await photo.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    expect((await call(school, null, 'GET', student.photo_url!)).status).toBe(401);
    expect((await call(other.school, other.secretaire, 'GET', student.photo_url!)).status).toBe(404);

    const listed = await list(school, secretaire, `yearId=${year.yearId}`);
    expect(listed.students[0]!.photo_url).toBe(student.photo_url);

    // Keeping the URL keeps the photo; null removes it.
    const kept = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${student.id}`,
      newStudent({ photo_url: student.photo_url, revision: 0 }),
    );
    expect((await bodyOf<SavedStudent>(kept)).student.photo_url).toBe(student.photo_url);
    const removed = await call(
      school,
      secretaire,
      'PUT',
      `/api/students/${student.id}`,
      newStudent({ photo_url: null, revision: 1 }),
    );
    expect((await bodyOf<SavedStudent>(removed)).student.photo_url).toBeNull();
  });
});
