// The scale run's figures (after `node scripts/seed-scale.mjs`; decision 171). First what the data
// weighs, measured on the local D1 file with SQLite's dbstat (table and indexes, each table's
// pages): by table, the bytes of a roll-call mark, of a grade and of a log row, and what a
// school-year costs. Then the platform's screens timed at that size: the superadmin's schools, a
// school's student list, a class's finance page, the school's and the platform's activity log, a
// class's daily attendance sheet, its roll call, its report cards' data, a student's Notes, and
// two writes (a roll call of a whole class, a grade): median and p95 of 20 calls after a warm-up,
// on local workerd (the production build: `npm run build` first), and the answers' size.
// Writes bench-results/scale.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { localDatabaseFiles } from './lib/local.mjs';
import { startPreview } from './lib/preview.mjs';
import { scaleSchool } from './scale/ids.ts';

process.env.PORTAIL_STATE_DIR ??= '.wrangler/scale-state';
const state = process.env.PORTAIL_STATE_DIR;
const port = Number(process.env.PORT ?? 8841);
const kb = (n) => `${(n / 1024).toFixed(1)} Ko`;
const mb = (n) => `${(n / 1e6).toFixed(1)} Mo`;

// ------------------------------------------------------------------------------ what it weighs

/** School days of the scale run's year (Monday to Saturday, 1 September to 30 June). */
const SCHOOL_DAYS = (() => {
  let n = 0;
  for (let t = Date.UTC(2025, 8, 1); t <= Date.UTC(2026, 5, 30); t += 86_400_000) if (new Date(t).getUTCDay()) n++;
  return n;
})();

/** What one school database weighs, and what its schools cost (the full schools are spread over every database). */
function sizes(binding, path) {
  console.log(`— ${binding}`);
  const db = new DatabaseSync(path, { readOnly: true });
  const one = (query) => db.prepare(query).get();
  const byTable = Object.fromEntries(
    db
      .prepare(
        `SELECT coalesce(m.tbl_name, s.name) AS name, SUM(s.pgsize) AS bytes FROM dbstat s
         LEFT JOIN sqlite_master m ON m.name = s.name GROUP BY 1 ORDER BY 2 DESC`,
      )
      .all()
      .map((r) => [r.name, r.bytes]),
  );
  const bytes = (...tables) => tables.reduce((sum, t) => sum + (byTable[t] ?? 0), 0);
  const marks = one(
    `SELECT count(*) AS rollCalls, sum(length(marks) - length(replace(replace(replace(replace(marks, 'p', ''), 'a', ''), 'l', ''), 'j', ''))) AS marks FROM roll_calls`,
  );
  const grades = one(`SELECT count(*) AS n FROM evaluations, json_each(evaluations.scores) j WHERE j.type <> 'null'`).n;
  const logRows = Object.fromEntries(
    db
      .prepare('SELECT action_type AS action, count(*) AS n FROM audit_log GROUP BY 1')
      .all()
      .map((r) => [r.action, r.n]),
  );
  const totalLog = Object.values(logRows).reduce((a, b) => a + b, 0);
  const pupils = one("SELECT count(*) AS n FROM students WHERE status = 'active'").n;
  const schools = one('SELECT count(*) AS n FROM instances').n;
  // The full schools: those with roll calls.
  const full = one(
    `SELECT count(DISTINCT r.instance_id) AS schools, (SELECT count(*) FROM enrollments e JOIN school_years y ON y.instance_id = e.instance_id AND y.id = e.year_id AND y.is_current = 1
       WHERE e.instance_id IN (SELECT instance_id FROM roll_calls)) AS pupils FROM roll_calls r`,
  );
  // This year's grades per pupil and term graded (the full schools have graded some of the
  // year's terms), for a year of every term.
  const thisYear = one(
    `SELECT count(*) AS grades, count(DISTINCT ev.period_id) * 1.0 / count(DISTINCT ev.instance_id) AS terms
     FROM evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
     JOIN school_years y ON y.instance_id = p.instance_id AND y.id = p.year_id AND y.is_current = 1, json_each(ev.scores) j
     WHERE j.type <> 'null'`,
  );
  const termsOfYear = one(
    `SELECT count(*) * 1.0 / count(DISTINCT p.instance_id) AS n FROM academic_periods p
     JOIN school_years y ON y.instance_id = p.instance_id AND y.id = p.year_id AND y.is_current = 1`,
  ).n;
  const classSize = one(
    `SELECT avg(json_array_length(enrollment_ids)) AS n FROM class_rosters r JOIN school_years y ON y.instance_id = r.instance_id AND y.id = r.year_id AND y.is_current = 1`,
  ).n;
  db.close();

  const perMark = bytes('roll_calls', 'class_rosters') / marks.marks;
  const perGrade = bytes('evaluations', 'class_rosters') / grades;
  const perLogRow = bytes('audit_log') / totalLog;
  // What a school-year of 1,000 pupils costs, from these figures: its register, money and their
  // log (as the scale run's schools, per pupil), its grades (as the full schools', per pupil, each
  // with its log row), and its marks at one and at six lessons a day (each roll call a log row).
  const register =
    (bytes('students', 'enrollments', 'payments', 'adjustments', 'users') +
      ((logRows.CREATE_STUDENT ?? 0) + (logRows.CREATE_PAYMENT ?? 0)) * perLogRow) /
    pupils;
  const gradesPerPupil = (thisYear.grades / full.pupils / thisYear.terms) * termsOfYear;
  const schoolYear = (lessonsPerDay, pupilsOfSchool = 1000) => {
    const markCount = pupilsOfSchool * lessonsPerDay * SCHOOL_DAYS;
    const rollCalls = (pupilsOfSchool / classSize) * lessonsPerDay * SCHOOL_DAYS;
    const parts = {
      register: register * pupilsOfSchool,
      grades: gradesPerPupil * pupilsOfSchool * (perGrade + perLogRow),
      marks: markCount * perMark,
      markLog: rollCalls * perLogRow,
    };
    return { ...parts, total: Object.values(parts).reduce((a, b) => a + b, 0) };
  };
  const at = (l) => schoolYear(l);
  const figures = {
    binding,
    schools,
    pupils,
    fullSchools: full.schools,
    fullPupils: full.pupils,
    classSize: Math.round(classSize * 10) / 10,
    schoolDays: SCHOOL_DAYS,
    databaseBytes: Object.values(byTable).reduce((a, b) => a + b, 0),
    byTable,
    gradesPerPupilYear: Math.round(gradesPerPupil * 10) / 10,
    rollCalls: marks.rollCalls,
    marks: marks.marks,
    grades,
    logRows,
    perMark,
    perGrade,
    perLogRow,
    perSchoolYear: { oneLesson: at(1), sixLessons: at(6) },
    schoolsIn5GB: { oneLesson: Math.floor(5e9 / at(1).total), sixLessons: Math.floor(5e9 / at(6).total) },
  };
  console.log(`Base : ${mb(figures.databaseBytes)}, ${schools} écoles, ${pupils} élèves actifs`);
  for (const [name, b] of Object.entries(byTable).slice(0, 8)) console.log(`  ${name} : ${mb(b)}`);
  console.log(`Notes d'une année : ${gradesPerPupil.toFixed(1)} par élève (${termsOfYear} trimestres)`);
  console.log(
    `Une marque d'appel : ${perMark.toFixed(2)} octets (${marks.marks} marques, ${marks.rollCalls} appels) ; une note : ${perGrade.toFixed(1)} octets (${grades}) ; une ligne du journal : ${perLogRow.toFixed(0)} octets`,
  );
  for (const [label, y] of [
    ['1 cours/jour', at(1)],
    ['6 cours/jour', at(6)],
  ])
    console.log(
      `École de 1 000 élèves, une année, ${label} : ${mb(y.total)} (registre et finances ${mb(y.register)}, notes ${mb(y.grades)}, présences ${mb(y.marks)} + journal des appels ${mb(y.markLog)})`,
    );
  console.log(
    `Une base de 5 Go : ${figures.schoolsIn5GB.oneLesson} écoles (1 cours/jour), ${figures.schoolsIn5GB.sixLessons} (6 cours/jour)`,
  );
  return figures;
}

