// Importing a register (issue 30): the preview's verdicts, idempotent batches, refused lines
// writing nothing, duplicates within the school only (never another school's), the guard that
// stops a batch when a NISU was taken after its read, and constant queries per batch.
import { describe, expect, it } from 'vitest';
import type { ImportCheck, ImportLineBody, ImportWritten } from '../../worker/contract/student-import';
import type { StudentList } from '../../worker/contract/students';
import { database } from '../../worker/db/client';
import { conditionsHolding } from '../../worker/db/guards';
import { noneOfImport } from '../../worker/db/students';
import { bodyOf, call, countEverywhere, createSchool, d1RoundTrips, sql, type TestSchool, tokenFor } from './helpers';
import { type AcademicYear, createYear, seedStudents } from './fixtures-academic';

const NISU_A = 'PILO20120315F1234567';
const NISU_B = 'DORC20110901M7654321';

async function setUp(): Promise<{ school: TestSchool; year: AcademicYear; secretaire: string }> {
  const school = await createSchool();
  const year = await createYear(school.id, {
    classes: [
      ['7e AF', 25000],
      ['8e AF', null],
    ],
  });
  return { school, year, secretaire: await tokenFor(school, 'secretaire') };
}

let n = 0;
const line = (fields: Partial<ImportLineBody> = {}): ImportLineBody => {
  n += 1;
  return {
    line: n + 1,
    id: crypto.randomUUID(),
    nom: `Nom${n}`,
    prenom: `Prénom${n}`,
    sexe: 'F',
    date_of_birth: '2012-03-15',
    birth_place: 'Jacmel',
    address: 'Delmas 33',
    nisu: '',
    className: '',
    tutor_name: '',
    tutor_phone: '',
    tutor_email: '',
    ...fields,
  };
};

const count = async (school: TestSchool, query: string, ...params: unknown[]) =>
  (await sql(school, query, ...params).first<{ n: number }>())!.n;
const studentsOf = (school: TestSchool) =>
  count(school, 'SELECT COUNT(*) AS n FROM students WHERE instance_id = ?', school.id);
const enrolmentsOf = (school: TestSchool) =>
  count(school, 'SELECT COUNT(*) AS n FROM enrollments WHERE instance_id = ?', school.id);

const check = (school: TestSchool, token: string, yearId: string, lines: ImportLineBody[]) =>
  call(school, token, 'POST', '/api/students/import/check', { yearId, lines });
const write = (school: TestSchool, token: string, yearId: string, lines: ImportLineBody[], key?: string) =>
  call(school, token, 'POST', '/api/students/import', { yearId, lines }, key ? { 'Idempotency-Key': key } : {});

describe('POST /api/students/import/check (the preview)', () => {
  it('answers each line: created, enrolled, duplicate of the school or of an earlier line, refused with the form’s reason', async () => {
    const { school, year, secretaire } = await setUp();
    await seedStudents(school.id, year, [
      { nom: 'Déjà', prenom: 'Là', nisu: NISU_A },
      { nom: 'Jean-Baptiste', prenom: 'Émile' },
    ]);
    const lines = [
      line({ nom: 'Paul', prenom: 'Ralph' }),
      line({ className: '7e af' }),
      line({ nisu: 'pilo 2012 0315 f 1234567' }),
      line({ nom: 'JEAN BAPTISTE', prenom: 'emile', date_of_birth: '2012-05-04' }),
      line({ nom: 'Paul', prenom: 'Ralph' }),
      line({ date_of_birth: '2012-02-30' }),
      line({ className: 'Philo' }),
      line({ sexe: 'X' }),
      line({ nom: '' }),
      line({ tutor_phone: '12' }),
      line({ address: '' }),
    ];
    const before = await studentsOf(school);
    const res = await check(school, secretaire, year.yearId, lines);
    expect(res.status).toBe(200);
    const { verdicts } = await bodyOf<ImportCheck>(res);
    expect(verdicts.map((v) => [v.status, v.className ?? v.reason ?? null])).toEqual([
      ['create', null],
      ['enrol', '7e AF'],
      ['duplicate', 'Doublon : Là Déjà a déjà ce NISU dans l’école.'],
      ['duplicate', 'Doublon : Émile Jean-Baptiste a déjà ces nom, prénom et date de naissance dans l’école.'],
      ['duplicate', `Doublon de la ligne ${lines[0]!.line} (mêmes nom, prénom et date de naissance).`],
      ['refused', "La date de naissance n'est pas une date valide : vérifiez le jour, le mois et l'année."],
      ['refused', 'Classe inconnue : « Philo ». Créez-la dans l’administration ou corrigez la ligne.'],
      ['refused', 'Le sexe doit être Masculin (M) ou Féminin (F).'],
      ['refused', 'Le nom est requis.'],
      [
        'refused',
        "Le téléphone du tuteur n'est pas valide : 8 chiffres pour Haïti, au plus 15 chiffres avec l'indicatif.",
      ],
      ['refused', "L'adresse est requise."],
    ]);
    expect(verdicts.map((v) => v.line)).toEqual(lines.map((l) => l.line));
    expect(await studentsOf(school)).toBe(before);
  });

  it("does not report another school's NISU or student as a duplicate", async () => {
    const { school, year, secretaire } = await setUp();
    const other = await setUp();
    await seedStudents(other.school.id, other.year, [{ nom: 'Autre', prenom: 'École', nisu: NISU_B }]);
    const { verdicts } = await bodyOf<ImportCheck>(
      await check(school, secretaire, year.yearId, [
        line({ nisu: NISU_B }),
        line({ nom: 'Autre', prenom: 'École', date_of_birth: '2012-05-04' }),
      ]),
    );
    expect(verdicts.map((v) => v.status)).toEqual(['create', 'create']);
  });

  it("reads a batch in a constant number of round trips; another school's year is 404; needs student:create", async () => {
    const { school, year, secretaire } = await setUp();
    const trips = async (size: number) =>
      (
        await d1RoundTrips(school, () =>
          check(
            school,
            secretaire,
            year.yearId,
            Array.from({ length: size }, (_, i) =>
              line({ nisu: i % 2 ? '' : `ABCD${String(10_000_000 + i)}M1234567` }),
            ),
          ),
        )
      ).trips;
    expect(await trips(400)).toBe(await trips(3));

    const other = await setUp();
    expect((await check(school, secretaire, other.year.yearId, [line()])).status).toBe(404);
    const comptable = await tokenFor(school, 'comptable');
    expect((await check(school, comptable, year.yearId, [line()])).status).toBe(403);
  });
});

