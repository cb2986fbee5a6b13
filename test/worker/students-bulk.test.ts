// Enrolments and the bulk actions of the student register: enrol, bulk enrol, bulk change class,
// delete (cascading, one batch) and archive / reactivate (document 2 §4, §7).
import { describe, expect, it } from 'vitest';
import type { Enrolled } from '../../worker/contract/enrollments';
import type { StudentList } from '../../worker/contract/students';
import { bodyOf, call, countEverywhere, createSchool, sql, type TestSchool, tokenFor } from './helpers';
import { addFinanceAndGrades, type AcademicYear, createYear, seedStudents } from './fixtures-academic';

const CLASSES: [string, number | null][] = [
  ['7e AF', 25000],
  ['8e AF', 27500],
  ['9e AF', null],
  ['NS1', 32000],
];

async function setUp(): Promise<{ school: TestSchool; year: AcademicYear; admin: string; secretaire: string }> {
  const school = await createSchool();
  const year = await createYear(school.id, { classes: CLASSES });
  return { school, year, admin: await tokenFor(school, 'admin'), secretaire: await tokenFor(school, 'secretaire') };
}

const count = countEverywhere;
const audits = (school: TestSchool, action: string) =>
  count('SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = ?', school.id, action);
const FORBIDDEN = { message: "Vous n'avez pas la permission d'effectuer cette action.", code: 'forbidden' };

describe('POST /api/enrollments', () => {
  it('enrols a student with the class fee of the year by default, or the amount given', async () => {
    const { school, year, secretaire } = await setUp();
    const { studentIds } = await seedStudents(school.id, year, [
      { nom: 'Paul', prenom: 'Ralph' },
      { nom: 'Jean', prenom: 'Esther' },
    ]);
    const res = await call(school, secretaire, 'POST', '/api/enrollments', {
      student_id: studentIds[0],
      year_id: year.yearId,
      className: '8e AF',
    });
    expect(res.status).toBe(201);
    const body = await bodyOf<Enrolled>(res);
    expect(body.message).toBe('Ralph a été inscrit(e).');
    expect(body.enrollment).toMatchObject({ className: '8e AF', mppa: 27500 });

    const custom = await call(school, secretaire, 'POST', '/api/enrollments', {
      student_id: studentIds[1],
      year_id: year.yearId,
      className: '7e AF',
      mppa: '20000,50',
    });
    expect(custom.status).toBe(201);
    const rows = await sql(school, 'SELECT mppa FROM enrollments WHERE instance_id = ? ORDER BY mppa', school.id).all<{
      mppa: number;
    }>();
    expect(rows.results.map((r) => r.mppa)).toEqual([2000050, 2750000]);
    expect(await audits(school, 'CREATE_ENROLLMENT')).toBe(2);

    const again = await call(school, secretaire, 'POST', '/api/enrollments', {
      student_id: studentIds[0],
      year_id: year.yearId,
      className: '7e AF',
    });
    expect(again.status).toBe(409);
    expect((await bodyOf(again)).message).toBe('Ralph est déjà inscrit(e) pour cette année.');
  });

  it("answers 404 for another school's student, year or an unknown class, and 403 without enrollment:create", async () => {
    const { school, year, secretaire } = await setUp();
    const other = await setUp();
    const { studentIds } = await seedStudents(school.id, year, [{ nom: 'Paul', prenom: 'Ralph' }]);
    const { studentIds: foreign } = await seedStudents(other.school.id, other.year, [
      { nom: 'Autre', prenom: 'Élève' },
    ]);
    const enrol = (body: Record<string, unknown>, token = secretaire) =>
      call(school, token, 'POST', '/api/enrollments', body);
    expect((await enrol({ student_id: foreign[0], year_id: year.yearId, className: '7e AF' })).status).toBe(404);
    expect((await enrol({ student_id: studentIds[0], year_id: other.year.yearId, className: '7e AF' })).status).toBe(
      404,
    );
    const unknownClass = await enrol({ student_id: studentIds[0], year_id: year.yearId, className: 'Philo' });
    expect(unknownClass.status).toBe(404);
    expect((await bodyOf(unknownClass)).message).toBe('Classe introuvable.');
    const noClass = await enrol({ student_id: studentIds[0], year_id: year.yearId, className: '' });
    expect(noClass.status).toBe(400);
    expect((await bodyOf(noClass)).message).toBe('Veuillez choisir une classe.');
    const comptable = await enrol(
      { student_id: studentIds[0], year_id: year.yearId, className: '7e AF' },
      await tokenFor(school, 'comptable'),
    );
    expect(comptable.status).toBe(403);
    expect(await bodyOf(comptable)).toEqual(FORBIDDEN);
    expect(
      await count('SELECT COUNT(*) AS n FROM enrollments WHERE instance_id IN (?, ?)', school.id, other.school.id),
    ).toBe(0);
  });
});