// ------------------------------------------------------------------------------ how fast

// A school answers on its own host name; Node's fetch drops a Host header, node:http keeps it.
const call = (host, method, path, { token, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api${path}`,
        headers: {
          host: `${host}:${port}`,
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });

async function signIn(host, username) {
  const res = await call(host, 'POST', '/login', { body: { username, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`connexion ${username}@${host} : ${res.status} ${res.text}`);
  return JSON.parse(res.text).accessToken;
}

const results = [];
async function measure(label, host, token, path, { method = 'GET', body } = {}) {
  const times = [];
  let text = '';
  for (let i = 0; i < 21; i++) {
    const start = performance.now();
    const res = await call(host, method, path, { token, body });
    text = res.text;
    if (res.status !== 200) throw new Error(`${path} : ${res.status} ${text.slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = {
    label,
    path,
    medianMs: Math.round(times[10]),
    p95Ms: Math.round(times[18]),
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
  };
  console.log(
    `${label} : médiane ${result.medianMs} ms, p95 ${result.p95Ms} ms, ${kb(result.bytes)} (${kb(result.gzipBytes)} gzip)`,
  );
  results.push(result);
  return JSON.parse(text);
}

// Each school database on its own (the directory holds routes, platform accounts and log only).
const storage = localDatabaseFiles(state)
  .slice(1)
  .map(({ binding, path }) => sizes(binding, path));
const server = await startPreview(port, { stateDir: state });
try {
  const platform = await signIn('localhost', 'superadmin');
  const schools = await measure(
    'GET /api/superadmin/schools (toutes les écoles et leurs effectifs)',
    'localhost',
    platform,
    '/superadmin/schools',
  );
  const pupils = schools.reduce((sum, s) => sum + s.students, 0);
  console.log(`  ${schools.length} écoles, ${pupils} élèves actifs`);
  await measure(
    'GET /api/superadmin/audit-logs page 1 (toutes les écoles)',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20',
  );
  await measure(
    'GET /api/superadmin/audit-logs page 500',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=500&limit=20',
  );
  await measure(
    'GET /api/superadmin/audit-logs une école',
    'localhost',
    platform,
    `/superadmin/audit-logs?page=1&limit=20&schoolId=${scaleSchool(150).id}`,
  );
  await measure(
    'GET /api/superadmin/audit-logs recherche et période',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20&searchTerm=CREATE_PAYMENT&startDate=2026-01-01&endDate=2026-01-31',
  );

  for (const n of [1, 150]) {
    const { hostname: host } = scaleSchool(n);
    const k = String(n).padStart(3, '0');
    const token = await signIn(host, 'admin');
    const years = JSON.parse((await call(host, 'GET', '/school-years', { token })).text);
    const year = years.find((y) => y.is_current);
    const klass = encodeURIComponent('7e AF');
    await measure(
      `[${k}] GET /api/students-with-enrollment-status page 1`,
      host,
      token,
      `/students-with-enrollment-status?yearId=${year.id}&page=1&limit=25&includeArchived=false`,
    );
    await measure(
      `[${k}] GET /api/students-with-enrollment-status recherche`,
      host,
      token,
      `/students-with-enrollment-status?yearId=${year.id}&page=1&limit=25&includeArchived=false&search=marie`,
    );
    await measure(
      `[${k}] GET /api/enrollments (page finances de la classe 7e AF)`,
      host,
      token,
      `/enrollments?className=${klass}&yearId=${year.id}`,
    );
    await measure(
      `[${k}] GET /api/enrollments/all (Rapport Financier page 1)`,
      host,
      token,
      `/enrollments/all?page=1&limit=25&yearId=${year.id}`,
    );
    await measure(`[${k}] GET /api/admin/audit-logs page 1`, host, token, '/admin/audit-logs?page=1&limit=20');
    await measure(
      `[${k}] GET /api/admin/audit-logs recherche`,
      host,
      token,
      '/admin/audit-logs?page=1&limit=20&searchTerm=joseph',
    );
    if (n !== 1) continue;
    // A full school: a year of roll calls (every lesson) and of grades.
    await measure(
      `[${k}] GET /api/daily-attendance-report (7e AF, 6 jours)`,
      host,
      token,
      `/daily-attendance-report?yearId=${year.id}&className=${klass}&startDate=2026-03-02&endDate=2026-03-07`,
    );
    await measure(
      `[${k}] GET /api/attendance-report (7e AF, 6 jours, par cours)`,
      host,
      token,
      `/attendance-report?yearId=${year.id}&className=${klass}&startDate=2026-03-02&endDate=2026-03-07`,
    );
    const { entries } = JSON.parse(
      (await call(host, 'GET', `/timetable?yearId=${year.id}&className=${klass}`, { token })).text,
    );
    const lesson = entries.find((e) => e.day_of_week === 1);
    const rollCall = await measure(
      `[${k}] GET /api/teacher/attendance (appel d'un cours de 7e AF)`,
      host,
      token,
      `/teacher/attendance?entryId=${lesson.id}&date=2026-03-02`,
    );
    await measure(
      `[${k}] PUT /api/teacher/attendance (l'appel de toute la classe, ${rollCall.students.length} élèves)`,
      host,
      token,
      '/teacher/attendance',
      {
        method: 'PUT',
        body: {
          timetable_entry_id: lesson.id,
          date: '2026-03-02',
          marks: rollCall.students.map((s, i) => ({
            enrollment_id: s.enrollment_id,
            status: i % 9 ? 'present' : 'absent',
          })),
        },
      },
    );
    // The report cards of a class: every grade of its year, whatever the platform's size (5 statements).
    const [period] = JSON.parse((await call(host, 'GET', `/academic-periods?yearId=${year.id}`, { token })).text);
    const report = await measure(
      `[${k}] GET /api/bulk-report-data (7e AF, ${period.name})`,
      host,
      token,
      `/bulk-report-data?yearId=${year.id}&className=${klass}&periodId=${period.id}`,
    );
    const pupil = report.enrollments[0];
    await measure(
      `[${k}] GET /api/student/grades (les Notes d'un élève)`,
      host,
      token,
      `/student/grades?studentId=${pupil.student.id}&periodId=${period.id}`,
    );
    const subject = report.subjects[0];
    const book = await measure(
      `[${k}] GET /api/teacher/subject-details (carnet de notes, ${subject.subject_name})`,
      host,
      token,
      `/teacher/subject-details?yearId=${year.id}&className=${klass}&subjectId=${subject.subject_id}&periodId=${period.id}`,
    );
    const evaluation = book.evaluations[0];
    await measure(`[${k}] POST /api/grades (une note)`, host, token, '/grades', {
      method: 'POST',
      body: {
        evaluation_id: evaluation.id,
        enrollment_id: pupil.id,
        subject_id: subject.subject_id,
        period_id: period.id,
        evaluation_name: evaluation.name,
        max_score: evaluation.max_score,
        score: evaluation.max_score / 2,
      },
    });
  }
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/scale.json',
    JSON.stringify({ schools: schools.length, pupils, storage, results }, null, 2),
  );
} finally {
  server.kill();
}
