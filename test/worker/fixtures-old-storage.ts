// A school's marks and grades in the storage of migrations 0000 to 0006 (one row per mark in
// attendance_records, one row per grade in grades), written with plain SQL so that it fits a
// database migrated only that far; and the reads of every screen built on them. The migration
// test (storage-migration.test.ts) loads it, runs migration 0007 and compares the reads with
// the answers the code before 0007 gave on the same rows (storage-migration.answers.json).
import { env } from 'cloudflare:workers';
import { signSession } from '../../worker/auth/jwt';
import { deviceSessionFor } from './helpers';

export const OLD = {
  school: 'mig-ecole',
  host: 'mig.ecole.test',
  year: 'mig-year',
  t1: 'mig-t1',
  t2: 'mig-t2',
  c7: 'mig-7e',
  c8: 'mig-8e',
  maths: 'mig-maths',
  francais: 'mig-francais',
  sciences: 'mig-sciences',
  admin: 'mig-admin',
  prof: 'mig-prof',
  eleve: 'mig-eleve',
} as const;

/** The pupils: p7 left 7e AF for 8e AF on Monday 26 January; p6 is marked from then on only. */
export const PUPILS = [
  ['p1', 'Alexis', 'Rose', '7e'],
  ['p2', 'Baptiste', 'Luc', '7e'],
  ['p3', 'Céleste', 'Anne', '7e'],
  ['p4', 'Dorval', 'Marc', '7e'],
  ['p5', 'Étienne', 'Lise', '7e'],
  ['p6', 'Fils-Aimé', 'Jean', '7e'],
  ['p7', 'Guerrier', 'Paul', '8e'],
  ['p8', 'Hyppolite', 'Nadia', '8e'],
  ['p9', 'Innocent', 'Marie', '8e'],
] as const;

const enrollmentOf = (pupil: string) => `mig-e-${pupil}`;
const studentOf = (pupil: string) => `mig-s-${pupil}`;

/** [id, class, subject, assignment's teacher, day, start, end] */
export const LESSONS = [
  ['mig-l-fr7', '7e', 'francais', 'prof', 1, '07:00', '08:00'],
  ['mig-l-ma7', '7e', 'maths', 'prof', 1, '08:00', '09:00'],
  ['mig-l-sc7', '7e', 'sciences', 'other', 3, '08:00', '09:00'],
  ['mig-l-ma7b', '7e', 'maths', 'prof', 4, '10:00', '11:00'],
  ['mig-l-ma8', '8e', 'maths', 'prof', 2, '10:00', '11:00'],
  ['mig-l-fr8', '8e', 'francais', 'other', 1, '09:00', '10:00'],
] as const;

const DATES = [
  '2026-01-19',
  '2026-01-20',
  '2026-01-21',
  '2026-01-22',
  '2026-01-23',
  '2026-01-24',
  '2026-01-26',
  '2026-01-27',
  '2026-01-28',
  '2026-01-29',
  '2026-01-30',
  '2026-01-31',
] as const;
const MOVED_ON = '2026-01-26';
const CYCLE = ['present', 'present', 'absent', 'present', 'late', 'justified', 'present', 'absent', 'present'];

/** [id, class, subject, period, name, max (hundredths), created_at] */
const EVALUATIONS = [
  ['mig-v1', '7e', 'maths', 't1', 'Devoir 1', 2000, '2025-10-01T10:00:00.000Z'],
  ['mig-v6', '8e', 'maths', 't1', 'Devoir 1', 2000, '2025-10-02T10:00:00.000Z'],
  ['mig-v3', '7e', 'francais', 't1', 'Dictée', 4000, '2025-10-05T10:00:00.000Z'],
  ['mig-v5', '7e', 'sciences', 't1', 'TP', 5000, '2025-10-08T10:00:00.000Z'],
  ['mig-v2', '7e', 'maths', 't1', 'Examen', 3000, '2025-11-01T10:00:00.000Z'],
  ['mig-v4', '7e', 'maths', 't2', 'Devoir 2', 2000, '2026-01-10T10:00:00.000Z'],
] as const;