describe('POST /api/enrollments/bulk', () => {
  it('enrols many unenrolled students in one class with its fee, chunked under the D1 parameter limit', async () => {
    const { school, year, secretaire } = await setUp();
    const { studentIds } = await seedStudents(
      school.id,
      year,
      Array.from({ length: 130 }, (_, i) => ({ nom: `Élève${i}`, prenom: `P${i}` })),
    );
    const res = await call(school, secretaire, 'POST', '/api/enrollments/bulk', {
      student_ids: studentIds,
      year_id: year.yearId,
      className: 'NS1',
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await bodyOf(res)).message).toBe('130 élèves inscrits en masse.');
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM enrollments WHERE instance_id = ? AND class_id = ? AND mppa = 3200000',
        school.id,
        year.classIds.get('NS1'),
      ),
    ).toBe(130);
    expect(await audits(school, 'BULK_CREATE_ENROLLMENTS')).toBe(1);
  });

  it('refuses the whole selection when one student is already enrolled, or is not of the school', async () => {
    const { school, year, secretaire } = await setUp();
    const other = await setUp();
    const { studentIds } = await seedStudents(school.id, year, [
      { nom: 'A', prenom: 'A' },
      { nom: 'B', prenom: 'B', className: '7e AF' },
    ]);
    const { studentIds: foreign } = await seedStudents(other.school.id, other.year, [{ nom: 'C', prenom: 'C' }]);
    const mixed = await call(school, secretaire, 'POST', '/api/enrollments/bulk', {
      student_ids: studentIds,
      year_id: year.yearId,
      className: '8e AF',
    });
    expect(mixed.status).toBe(409);
    expect((await bodyOf(mixed)).message).toBe('Certains élèves sélectionnés sont déjà inscrits pour cette année.');
    const withForeign = await call(school, secretaire, 'POST', '/api/enrollments/bulk', {
      student_ids: [studentIds[0], foreign[0]],
      year_id: year.yearId,
      className: '8e AF',
    });
    expect(withForeign.status).toBe(404);
    const empty = await call(school, secretaire, 'POST', '/api/enrollments/bulk', {
      student_ids: [],
      year_id: year.yearId,
      className: '8e AF',
    });
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty)).message).toBe('Veuillez sélectionner au moins un élève.');
    expect(await count('SELECT COUNT(*) AS n FROM enrollments WHERE instance_id = ?', school.id)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM enrollments WHERE instance_id = ?', other.school.id)).toBe(0);
  });
});

