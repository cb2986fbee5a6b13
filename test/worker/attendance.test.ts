// The teacher's roll call (issue 13): the class list of a lesson on its weekday, marks saved per
// student in one batch whatever their number (another class's pupil refuses it, named: decision 302), cleared with
// null, replayed once, refused on another weekday or a future date, and closed to other teachers.
import { describe, expect, it } from 'vitest';
import type { RollCall } from '../../worker/contract/teacher';
import { addDays, schoolToday } from '../../worker/domain/dates';
import { dayOfWeekOf } from '../../worker/domain/timetable';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';

async function setUp() {
  const fixture = await schoolWithCourses();
  const { school, yearId, classIds } = fixture;
  const pupils = [
    ['Zéphir', 'Anne', '7e AF'],
    ['Alexis', 'Rose', '7e AF'],
    ['Baptiste', 'Paul', '8e AF'],
  ] as const;
  const enrolled = new Map<string, string>();
  for (const [nom, prenom, className] of pupils) {
    const student = crypto.randomUUID();
    const enrollment = crypto.randomUUID();
    await sql(
      school,
      'INSERT INTO students (id, instance_id, nom, prenom) VALUES (?, ?, ?, ?)',
      student,
      school.id,
      nom,
      prenom,
    ).run();
    await sql(
      school,
      'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id) VALUES (?, ?, ?, ?, ?)',
      enrollment,
      school.id,
      student,
      yearId,
      classIds.get(className),
    ).run();
    enrolled.set(prenom, enrollment);
  }
  const prof = await tokenFor(school, 'prof');
  const lesson = `t3-${school.id}`; // Français, 7e AF, Monday 07:00-08:00
  return { ...fixture, enrolled, prof, lesson };
}

const MONDAY = '2026-01-19';

describe('roll call', () => {
  it("lists the lesson's class by name and saves, changes and clears marks", async () => {
    const { school, prof, lesson, enrolled } = await setUp();
    const open = await call(school, prof, 'GET', `/api/teacher/attendance?entryId=${lesson}&date=${MONDAY}`);
    expect(open.status, await open.clone().text()).toBe(200);
    const rollCall = await bodyOf<RollCall>(open);
    expect(rollCall.entry).toMatchObject({ subject_name: 'Français', class_name: '7e AF', start_time: '07:00' });
    expect(rollCall.students.map((s) => `${s.nom} ${s.prenom}`)).toEqual(['Alexis Rose', 'Zéphir Anne']);
    expect(rollCall.marks).toEqual([]);

    const save = (marks: { enrollment_id: string; status: string | null }[], key?: string) =>
      call(
        school,
        prof,
        'PUT',
        '/api/teacher/attendance',
        { timetable_entry_id: lesson, date: MONDAY, marks },
        key ? { 'Idempotency-Key': key } : {},
      );
    // A pupil of another class: the roll call is refused, naming him, and nothing is kept.
    const withOther = await save([
      { enrollment_id: enrolled.get('Rose')!, status: 'present' },
      { enrollment_id: enrolled.get('Paul')!, status: 'present' },
    ]);
    expect(withOther.status).toBe(409);
    expect((await bodyOf(withOther)).message).toBe(
      "Appel non enregistré : Paul Baptiste n'est pas en 7e AF ce jour-là.",
    );
    const roll = [
      { enrollment_id: enrolled.get('Rose')!, status: 'present' },
      { enrollment_id: enrolled.get('Anne')!, status: 'absent' },
    ];
    const key = crypto.randomUUID();
    const first = await save(roll, key);
    expect(first.status, await first.clone().text()).toBe(200);
    expect((await bodyOf(first)).message).toBe('Présences enregistrées.');
    // The same request replayed (offline queue): nothing more.
    expect((await save(roll, key)).status).toBe(200);
    const marks = async () =>
      (
        await bodyOf<RollCall>(
          await call(school, prof, 'GET', `/api/teacher/attendance?entryId=${lesson}&date=${MONDAY}`),
        )
      ).marks
        .map((m) => `${[...enrolled].find(([, id]) => id === m.enrollment_id)![0]} ${m.status}`)
        .sort();
    expect(await marks()).toEqual(['Anne absent', 'Rose present']);

    await save([{ enrollment_id: enrolled.get('Anne')!, status: 'late' }]);
    await save([{ enrollment_id: enrolled.get('Rose')!, status: null }]);
    expect(await marks()).toEqual(['Anne late']);
    const rows = await sql(
      school,
      'SELECT count(*) AS n FROM attendance_records WHERE instance_id = ?',
      school.id,
    ).first<{
      n: number;
    }>();
    expect(rows!.n).toBe(1);
  });

  it('refuses another weekday and a future date, and another teacher’s lesson', async () => {
    const { school, prof, lesson, enrolled } = await setUp();
    const wrongDay = await call(school, prof, 'GET', `/api/teacher/attendance?entryId=${lesson}&date=2026-01-20`);
    expect(wrongDay.status).toBe(400);
    expect((await bodyOf(wrongDay)).message).toBe("Ce cours n'a pas lieu ce jour-là.");
    let nextMonday = addDays(schoolToday(), 1);
    while (dayOfWeekOf(nextMonday) !== 1) nextMonday = addDays(nextMonday, 1);
    const future = await call(school, prof, 'PUT', '/api/teacher/attendance', {
      timetable_entry_id: lesson,
      date: nextMonday,
      marks: [{ enrollment_id: enrolled.get('Rose')!, status: 'present' }],
    });
    expect(future.status).toBe(400);
    expect((await bodyOf(future)).message).toBe("On ne peut pas faire l'appel d'un cours à venir.");

    // Sciences 7e AF is Marie Étienne's: not the demo teacher's; an admin may open any lesson.
    const notMine = await call(school, prof, 'GET', `/api/teacher/attendance?entryId=t4-${school.id}&date=2026-01-21`);
    expect(notMine.status).toBe(404);
    expect((await bodyOf(notMine)).message).toBe('Cours introuvable.');
    const admin = await tokenFor(school, 'admin');
    expect(
      (await call(school, admin, 'GET', `/api/teacher/attendance?entryId=t4-${school.id}&date=2026-01-21`)).status,
    ).toBe(200);
    const other = await schoolWithCourses();
    expect(
      (await call(school, admin, 'GET', `/api/teacher/attendance?entryId=t4-${other.school.id}&date=2026-01-21`))
        .status,
    ).toBe(404);
    expect(
      (
        await call(
          school,
          await tokenFor(school, 'secretaire'),
          'GET',
          `/api/teacher/attendance?entryId=${lesson}&date=${MONDAY}`,
        )
      ).status,
    ).toBe(403);
  });
});