/** Marks of one lesson and date, in the old shape: who was in the lesson's class that day. */
function marksOf(lesson: (typeof LESSONS)[number], date: string, k: number) {
  const [, klass, , , day] = lesson;
  if (new Date(`${date}T12:00:00Z`).getUTCDay() !== day) return [];
  return PUPILS.map(([pupil], i) => ({ pupil, i }))
    .filter(({ pupil, i }) => {
      const classThen = pupil === 'p7' ? (date < MOVED_ON ? '7e' : '8e') : PUPILS.find((p) => p[0] === pupil)![3];
      if (classThen !== klass) return false;
      if (pupil === 'p6' && date < MOVED_ON) return false;
      // Now and then a pupil is left unmarked.
      return (i + k) % 7 !== 3;
    })
    .map(({ pupil, i }) => ({ pupil, status: CYCLE[(i * 5 + k) % CYCLE.length]! }));
}

/** Every statement writing the school in the old storage, in an order the foreign keys accept. */
export function oldStorageStatements(db: D1Database): D1PreparedStatement[] {
  const s = OLD.school;
  const q = (query: string, ...params: unknown[]) => db.prepare(query).bind(...params);
  const classId = (k: string) => (k === '7e' ? OLD.c7 : OLD.c8);
  const subjectId = (k: string) => OLD[k as 'maths' | 'francais' | 'sciences'];
  const out: D1PreparedStatement[] = [
    q(
      "INSERT INTO instances (id, name, hostname, currency, passing_grade) VALUES (?, 'École Migration', ?, 'Gdes', 50)",
      s,
      OLD.host,
    ),
    ...(
      [
        [OLD.admin, 'admin', 'admin', null],
        [OLD.prof, 'prof', 'teacher', null],
        ['mig-other', 'autre', 'teacher', null],
      ] as const
    ).map(([id, username, type]) =>
      q(
        "INSERT INTO users (id, instance_id, username, password_hash, account_type, status) VALUES (?, ?, ?, 'x', ?, 'active')",
        id,
        s,
        username,
        type,
      ),
    ),
    q("INSERT INTO school_years (id, instance_id, name, is_current) VALUES (?, ?, '2025-2026', 1)", OLD.year, s),
    q(
      "INSERT INTO academic_periods (id, instance_id, year_id, name, position) VALUES (?, ?, ?, 'Trimestre 1', 1), (?, ?, ?, 'Trimestre 2', 2)",
      OLD.t1,
      s,
      OLD.year,
      OLD.t2,
      s,
      OLD.year,
    ),
    q(
      "INSERT INTO classes (id, instance_id, name, order_index) VALUES (?, ?, '7e AF', 0), (?, ?, '8e AF', 1)",
      OLD.c7,
      s,
      OLD.c8,
      s,
    ),
    q(
      "INSERT INTO subjects (id, instance_id, name) VALUES (?, ?, 'Mathématiques'), (?, ?, 'Français'), (?, ?, 'Sciences')",
      OLD.maths,
      s,
      OLD.francais,
      s,
      OLD.sciences,
      s,
    ),
    ...(
      [
        ['7e', 'maths', 10000],
        ['7e', 'francais', 20000],
        ['7e', 'sciences', 10000],
        ['8e', 'maths', 10000],
        ['8e', 'francais', 10000],
      ] as const
    ).map(([k, subject, max]) =>
      q(
        'INSERT INTO curriculum (id, instance_id, year_id, class_id, subject_id, max_grade) VALUES (?, ?, ?, ?, ?, ?)',
        `mig-cur-${k}-${subject}`,
        s,
        OLD.year,
        classId(k),
        subjectId(subject),
        max,
      ),
    ),
    ...PUPILS.flatMap(([pupil, nom, prenom, k]) => [
      q(
        "INSERT INTO students (id, instance_id, nom, prenom, sexe, date_of_birth, nom_key, prenom_key, created_at, updated_at) VALUES (?, ?, ?, ?, 'F', '2013-05-04', lower(?), lower(?), '2025-08-20T10:00:00.000Z', '2025-08-20T10:00:00.000Z')",
        studentOf(pupil),
        s,
        nom,
        prenom,
        nom,
        prenom,
      ),
      q(
        "INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id, mppa, created_at) VALUES (?, ?, ?, ?, ?, 2500000, '2025-08-21T10:00:00.000Z')",
        enrollmentOf(pupil),
        s,
        studentOf(pupil),
        OLD.year,
        classId(k),
      ),
    ]),
    q(
      "INSERT INTO users (id, instance_id, username, password_hash, account_type, status, student_id) VALUES (?, ?, 'eleve', 'x', 'student', 'active', ?)",
      OLD.eleve,
      s,
      studentOf('p2'),
    ),
    q(
      "INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES ('mig-teacher', ?, ?, 'Jean-Robert', 'Baptiste'), ('mig-teacher2', ?, ?, 'Marie', 'Étienne')",
      s,
      OLD.prof,
      s,
      'mig-other',
    ),
  ];
  const assignments = new Map<string, string>();
  for (const [, k, subject, teacher] of LESSONS) {
    const id = `mig-a-${k}-${subject}`;
    if (assignments.has(id)) continue;
    assignments.set(id, teacher);
    out.push(
      q(
        'INSERT INTO assignments (id, instance_id, year_id, teacher_id, class_id, subject_id) VALUES (?, ?, ?, ?, ?, ?)',
        id,
        s,
        OLD.year,
        teacher === 'prof' ? 'mig-teacher' : 'mig-teacher2',
        classId(k),
        subjectId(subject),
      ),
    );
  }
  for (const [id, k, subject, , day, start, end] of LESSONS)
    out.push(
      q(
        "INSERT INTO timetable_entries (id, instance_id, assignment_id, day_of_week, start_time, end_time, location_name) VALUES (?, ?, ?, ?, ?, ?, 'Salle 1')",
        id,
        s,
        `mig-a-${k}-${subject}`,
        day,
        start,
        end,
      ),
    );
  let k = 0;
  let n = 0;
  for (const date of DATES)
    for (const lesson of LESSONS) {
      for (const { pupil, status } of marksOf(lesson, date, k++))
        out.push(
          q(
            'INSERT INTO attendance_records (id, instance_id, timetable_entry_id, enrollment_id, date, status) VALUES (?, ?, ?, ?, ?, ?)',
            `mig-r-${n++}`,
            s,
            lesson[0],
            enrollmentOf(pupil),
            date,
            status,
          ),
        );
    }
  for (const [pupil, date, status] of [
    ['p2', '2026-01-20', 'justified'],
    ['p3', '2026-01-19', 'present'],
    ['p8', '2026-01-27', 'absent'],
    ['p4', '2026-01-22', 'late'],
  ] as const)
    out.push(
      q(
        'INSERT INTO attendance_overrides (instance_id, enrollment_id, date, status) VALUES (?, ?, ?, ?)',
        s,
        enrollmentOf(pupil),
        date,
        status,
      ),
    );
  for (const [id, k2, subject, period, name, max, createdAt] of EVALUATIONS)
    out.push(
      q(
        'INSERT INTO evaluations (id, instance_id, class_id, subject_id, period_id, name, max_score, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        id,
        s,
        classId(k2),
        subjectId(subject),
        period === 't1' ? OLD.t1 : OLD.t2,
        name,
        max,
        createdAt,
      ),
    );
  // Grades: every pupil of the evaluation's class when it was given (p7 was in 7e AF in the first
  // term), now and then one missing, decimals, a zero and a full score.
  let g = 0;
  for (const [id, k2, , period, , max] of EVALUATIONS) {
    const pupils = PUPILS.filter(([pupil, , , klass]) =>
      pupil === 'p7' ? (k2 === '7e' && period === 't1') || k2 === '8e' : klass === k2,
    );
    pupils.forEach(([pupil], i) => {
      if ((i + g) % 6 === 5) return;
      const score = i === 0 ? max : i === 3 ? 0 : Math.round(((i * 37 + g * 11) % 100) * max) / 100;
      out.push(
        q(
          'INSERT INTO grades (id, instance_id, evaluation_id, enrollment_id, score) VALUES (?, ?, ?, ?, ?)',
          `mig-g-${g++}`,
          s,
          id,
          enrollmentOf(pupil),
          Math.round(score / 25) * 25,
        ),
      );
    });
  }
  for (const [pupil, subject, period, text] of [
    ['p1', 'maths', 't1', 'Très bien.'],
    ['p2', 'francais', 't1', 'Peut mieux faire.'],
    ['p8', 'maths', 't1', 'Bon travail.'],
    ['p1', 'maths', 't2', 'En progrès.'],
  ] as const)
    out.push(
      q(
        'INSERT INTO appreciations (instance_id, enrollment_id, subject_id, period_id, text) VALUES (?, ?, ?, ?, ?)',
        s,
        enrollmentOf(pupil),
        subjectId(subject),
        period === 't1' ? OLD.t1 : OLD.t2,
        text,
      ),
    );
  for (const [pupil, period, text] of [
    ['p1', 't1', 'Bon trimestre.'],
    ['p2', 't1', 'Des efforts à poursuivre.'],
    ['p3', 't2', 'Trimestre solide.'],
  ] as const)
    out.push(
      q(
        'INSERT INTO general_appreciations (instance_id, enrollment_id, period_id, text) VALUES (?, ?, ?, ?)',
        s,
        enrollmentOf(pupil),
        period === 't1' ? OLD.t1 : OLD.t2,
        text,
      ),
    );
  return out;
}