describe('POST /api/enrollments/bulk-change-class', () => {
  it('moves enrolments to a class not in the selection; a fee-default MPPA follows the new class', async () => {
    const { school, year, secretaire } = await setUp();
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
      { nom: 'A', prenom: 'Anne', className: '7e AF', mppa: 25000 },
      { nom: 'B', prenom: 'Bob', className: '7e AF', mppa: 18000 },
      { nom: 'C', prenom: 'Cécile', className: '8e AF', mppa: 27500 },
    ]);
    const ids = studentIds.map((id) => enrollmentIdByStudent.get(id)!);
    const represented = await call(school, secretaire, 'POST', '/api/enrollments/bulk-change-class', {
      enrollmentIds: ids,
      targetClassName: '8e AF',
    });
    expect(represented.status).toBe(400);
    expect((await bodyOf(represented)).message).toBe(
      'La classe de destination est déjà représentée dans la sélection.',
    );

    const res = await call(school, secretaire, 'POST', '/api/enrollments/bulk-change-class', {
      enrollmentIds: ids,
      targetClassName: 'NS1',
    });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).message).toBe('Classes des élèves mises à jour.');
    const rows = await sql(
      school,
      'SELECT s.prenom, c.name, e.mppa FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id WHERE e.instance_id = ? ORDER BY s.prenom',
      school.id,
    ).all<{ prenom: string; name: string; mppa: number }>();
    expect(rows.results).toEqual([
      { prenom: 'Anne', name: 'NS1', mppa: 3200000 },
      { prenom: 'Bob', name: 'NS1', mppa: 1800000 },
      { prenom: 'Cécile', name: 'NS1', mppa: 3200000 },
    ]);
    expect(await audits(school, 'BULK_CHANGE_CLASS')).toBe(1);

    // A class without a fee keeps the amounts.
    const toNoFee = await call(school, secretaire, 'POST', '/api/enrollments/bulk-change-class', {
      enrollmentIds: ids,
      targetClassName: '9e AF',
    });
    expect(toNoFee.status).toBe(200);
    expect(await count('SELECT SUM(mppa) AS n FROM enrollments WHERE instance_id = ?', school.id)).toBe(8200000);
  });

  it("answers 404 for another school's enrolment and 403 without enrollment:update_class", async () => {
    const { school, year, secretaire } = await setUp();
    const other = await setUp();
    const { studentIds, enrollmentIdByStudent } = await seedStudents(other.school.id, other.year, [
      { nom: 'X', prenom: 'X', className: '7e AF' },
    ]);
    const foreign = enrollmentIdByStudent.get(studentIds[0]!)!;
    const res = await call(school, secretaire, 'POST', '/api/enrollments/bulk-change-class', {
      enrollmentIds: [foreign],
      targetClassName: 'NS1',
    });
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).message).toBe('Une ou plusieurs inscriptions sont introuvables.');
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM enrollments WHERE id = ? AND class_id = ?',
        foreign,
        other.year.classIds.get('7e AF'),
      ),
    ).toBe(1);

    const own = await seedStudents(school.id, year, [{ nom: 'Y', prenom: 'Y', className: '7e AF' }]);
    const comptable = await call(
      school,
      await tokenFor(school, 'comptable'),
      'POST',
      '/api/enrollments/bulk-change-class',
      {
        enrollmentIds: [own.enrollmentIdByStudent.get(own.studentIds[0]!)],
        targetClassName: 'NS1',
      },
    );
    expect(comptable.status).toBe(403);
  });
});

