// Periods, classes, subjects, programme (curriculum) and tuition per class.
import { describe, expect, it } from 'vitest';
import { classesOf, enrolStudent, expectError, FORBIDDEN, NOT_FOUND, setUpYear, YEAR_NOT_FOUND } from './admin-support';
import type { Period, SavedPeriod } from '../../worker/contract/academic-periods';
import type { ClassFee } from '../../worker/contract/class-financials';
import type { SavedClass } from '../../worker/contract/classes';
import type { AssignedSubject, Programme } from '../../worker/contract/curriculum';
import type { SchoolYear } from '../../worker/contract/school-years';
import type { SavedSubject, Subject } from '../../worker/contract/subjects';
import { bodyOf, call, createSchool, sql, type TestSchool, tokenFor } from './helpers';

async function schoolWithYear() {
  const school = await createSchool();
  const token = await tokenFor(school, 'admin');
  const yearId = await setUpYear(school, token);
  return { school, token, yearId };
}

async function addEvaluation(
  school: TestSchool,
  { classId, subjectId, periodId }: { classId: string; subjectId: string; periodId: string },
) {
  await sql(
    school,
    'INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score) VALUES (?, ?, ?, ?, ?, ?, ?)',
    crypto.randomUUID(),
    school.id,
    classId,
    subjectId,
    periodId,
    'Devoir 1',
    2000,
  ).run();
}

describe('academic periods', () => {
  it('adds, renames and deletes the periods of a year, in order', async () => {
    const { school, token, yearId } = await schoolWithYear();
    const added = await call(school, token, 'POST', '/api/academic-periods', {
      name: '  Examen final ',
      year_id: yearId,
    });
    expect(added.status).toBe(201);
    const period = await bodyOf<SavedPeriod>(added);
    expect(period).toMatchObject({ name: 'Examen final', year_id: yearId, message: 'Période ajoutée.' });
    const list = async () =>
      (await bodyOf<Period[]>(await call(school, token, 'GET', `/api/academic-periods?yearId=${yearId}`))).map(
        (p) => p.name,
      );
    expect(await list()).toEqual(['Trimestre 1', 'Trimestre 2', 'Trimestre 3', 'Examen final']);

    const renamed = await call(school, token, 'PUT', `/api/academic-periods/${period.id}`, {
      name: 'Examen',
      year_id: yearId,
    });
    expect(await bodyOf(renamed)).toMatchObject({ name: 'Examen', message: 'Période mise à jour.' });
    const deleted = await call(school, token, 'DELETE', `/api/academic-periods/${period.id}`);
    expect(await bodyOf(deleted)).toEqual({ message: 'Période supprimée.' });
    expect(await list()).toEqual(['Trimestre 1', 'Trimestre 2', 'Trimestre 3']);
  });

  it("keeps the day a period starts: set, kept by a save without it (the spec's body), cleared, refused when not a date", async () => {
    const { school, token, yearId } = await schoolWithYear();
    const [first] = await bodyOf<Period[]>(await call(school, token, 'GET', `/api/academic-periods?yearId=${yearId}`));
    expect(first!.start_date).toBeNull();
    const put = (body: object) => call(school, token, 'PUT', `/api/academic-periods/${first!.id}`, body);
    const dated = await put({ name: 'Trimestre 1', year_id: yearId, start_date: '2025-09-01' });
    expect(await bodyOf(dated)).toMatchObject({ start_date: '2025-09-01', message: 'Période mise à jour.' });
    expect((await bodyOf(await put({ name: 'Premier trimestre', year_id: yearId }))).start_date).toBe('2025-09-01');
    const listed = await bodyOf<Period[]>(await call(school, token, 'GET', `/api/academic-periods?yearId=${yearId}`));
    expect(listed[0]).toEqual({ id: first!.id, year_id: yearId, name: 'Premier trimestre', start_date: '2025-09-01' });
    expect(
      (await bodyOf(await put({ name: 'Premier trimestre', year_id: yearId, start_date: null }))).start_date,
    ).toBeNull();
    const bad = await put({ name: 'Premier trimestre', year_id: yearId, start_date: '2025-02-30' });
    expect(bad.status).toBe(400);
    expect((await bodyOf(bad)).message).toBe("La date de début de la période n'est pas une date valide.");
    const added = await call(school, token, 'POST', '/api/academic-periods', {
      name: 'Examen',
      year_id: yearId,
      start_date: '2026-06-01',
    });
    expect(await bodyOf(added)).toMatchObject({ name: 'Examen', start_date: '2026-06-01' });
  });

  it('answers the validation messages, duplicates and evaluations', async () => {
    const { school, token, yearId } = await schoolWithYear();
    await expectError(
      await call(school, token, 'POST', '/api/academic-periods', { name: '  ', year_id: yearId }),
      400,
      'Le nom de la période est requis.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/academic-periods', { name: 'T4' }),
      400,
      'Veuillez sélectionner une année scolaire.',
    );
    await expectError(
      await call(school, token, 'GET', '/api/academic-periods'),
      400,
      'Veuillez sélectionner une année scolaire.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/academic-periods', { name: 'trimestre 1', year_id: yearId }),
      409,
      'Cette période existe déjà pour cette année scolaire.',
    );
    const [first] = await bodyOf<Period[]>(await call(school, token, 'GET', `/api/academic-periods?yearId=${yearId}`));
    const classes = await classesOf(school, token);
    const subjects = await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects'));
    await addEvaluation(school, { classId: classes[0]!.id, subjectId: subjects[0]!.id, periodId: first!.id });
    await expectError(
      await call(school, token, 'DELETE', `/api/academic-periods/${first!.id}`),
      409,
      'Cette période contient des évaluations : elle ne peut pas être supprimée.',
    );
  });

  it("answers 404 for another school's year or period", async () => {
    const { school, token } = await schoolWithYear();
    const other = await schoolWithYear();
    const [otherPeriod] = await bodyOf<Period[]>(
      await call(other.school, other.token, 'GET', `/api/academic-periods?yearId=${other.yearId}`),
    );
    expect(await bodyOf(await call(school, token, 'GET', `/api/academic-periods?yearId=${other.yearId}`))).toEqual(
      YEAR_NOT_FOUND,
    );
    expect(
      (await call(school, token, 'POST', '/api/academic-periods', { name: 'Intrus', year_id: other.yearId })).status,
    ).toBe(404);
    const ownYear = (await bodyOf<SchoolYear[]>(await call(school, token, 'GET', '/api/school-years')))[0]!.id;
    expect(
      (
        await call(school, token, 'PUT', `/api/academic-periods/${otherPeriod!.id}`, {
          name: 'Intrus',
          year_id: ownYear,
        })
      ).status,
    ).toBe(404);
    expect((await call(school, token, 'DELETE', `/api/academic-periods/${otherPeriod!.id}`)).status).toBe(404);
  });
});