/** The reads compared before and after the migration: every screen built on marks and grades. */
export const READS: { name: string; as: 'admin' | 'prof' | 'eleve'; path: string }[] = (() => {
  const range = (className: string, start: string, end: string) =>
    `yearId=${OLD.year}&className=${encodeURIComponent(className)}&startDate=${start}&endDate=${end}`;
  return [
    ['daily 7e two weeks', 'admin', `/api/daily-attendance-report?${range('7e AF', '2026-01-19', '2026-01-31')}`],
    ['daily 7e one week', 'admin', `/api/daily-attendance-report?${range('7e AF', '2026-01-19', '2026-01-24')}`],
    ['daily 8e two weeks', 'admin', `/api/daily-attendance-report?${range('8e AF', '2026-01-19', '2026-01-31')}`],
    ['detailed 7e two weeks', 'admin', `/api/attendance-report?${range('7e AF', '2026-01-19', '2026-01-31')}`],
    ['detailed 8e two weeks', 'admin', `/api/attendance-report?${range('8e AF', '2026-01-19', '2026-01-31')}`],
    ['roll call maths 7e 19 Jan', 'admin', '/api/teacher/attendance?entryId=mig-l-ma7&date=2026-01-19'],
    ['roll call français 7e 26 Jan', 'prof', '/api/teacher/attendance?entryId=mig-l-fr7&date=2026-01-26'],
    ['roll call maths 8e 27 Jan', 'prof', '/api/teacher/attendance?entryId=mig-l-ma8&date=2026-01-27'],
    ['roll call maths 8e 20 Jan', 'admin', '/api/teacher/attendance?entryId=mig-l-ma8&date=2026-01-20'],
    ['report cards 7e T1', 'admin', `/api/bulk-report-data?yearId=${OLD.year}&className=7e%20AF&periodId=${OLD.t1}`],
    ['report cards 7e T2', 'admin', `/api/bulk-report-data?yearId=${OLD.year}&className=7e%20AF&periodId=${OLD.t2}`],
    ['report cards 8e T1', 'admin', `/api/bulk-report-data?yearId=${OLD.year}&className=8e%20AF&periodId=${OLD.t1}`],
    ['notes of p1 (latest graded term)', 'admin', `/api/student/grades?studentId=${studentOf('p1')}`],
    ['notes of p1 term 1', 'admin', `/api/student/grades?studentId=${studentOf('p1')}&periodId=${OLD.t1}`],
    ['notes of p8', 'admin', `/api/student/grades?studentId=${studentOf('p8')}`],
    ['notes of the student account (p2)', 'eleve', '/api/student/grades'],
    [
      'grade book maths 7e T1',
      'prof',
      `/api/teacher/subject-details?yearId=${OLD.year}&className=7e%20AF&subjectId=${OLD.maths}&periodId=${OLD.t1}`,
    ],
    [
      'grade book français 8e T1 (none)',
      'admin',
      `/api/teacher/subject-details?yearId=${OLD.year}&className=8e%20AF&subjectId=${OLD.francais}&periodId=${OLD.t1}`,
    ],
  ].map(([name, as, path]) => ({ name: name!, as: as as 'admin' | 'prof' | 'eleve', path: path! }));
})();

/**
 * A session token of one of the school's accounts, signed as the sign-in would sign it, with its
 * device session in the migration's database (once every migration is applied).
 */
export async function oldSchoolToken(as: 'admin' | 'prof' | 'eleve') {
  const account = {
    admin: [OLD.admin, 'admin', 'admin'],
    prof: [OLD.prof, 'prof', 'teacher'],
    eleve: [OLD.eleve, 'eleve', 'student'],
  } as const;
  const [id, username, role] = account[as];
  const session = await deviceSessionFor(env.MIGRATION_DB, { id, instanceId: OLD.school, tokenVersion: 0 });
  return signSession(
    {
      id,
      username,
      role,
      status: 'active',
      instance_id: OLD.school,
      permissions: [],
      roles: [],
      tv: 0,
      sid: session.id,
      dse: session.expiresAt,
    },
    env.JWT_SECRET,
  );
}