describe('POST /api/students/delete', () => {
  it('deletes students with their enrolments, payments, adjustments and grades in one batch: no orphan rows', async () => {
    const { school, year, secretaire } = await setUp();
    const { studentIds, enrollmentIdByStudent } = await seedStudents(school.id, year, [
      { nom: 'A', prenom: 'Anne', className: '7e AF' },
      { nom: 'B', prenom: 'Bob', className: '7e AF' },
      { nom: 'C', prenom: 'Cécile', className: '8e AF' },
    ]);
    // Each grade in the pupil's own class (the app seats no pupil in another class's book).
    const classOf = ['7e AF', '7e AF', '8e AF'];
    for (const [i, id] of studentIds.entries())
      await addFinanceAndGrades(school.id, year, classOf[i]!, enrollmentIdByStudent.get(id)!);
    // A portal account of the first student goes with it.
    await sql(
      school,
      "INSERT INTO users (id, instance_id, username, password_hash, account_type, status, student_id) VALUES (?, ?, 'anne.a', 'x', 'student', 'active', ?)",
      crypto.randomUUID(),
      school.id,
      studentIds[0],
    ).run();

    const res = await call(school, secretaire, 'POST', '/api/students/delete', { ids: studentIds.slice(0, 2) });
    expect(res.status).toBe(200);
    expect((await bodyOf(res)).message).toBe('Élèves supprimés.');

    const deleted = studentIds.slice(0, 2);
    const removedEnrollments = deleted.map((id) => enrollmentIdByStudent.get(id)!);
    const inList = (table: string, column: string, values: string[]) =>
      count(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} IN (${values.map(() => '?').join(', ')})`, ...values);
    expect(await inList('students', 'id', deleted)).toBe(0);
    expect(await inList('enrollments', 'id', removedEnrollments)).toBe(0);
    expect(await inList('payments', 'enrollment_id', removedEnrollments)).toBe(0);
    expect(await inList('adjustments', 'enrollment_id', removedEnrollments)).toBe(0);
    expect(await inList('grades', 'enrollment_id', removedEnrollments)).toBe(0);
    expect(await inList('users', 'student_id', deleted)).toBe(0);
    // No row of the school points to a missing enrolment or student.
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM payments p WHERE p.instance_id = ? AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.id = p.enrollment_id)',
        school.id,
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT COUNT(*) AS n FROM enrollments e WHERE e.instance_id = ? AND NOT EXISTS (SELECT 1 FROM students s WHERE s.id = e.student_id)',
        school.id,
      ),
    ).toBe(0);
    // The third student keeps everything.
    const kept = enrollmentIdByStudent.get(studentIds[2]!)!;
    expect(await inList('payments', 'enrollment_id', [kept])).toBe(1);
    expect(await inList('grades', 'enrollment_id', [kept])).toBe(1);
    expect(await audits(school, 'DELETE_STUDENTS')).toBe(1);
  });

  it("deletes nothing when one id is another school's, and needs student:delete", async () => {
    const { school, year, secretaire } = await setUp();
    const other = await setUp();
    const { studentIds } = await seedStudents(school.id, year, [{ nom: 'A', prenom: 'A' }]);
    const { studentIds: foreign } = await seedStudents(other.school.id, other.year, [{ nom: 'B', prenom: 'B' }]);
    const res = await call(school, secretaire, 'POST', '/api/students/delete', { ids: [studentIds[0], foreign[0]] });
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).message).toBe('Un ou plusieurs élèves sont introuvables.');
    expect(await count('SELECT COUNT(*) AS n FROM students WHERE id IN (?, ?)', studentIds[0], foreign[0])).toBe(2);
    const comptable = await call(school, await tokenFor(school, 'comptable'), 'POST', '/api/students/delete', {
      ids: studentIds,
    });
    expect(comptable.status).toBe(403);
    expect(await bodyOf(comptable)).toEqual(FORBIDDEN);
  });
});

describe('POST /api/students/status', () => {
  it('archives and reactivates for the admin account type only', async () => {
    const { school, year, admin, secretaire } = await setUp();
    const { studentIds } = await seedStudents(school.id, year, [
      { nom: 'A', prenom: 'A' },
      { nom: 'B', prenom: 'B' },
    ]);
    // The secretary holds every student permission but is not of the admin account type.
    const refused = await call(school, secretaire, 'POST', '/api/students/status', {
      ids: studentIds,
      status: 'archived',
    });
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toEqual(FORBIDDEN);

    const archived = await call(school, admin, 'POST', '/api/students/status', { ids: studentIds, status: 'archived' });
    expect(archived.status).toBe(200);
    expect((await bodyOf(archived)).message).toBe('Élèves archivés.');
    expect(
      await count("SELECT COUNT(*) AS n FROM students WHERE instance_id = ? AND status = 'archived'", school.id),
    ).toBe(2);
    const listed = await call(school, admin, 'GET', `/api/students-with-enrollment-status?yearId=${year.yearId}`);
    expect((await bodyOf<StudentList>(listed)).pagination.total).toBe(0);

    const back = await call(school, admin, 'POST', '/api/students/status', { ids: [studentIds[0]], status: 'active' });
    expect((await bodyOf(back)).message).toBe('Élèves réactivés.');
    expect(
      await count("SELECT COUNT(*) AS n FROM students WHERE instance_id = ? AND status = 'active'", school.id),
    ).toBe(1);
    expect(await audits(school, 'ARCHIVE_STUDENTS')).toBe(1);
    expect(await audits(school, 'REACTIVATE_STUDENTS')).toBe(1);

    const bad = await call(school, admin, 'POST', '/api/students/status', { ids: studentIds, status: 'deleted' });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).message).toBe('Le statut doit être « active » ou « archived ».');
  });

  it("answers 404 for another school's student", async () => {
    const { school, admin } = await setUp();
    const other = await setUp();
    const { studentIds } = await seedStudents(other.school.id, other.year, [{ nom: 'B', prenom: 'B' }]);
    const res = await call(school, admin, 'POST', '/api/students/status', { ids: studentIds, status: 'archived' });
    expect(res.status).toBe(404);
    expect(await count("SELECT COUNT(*) AS n FROM students WHERE id = ? AND status = 'active'", studentIds[0])).toBe(1);
  });
});