describe('classes', () => {
  it('adds classes at the end, renames and reorders them, deletes them', async () => {
    const { school, token } = await schoolWithYear();
    const added = await call(school, token, 'POST', '/api/classes', { name: 'NS I' });
    expect(added.status).toBe(201);
    const klass = await bodyOf<SavedClass>(added);
    expect(klass).toMatchObject({ name: 'NS I', order_index: 4, message: 'Classe ajoutée.' });
    const updated = await call(school, token, 'PUT', `/api/classes/${klass.id}`, { name: 'Seconde', order_index: 0 });
    expect(await bodyOf(updated)).toMatchObject({ name: 'Seconde', order_index: 0, message: 'Classe mise à jour.' });
    expect((await classesOf(school, token)).map((c) => c.name)).toEqual(['Seconde', '7e AF', '8e AF', '9e AF']);
    // A rename without an order keeps the place.
    await call(school, token, 'PUT', `/api/classes/${klass.id}`, { name: 'NS I' });
    expect((await classesOf(school, token))[0]).toMatchObject({ name: 'NS I', order_index: 0 });
    expect(await bodyOf(await call(school, token, 'DELETE', `/api/classes/${klass.id}`))).toEqual({
      message: 'Classe supprimée.',
    });
    expect((await classesOf(school, token)).map((c) => c.name)).toEqual(['7e AF', '8e AF', '9e AF']);
  });

  it('answers the validation messages and refuses duplicates', async () => {
    const { school, token } = await schoolWithYear();
    await expectError(
      await call(school, token, 'POST', '/api/classes', { name: '' }),
      400,
      'Le nom de la classe est requis.',
    );
    await expectError(await call(school, token, 'POST', '/api/classes', {}), 400, 'Le nom de la classe est requis.');
    await expectError(
      await call(school, token, 'POST', '/api/classes', { name: '7E af' }),
      409,
      'Une classe porte déjà ce nom.',
    );
    const [first, second] = await classesOf(school, token);
    await expectError(
      await call(school, token, 'PUT', `/api/classes/${first!.id}`, { name: second!.name }),
      409,
      'Une classe porte déjà ce nom.',
    );
    await expectError(
      await call(school, token, 'PUT', `/api/classes/${first!.id}`, { name: 'X', order_index: -1 }),
      400,
      "L'ordre de la classe doit être un nombre entier positif.",
    );
  });

  it('refuses to delete a class that has or had enrolments, with the reason', async () => {
    const { school, token } = await schoolWithYear();
    const old = await setUpYear(school, token, { yearName: '2020-2021' });
    const klass = (await classesOf(school, token)).find((c) => c.name === '8e AF')!;
    await enrolStudent(school, old, klass.id);
    await expectError(
      await call(school, token, 'DELETE', `/api/classes/${klass.id}`),
      409,
      'Impossible de supprimer cette classe : des élèves y sont ou y ont été inscrits.',
    );
    expect((await classesOf(school, token)).map((c) => c.name)).toContain('8e AF');
  });

  it("answers 404 for another school's class and 403 without user:manage", async () => {
    const { school, token } = await schoolWithYear();
    const other = await schoolWithYear();
    const [otherClass] = await classesOf(other.school, other.token);
    expect(
      await bodyOf(await call(school, token, 'PUT', `/api/classes/${otherClass!.id}`, { name: 'Intrus' })),
    ).toEqual(NOT_FOUND);
    expect((await call(school, token, 'DELETE', `/api/classes/${otherClass!.id}`)).status).toBe(404);
    const comptable = await tokenFor(school, 'comptable');
    expect(await bodyOf(await call(school, comptable, 'POST', '/api/classes', { name: 'Refusée' }))).toEqual(FORBIDDEN);
    expect((await call(school, comptable, 'GET', '/api/classes')).status).toBe(200);
  });
});

