// POST /api/setup/new-year: the 8-step wizard's one call, atomic.
import { describe, expect, it } from 'vitest';
import {
  auditCount,
  classesOf,
  EMPTY_STRUCTURE,
  expectError,
  FORBIDDEN,
  setUpYear,
  structureCounts,
  wizardPayload,
} from './admin-support';
import type { Period } from '../../worker/contract/academic-periods';
import type { ClassFee } from '../../worker/contract/class-financials';
import type { Programme } from '../../worker/contract/curriculum';
import type { SchoolYear } from '../../worker/contract/school-years';
import type { SetUpYear } from '../../worker/contract/setup';
import type { Subject } from '../../worker/contract/subjects';
import { bodyOf, call, createSchool, sql, tokenFor } from './helpers';

describe('setup wizard', () => {
  it('creates the year, its periods, classes, subjects, curriculum and fees, and makes it current', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const res = await call(school, token, 'POST', '/api/setup/new-year', wizardPayload());
    expect(res.status).toBe(201);
    const body = await bodyOf<SetUpYear>(res);
    expect(body).toMatchObject({
      message: "Configuration de l'année scolaire terminée avec succès !",
      is_current: true,
    });

    const years = await bodyOf(await call(school, token, 'GET', '/api/school-years'));
    expect(years).toEqual([{ id: body.yearId, name: '2025-2026', is_current: true }]);
    const periods = await bodyOf<Period[]>(
      await call(school, token, 'GET', `/api/academic-periods?yearId=${body.yearId}`),
    );
    expect(periods.map((p) => p.name)).toEqual(['Trimestre 1', 'Trimestre 2', 'Trimestre 3']);
    expect((await classesOf(school, token)).map((c) => [c.name, c.order_index])).toEqual([
      ['7e AF', 1],
      ['8e AF', 2],
      ['9e AF', 3],
    ]);
    const subjects = await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects'));
    expect(subjects.map((s) => s.name)).toEqual(['Créole', 'Français', 'Mathématiques', 'Sciences Sociales']);

    const curriculum = await bodyOf<Programme>(
      await call(
        school,
        token,
        'GET',
        `/api/curriculum?yearId=${body.yearId}&className=${encodeURIComponent('9e AF')}`,
      ),
    );
    expect(curriculum.assigned).toEqual([expect.objectContaining({ subject_name: 'Créole', max_grade: 50.5 })]);
    expect(curriculum.available.map((s) => s.name)).toEqual(['Français', 'Mathématiques', 'Sciences Sociales']);
    const stored = await sql(
      school,
      'SELECT max_grade FROM curriculum WHERE instance_id = ? ORDER BY max_grade',
      school.id,
    ).all<{ max_grade: number }>();
    expect(stored.results.map((r) => r.max_grade)).toEqual([5050, 10000, 10000, 20000]);

    const fees = await bodyOf<ClassFee[]>(
      await call(school, token, 'GET', `/api/class-financials?yearId=${body.yearId}`),
    );
    expect(fees.map((f) => [f.class_name, f.mppa])).toEqual([
      ['7e AF', 25000],
      ['8e AF', 27500.5],
      ['9e AF', null],
    ]);
    expect(await auditCount(school, 'SETUP_NEW_YEAR')).toBe(1);
  });

  it('reuses the classes and subjects a school already has and leaves the current year alone', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const first = await setUpYear(school, token);
    const classIds = new Map((await classesOf(school, token)).map((c) => [c.name, c.id]));

    const res = await call(
      school,
      token,
      'POST',
      '/api/setup/new-year',
      wizardPayload({
        yearName: '2026-2027',
        classes: [
          { name: '7E AF', order_index: 1 },
          { name: '8e AF', order_index: 2 },
          { name: 'Philo', order_index: 9 },
        ],
        subjects: [{ name: 'mathématiques' }, { name: 'Anglais' }],
        curriculum: [{ className: 'Philo', subjectName: 'Anglais' }],
        financials: [{ className: 'philo', mppa: '' }],
      }),
    );
    expect(res.status).toBe(201);
    const { yearId } = await bodyOf<SetUpYear>(res);
    const years = await bodyOf<SchoolYear[]>(await call(school, token, 'GET', '/api/school-years'));
    expect(years.find((y) => y.is_current)?.id).toBe(first);

    const classes = await classesOf(school, token);
    expect(classes.map((c) => c.name)).toEqual(['7e AF', '8e AF', '9e AF', 'Philo']);
    expect(classes.find((c) => c.name === '7e AF')!.id).toBe(classIds.get('7e AF'));
    const subjects = await bodyOf<Subject[]>(await call(school, token, 'GET', '/api/subjects'));
    expect(subjects.map((s) => s.name)).toEqual([
      'Anglais',
      'Créole',
      'Français',
      'Mathématiques',
      'Sciences Sociales',
    ]);
    // Omitted max grade = the default 100.
    const philo = await bodyOf<Programme>(
      await call(school, token, 'GET', `/api/curriculum?yearId=${yearId}&className=Philo`),
    );
    expect(philo.assigned.map((a) => a.max_grade)).toEqual([100]);

    const again = await call(school, token, 'POST', '/api/setup/new-year', wizardPayload({ yearName: '2026-2027' }));
    await expectError(again, 409, 'Cette année scolaire existe déjà.');
  });

  it('answers the validation messages of the spec and writes nothing', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ yearName: '2025/2026' }, 'Veuillez utiliser le format AAAA-AAAA.'],
      [{ yearName: '25-26' }, 'Veuillez utiliser le format AAAA-AAAA.'],
      [{ yearName: undefined }, 'Veuillez utiliser le format AAAA-AAAA.'],
      [{ periods: ['Trimestre 1', '  '] }, 'Chaque période doit avoir un nom.'],
      [{ classes: [{ name: '7e AF' }, { name: '' }] }, 'Chaque classe doit avoir un nom.'],
      [{ subjects: [], curriculum: [] }, 'Ajoutez au moins une matière.'],
      [{ subjects: ['Mathématiques', ' '] }, 'Chaque matière doit avoir un nom.'],
      [{ classes: [{ name: '7e AF' }, { name: '7E af' }] }, 'La classe « 7E af » apparaît deux fois.'],
      [
        { curriculum: [{ className: 'Rhéto', subjectName: 'Mathématiques', maxGrade: 100 }] },
        "Le programme ou les frais citent une classe absente de l'assistant : Rhéto.",
      ],
      [
        { curriculum: [{ className: '7e AF', subjectName: 'Latin' }] },
        "Le programme cite une matière absente de l'assistant : Latin.",
      ],
      [
        { curriculum: [{ className: '7e AF', subjectName: 'Français', maxGrade: -5 }] },
        'Veuillez entrer un nombre valide.',
      ],
      [{ financials: [{ className: '7e AF', mppa: 'beaucoup' }] }, 'Le montant doit être un nombre positif ou vide.'],
      [{ financials: [{ className: '7e AF', mppa: -1 }] }, 'Le montant doit être un nombre positif ou vide.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call(school, token, 'POST', '/api/setup/new-year', wizardPayload(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect((await bodyOf(res)).message, JSON.stringify(overrides)).toBe(message);
    }
    expect(await structureCounts(school)).toEqual(EMPTY_STRUCTURE);
    expect(await auditCount(school, 'SETUP_NEW_YEAR')).toBe(0);
  });

  it('leaves no row at all when a statement late in the batch fails', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    // The fees are the batch's last rows: make the database refuse them for this school only.
    const trigger = `fail_fees_${school.id.replace(/-/g, '')}`;
    await sql(
      school,
      `CREATE TRIGGER ${trigger} BEFORE INSERT ON class_fees WHEN NEW.instance_id = '${school.id}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    ).run();
    try {
      const res = await call(school, token, 'POST', '/api/setup/new-year', wizardPayload());
      expect(res.status).toBe(500);
      expect(await structureCounts(school)).toEqual(EMPTY_STRUCTURE);
      expect(await auditCount(school, 'SETUP_NEW_YEAR')).toBe(0);
    } finally {
      await sql(school, `DROP TRIGGER ${trigger}`).run();
    }
    // The same payload goes through once the database accepts it.
    await setUpYear(school, token);
    expect(await structureCounts(school)).toEqual({
      school_years: 1,
      academic_periods: 3,
      classes: 3,
      subjects: 4,
      curriculum: 4,
      class_fees: 3,
    });
  });

  it('is kept for holders of user:manage', async () => {
    const school = await createSchool();
    for (const username of ['comptable', 'secretaire']) {
      const res = await call(school, await tokenFor(school, username), 'POST', '/api/setup/new-year', wizardPayload());
      expect(res.status).toBe(403);
      expect(await bodyOf(res)).toEqual(FORBIDDEN);
    }
    expect(await structureCounts(school)).toEqual(EMPTY_STRUCTURE);
  });

  it('splits a large curriculum into statements D1 accepts', async () => {
    const school = await createSchool();
    const token = await tokenFor(school, 'admin');
    const classes = Array.from({ length: 14 }, (_, i) => ({ name: `Classe ${i + 1}`, order_index: i + 1 }));
    const subjects = Array.from({ length: 12 }, (_, i) => `Matière ${i + 1}`);
    const curriculum = classes.flatMap((c) =>
      subjects.map((s) => ({ className: c.name, subjectName: s, maxGrade: 100 })),
    );
    await setUpYear(school, token, {
      classes,
      subjects,
      curriculum,
      financials: classes.map((c) => ({ className: c.name, mppa: 1000 })),
    });
    expect(await structureCounts(school)).toMatchObject({ classes: 14, subjects: 12, curriculum: 168, class_fees: 14 });
  });
});