describe('POST /api/students/import (a batch)', () => {
  it('writes the valid lines with their enrolment and class fee; a replayed batch writes nothing twice', async () => {
    const { school, year, secretaire } = await setUp();
    const lines = [
      line({ nom: 'Pierre-Louis', prenom: 'Émilie', className: '7e AF', nisu: NISU_A, tutor_phone: '3712 3456' }),
      line({ nom: 'Dorcélus', prenom: 'Widley', className: '8e AF' }),
      line({ nom: 'Sans', prenom: 'Classe' }),
      line({ date_of_birth: '15/03/12' }),
    ];
    const res = await write(school, secretaire, year.yearId, lines);
    expect(res.status).toBe(200);
    const first = await bodyOf<ImportWritten>(res);
    expect(first).toMatchObject({ message: '3 élèves importés.', created: 3, enrolled: 2 });
    expect(first.verdicts.map((v) => v.status)).toEqual(['enrol', 'enrol', 'create', 'refused']);
    expect(await studentsOf(school)).toBe(3);
    expect(await enrolmentsOf(school)).toBe(2);

    const stored = await sql(
      school,
      'SELECT s.id, s.nisu, s.birth_place, s.tutor_phone, s.nom_key, e.mppa FROM students s LEFT JOIN enrollments e ON e.instance_id = s.instance_id AND e.student_id = s.id WHERE s.instance_id = ? ORDER BY s.nom',
      school.id,
    ).all<Record<string, unknown>>();
    expect(stored.results.map((r) => [r.id, r.nisu, r.birth_place, r.tutor_phone, r.nom_key, r.mppa])).toEqual([
      [lines[1]!.id, null, 'Jacmel', null, 'dorcelus', 0],
      [lines[0]!.id, NISU_A, 'Jacmel', '+509 3712 3456', 'pierre louis', 2_500_000],
      [lines[2]!.id, null, 'Jacmel', null, 'sans', null],
    ]);

    // The same batch again (a lost answer, a resumed import): every line is already there.
    const again = await bodyOf<ImportWritten>(await write(school, secretaire, year.yearId, lines));
    expect(again).toMatchObject({ message: 'Aucun nouvel élève dans ce lot.', created: 0, enrolled: 0 });
    expect(again.verdicts.map((v) => v.status)).toEqual(['imported', 'imported', 'imported', 'refused']);
    // Replayed with its Idempotency-Key: the stored answer.
    const key = crypto.randomUUID();
    const fresh = [line(), line()];
    const once = await write(school, secretaire, year.yearId, fresh, key);
    const twice = await write(school, secretaire, year.yearId, fresh, key);
    expect(twice.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await twice.json()).toEqual(await once.json());
    expect(await studentsOf(school)).toBe(5);
    expect(await enrolmentsOf(school)).toBe(2);
    expect(
      await count(
        school,
        "SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'IMPORT_STUDENTS'",
        school.id,
      ),
    ).toBe(2);

    // The register shows them, birth place included.
    const list = await bodyOf<StudentList>(
      await call(school, secretaire, 'GET', `/api/students-with-enrollment-status?yearId=${year.yearId}&search=emilie`),
    );
    expect(list.students[0]).toMatchObject({ birth_place: 'Jacmel', enrollment: { className: '7e AF', mppa: 25000 } });
  });

  it('changes nothing when every line is refused or a duplicate', async () => {
    const { school, year, secretaire } = await setUp();
    await seedStudents(school.id, year, [{ nom: 'Déjà', prenom: 'Là', nisu: NISU_A }]);
    const res = await write(school, secretaire, year.yearId, [
      line({ nisu: NISU_A }),
      line({ date_of_birth: 'demain' }),
      line({ className: 'Inconnue' }),
    ]);
    expect(res.status).toBe(200);
    expect((await bodyOf<ImportWritten>(res)).verdicts.map((v) => v.status)).toEqual([
      'duplicate',
      'refused',
      'refused',
    ]);
    expect(await studentsOf(school)).toBe(1);
    expect(await enrolmentsOf(school)).toBe(0);
    expect(
      await count(
        school,
        "SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = 'IMPORT_STUDENTS'",
        school.id,
      ),
    ).toBe(0);
  });

  it('imports a NISU another school holds, and refuses lines with a class without enrollment:create', async () => {
    const { school, year } = await setUp();
    const other = await setUp();
    await seedStudents(other.school.id, other.year, [{ nom: 'Autre', prenom: 'École', nisu: NISU_B }]);
    const admin = await tokenFor(school, 'admin');
    const written = await bodyOf<ImportWritten>(await write(school, admin, year.yearId, [line({ nisu: NISU_B })]));
    expect(written.created).toBe(1);
    expect(
      await countEverywhere(
        'SELECT COUNT(*) AS n FROM students WHERE nisu = ? AND instance_id IN (?, ?)',
        NISU_B,
        school.id,
        other.school.id,
      ),
    ).toBe(2);

    // A role with student:create but not enrollment:create.
    const roleId = crypto.randomUUID();
    const userId = school.userIdByName.get('comptable')!;
    await sql(school, 'INSERT INTO roles (id, instance_id, name) VALUES (?, ?, ?)', roleId, school.id, 'Saisie').run();
    await sql(
      school,
      "INSERT INTO role_permissions (instance_id, role_id, permission_id) SELECT ?, ?, id FROM permissions WHERE key IN ('student:create', 'student:read')",
      school.id,
      roleId,
    ).run();
    await sql(
      school,
      'INSERT INTO user_roles (instance_id, user_id, role_id) VALUES (?, ?, ?)',
      school.id,
      userId,
      roleId,
    ).run();
    const clerk = await tokenFor(school, 'comptable');
    const answer = await bodyOf<ImportWritten>(
      await write(school, clerk, year.yearId, [line({ className: '7e AF' }), line()]),
    );
    expect(answer.verdicts.map((v) => [v.status, v.reason ?? null])).toEqual([
      ['refused', "Vous n'avez pas la permission d'inscrire des élèves : laissez la classe vide."],
      ['create', null],
    ]);
  });

  it('guards its batch: a NISU, a student or an id that appeared after the read stops the batch', async () => {
    const { school, year } = await setUp();
    const db = database(school.db);
    const keys = { ids: [crypto.randomUUID()], nisus: [NISU_A], persons: ['jean|paul|2012-01-01'] };
    expect(await conditionsHolding(db, [noneOfImport(school.id, keys)])).toEqual([true]);
    const { studentIds } = await seedStudents(school.id, year, [{ nom: 'Autre', prenom: 'Nom', nisu: NISU_A }]);
    expect(await conditionsHolding(db, [noneOfImport(school.id, keys)])).toEqual([false]);
    expect(await conditionsHolding(db, [noneOfImport(school.id, { ...keys, nisus: [] })])).toEqual([true]);
    expect(await conditionsHolding(db, [noneOfImport(school.id, { ...keys, nisus: [], ids: studentIds })])).toEqual([
      false,
    ]);
    await seedStudents(school.id, year, [{ nom: 'Jean', prenom: 'Paul' }]);
    expect(
      await conditionsHolding(db, [noneOfImport(school.id, { ...keys, nisus: [], persons: ['jean|paul|2012-05-04'] })]),
    ).toEqual([false]);
    // Another school's NISU never stops it.
    const other = await setUp();
    expect(await conditionsHolding(db, [noneOfImport(other.school.id, { ...keys, ids: [] })])).toEqual([true]);
  });
});