describe('subjects', () => {
  it('adds, renames and deletes subjects, refuses duplicates and subjects with evaluations', async () => {
    const { school, token, yearId } = await schoolWithYear();
    const added = await call(school, token, 'POST', '/api/subjects', { name: 'Anglais' });
    expect(added.status).toBe(201);
    const subject = await bodyOf<SavedSubject>(added);
    expect(subject).toMatchObject({ name: 'Anglais', instance_id: school.id, message: 'Matière ajoutée.' });
    await expectError(
      await call(school, token, 'POST', '/api/subjects', { name: ' ' }),
      400,
      'Le nom de la matière est requis.',
    );
    await expectError(
      await call(school, token, 'POST', '/api/subjects', { name: 'anglais' }),
      409,
      'Une matière porte déjà ce nom.',
    );
    expect(
      await bodyOf(await call(school, token, 'PUT', `/api/subjects/${subject.id}`, { name: 'English' })),
    ).toMatchObject({
      name: 'English',
      message: 'Matière mise à jour.',
    });
    await expectError(
      await call(school, token, 'PUT', `/api/subjects/${subject.id}`, { name: 'Français' }),
      409,
      'Une matière porte déjà ce nom.',
    );
    expect(await bodyOf(await call(school, token, 'DELETE', `/api/subjects/${subject.id}`))).toEqual({
      message: 'Matière supprimée.',
    });

    const subjects = await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects'));
    const [period] = await bodyOf<Period[]>(await call(school, token, 'GET', `/api/academic-periods?yearId=${yearId}`));
    const [klass] = await classesOf(school, token);
    await addEvaluation(school, { classId: klass!.id, subjectId: subjects[0]!.id, periodId: period!.id });
    await expectError(
      await call(school, token, 'DELETE', `/api/subjects/${subjects[0]!.id}`),
      409,
      'Cette matière a des évaluations enregistrées : elle ne peut pas être supprimée.',
    );
  });

  it("answers 404 for another school's subject and 403 without user:manage", async () => {
    const { school, token } = await schoolWithYear();
    const other = await schoolWithYear();
    const [otherSubject] = await bodyOf<Subject[]>(await call(other.school, other.token, 'GET', '/api/subjects'));
    expect((await call(school, token, 'PUT', `/api/subjects/${otherSubject!.id}`, { name: 'Intrus' })).status).toBe(
      404,
    );
    expect((await call(school, token, 'DELETE', `/api/subjects/${otherSubject!.id}`)).status).toBe(404);
    expect(
      (await call(school, await tokenFor(school, 'secretaire'), 'DELETE', `/api/subjects/${otherSubject!.id}`)).status,
    ).toBe(403);
    const own = await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects'));
    expect(own.map((s) => s.name)).not.toContain('Intrus');
  });
});

describe('programme (curriculum)', () => {
  const programme = (school: TestSchool, token: string, yearId: string, className: string) =>
    call(school, token, 'GET', `/api/curriculum?yearId=${yearId}&className=${encodeURIComponent(className)}`);

  it('assigns and unassigns subjects and saves max grades in hundredths', async () => {
    const { school, token, yearId } = await schoolWithYear();
    const before = await bodyOf<Programme>(await programme(school, token, yearId, '8e AF'));
    expect(before.assigned.map((a) => a.subject_name)).toEqual(['Mathématiques']);
    const creole = before.available.find((s) => s.name === 'Créole')!;

    const assigned = await call(school, token, 'POST', '/api/curriculum/assign', {
      yearId,
      className: '8e AF',
      subjectId: creole.id,
    });
    expect(assigned.status).toBe(201);
    const entry = await bodyOf<AssignedSubject>(assigned);
    expect(entry).toMatchObject({ subject_name: 'Créole', max_grade: 100 });
    await expectError(
      await call(school, token, 'POST', '/api/curriculum/assign', { yearId, className: '8e AF', subjectId: creole.id }),
      409,
      'Cette matière est déjà au programme de cette classe.',
    );

    const updated = await call(school, token, 'PUT', `/api/curriculum/max-grade/${entry.id}`, { max_grade: '12,5' });
    expect(await bodyOf(updated)).toEqual({ id: entry.id, max_grade: 12.5, message: 'Coefficient mis à jour.' });
    expect(
      (await sql(school, 'SELECT max_grade FROM curriculum WHERE id = ?', entry.id).first<{ max_grade: number }>())!
        .max_grade,
    ).toBe(1250);
    for (const max_grade of [-1, 'abc', '', null]) {
      await expectError(
        await call(school, token, 'PUT', `/api/curriculum/max-grade/${entry.id}`, { max_grade }),
        400,
        'Veuillez entrer un nombre valide.',
      );
    }

    const removed = await call(school, token, 'POST', '/api/curriculum/unassign', {
      yearId,
      className: '8e AF',
      subjectId: creole.id,
    });
    expect(await bodyOf(removed)).toEqual({ message: 'Matière retirée du programme.' });
    const after = await bodyOf<Programme>(await programme(school, token, yearId, '8e AF'));
    expect(after.assigned).toHaveLength(1);
    expect(after.available.map((s) => s.name)).toContain('Créole');
    await expectError(
      await call(school, token, 'POST', '/api/curriculum/unassign', {
        yearId,
        className: '8e AF',
        subjectId: creole.id,
      }),
      404,
      "Cette matière n'est pas au programme de cette classe.",
    );
  });

  it("answers 404 for another school's year, class, subject or entry", async () => {
    const { school, token, yearId } = await schoolWithYear();
    const other = await schoolWithYear();
    const otherProgramme = await bodyOf<Programme>(await programme(other.school, other.token, other.yearId, '7e AF'));
    const ownSubject = (await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects')))[0]!;
    expect((await programme(school, token, other.yearId, '7e AF')).status).toBe(404);
    expect((await programme(school, token, yearId, 'Inconnue')).status).toBe(404);
    const foreignSubject = { yearId, className: '9e AF', subjectId: otherProgramme.assigned[0]!.subject_id };
    expect((await call(school, token, 'POST', '/api/curriculum/assign', foreignSubject)).status).toBe(404);
    const foreignYear = { yearId: other.yearId, className: '9e AF', subjectId: ownSubject.id };
    expect((await call(school, token, 'POST', '/api/curriculum/assign', foreignYear)).status).toBe(404);
    expect((await call(school, token, 'POST', '/api/curriculum/unassign', foreignSubject)).status).toBe(404);
    const foreignEntry = await call(
      school,
      token,
      'PUT',
      `/api/curriculum/max-grade/${otherProgramme.assigned[0]!.id}`,
      { max_grade: 1 },
    );
    expect(await bodyOf(foreignEntry)).toEqual(NOT_FOUND);
    const comptable = await tokenFor(school, 'comptable');
    const own = await bodyOf<Programme>(await programme(school, token, yearId, '7e AF'));
    expect(
      await bodyOf(
        await call(school, comptable, 'PUT', `/api/curriculum/max-grade/${own.assigned[0]!.id}`, { max_grade: 1 }),
      ),
    ).toEqual(FORBIDDEN);
    expect((await call(school, comptable, 'POST', '/api/curriculum/assign', foreignYear)).status).toBe(403);
  });
});

describe('tuition per class (class financials)', () => {
  it('saves decimals as centimes and empty amounts as null', async () => {
    const { school, token, yearId } = await schoolWithYear();
    const res = await call(school, token, 'PUT', '/api/class-financials', {
      yearId,
      financials: [
        { class_name: '7e AF', mppa: 30000.25 },
        { class_name: '8e af', mppa: '' },
        { class_name: '9e AF', mppa: '12500,5' },
      ],
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: 'Frais de scolarité mis à jour.' });
    const fees = await bodyOf<ClassFee[]>(await call(school, token, 'GET', `/api/class-financials?yearId=${yearId}`));
    expect(fees.map((f) => [f.class_name, f.mppa])).toEqual([
      ['7e AF', 30000.25],
      ['8e AF', null],
      ['9e AF', 12500.5],
    ]);
    const stored = await sql(school, 'SELECT mppa FROM class_fees WHERE instance_id = ? ORDER BY mppa', school.id).all<{
      mppa: number | null;
    }>();
    expect(stored.results.map((r) => r.mppa)).toEqual([null, 1250050, 3000025]);

    // A class added later shows up with no amount until one is saved.
    await call(school, token, 'POST', '/api/classes', { name: 'Rhéto' });
    const withNew = await bodyOf<ClassFee[]>(
      await call(school, token, 'GET', `/api/class-financials?yearId=${yearId}`),
    );
    expect(withNew.at(-1)).toMatchObject({ class_name: 'Rhéto', mppa: null });
  });

  it('answers validation messages, 404 for other schools and 403 without user:manage', async () => {
    const { school, token, yearId } = await schoolWithYear();
    const other = await schoolWithYear();
    const save = (t: string, body: unknown) => call(school, t, 'PUT', '/api/class-financials', body);
    await expectError(
      await save(token, { yearId, financials: [{ class_name: '7e AF', mppa: -5 }] }),
      400,
      'Le montant doit être un nombre positif ou vide.',
    );
    await expectError(
      await save(token, { yearId, financials: [{ class_name: '7e AF', mppa: 'dix' }] }),
      400,
      'Le montant doit être un nombre positif ou vide.',
    );
    await expectError(
      await save(token, { yearId, financials: [{ class_name: 'Philo', mppa: 10 }] }),
      400,
      'Classe inconnue : Philo.',
    );
    await expectError(await save(token, { financials: [] }), 400, 'Veuillez sélectionner une année scolaire.');
    expect((await save(token, { yearId: other.yearId, financials: [{ class_name: '7e AF', mppa: 1 }] })).status).toBe(
      404,
    );
    expect((await call(school, token, 'GET', `/api/class-financials?yearId=${other.yearId}`)).status).toBe(404);
    const comptable = await tokenFor(school, 'comptable');
    expect(await bodyOf(await save(comptable, { yearId, financials: [] }))).toEqual(FORBIDDEN);
    expect((await call(school, comptable, 'GET', `/api/class-financials?yearId=${yearId}`)).status).toBe(200);
    const otherFees = await sql(
      other.school,
      'SELECT mppa FROM class_fees WHERE instance_id = ? ORDER BY mppa',
      other.school.id,
    ).all<{ mppa: number | null }>();
    expect(otherFees.results.map((r) => r.mppa)).toEqual([null, 2500000, 2750050]);
  });
});
