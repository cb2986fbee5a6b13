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
import { callOn, moveUnderTraffic, prepareSchool, scaleLoad } from './lib/bench-scale-load.mjs';
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
  // The log's rows by action: their stored length, to share the table's bytes among them.
  const logLengths = Object.fromEntries(
    db
      .prepare(
        `SELECT action_type AS action, sum(length(id) + length(instance_id) + length(username)
           + length(action_type) + coalesce(length(target_name), 0) + coalesce(length(details), 0)) AS total, count(*) AS n
         FROM audit_log GROUP BY 1`,
      )
      .all()
      .map((r) => [r.action, r]),
  );
  // The full schools' year so far: the school days marked, this year's graded evaluations.
  const markedDays = one('SELECT count(DISTINCT date) AS n FROM roll_calls').n;
  const evaluationsThisYear = one(
    `SELECT count(*) AS n FROM evaluations ev JOIN academic_periods p ON p.instance_id = ev.instance_id AND p.id = ev.period_id
     JOIN school_years y ON y.instance_id = p.instance_id AND y.id = p.year_id AND y.is_current = 1 WHERE ev.scores <> '[]'`,
  ).n;
  const evaluationsGraded = one("SELECT count(*) AS n FROM evaluations WHERE scores <> '[]'").n;
  db.close();

  // A pupil-year (issue 40): every lesson of a year marked, a full year of grades, the register
  // and the money, each table's share from the weights measured here.
  const logStored = Object.values(logLengths).reduce((a, r) => a + r.total, 0);
  const perRowOf = (action) =>
    logLengths[action] ? (logLengths[action].total / logLengths[action].n) * (bytes('audit_log') / logStored) : 0;
  const yearShare = markedDays ? SCHOOL_DAYS / markedDays : 0;
  const termsShare = thisYear.terms ? termsOfYear / thisYear.terms : 0;
  const pupilYear = {
    'roll_calls, class_rosters (les marques)':
      (bytes('roll_calls', 'class_rosters') / Math.max(1, full.pupils)) * yearShare,
    'evaluations (les notes)':
      (bytes('evaluations') / Math.max(1, grades)) * (thisYear.grades / Math.max(1, full.pupils)) * termsShare,
    'audit_log : les appels': (marks.rollCalls / Math.max(1, full.pupils)) * yearShare * perRowOf('ATTENDANCE_SESSION'),
    // A grade book batch's rows per evaluation (60 scores a batch), as the seed wrote them.
    'audit_log : les notes':
      (evaluationsThisYear / Math.max(1, full.pupils)) *
      termsShare *
      ((logRows.SET_GRADES ?? 0) / Math.max(1, evaluationsGraded)) *
      perRowOf('SET_GRADES'),
    'students, enrollments, payments, adjustments, users':
      bytes('students', 'enrollments', 'payments', 'adjustments', 'users') / pupils,
    'audit_log : registre et versements':
      ((logRows.CREATE_STUDENT ?? 0) * perRowOf('CREATE_STUDENT') +
        (logRows.CREATE_PAYMENT ?? 0) * perRowOf('CREATE_PAYMENT')) /
      pupils,
  };
  const pupilYearTotal = Object.values(pupilYear).reduce((a, b) => a + b, 0);
  const logShare =
    Object.entries(pupilYear)
      .filter(([k]) => k.startsWith('audit_log'))
      .reduce((a, [, b]) => a + b, 0) / pupilYearTotal;

  const perMark = bytes('roll_calls', 'class_rosters') / marks.marks;
  const perGrade = bytes('evaluations', 'class_rosters') / grades;
  const perLogRow = bytes('audit_log') / totalLog;
  const gradesPerPupil = (thisYear.grades / full.pupils / thisYear.terms) * termsOfYear;
  // A school of 1,000 pupils for a year, every lesson marked (the pupil-year below, a thousand times).
  const schoolYearBytes = () => pupilYearTotal * 1000;
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
    schoolYearBytes: schoolYearBytes(),
    schoolsIn5GB: Math.floor(5e9 / schoolYearBytes()),
    markedDays,
    pupilYear,
    pupilYearTotal,
    logShare,
    logRowBytes: Object.fromEntries(Object.keys(logLengths).map((a) => [a, Math.round(perRowOf(a))])),
  };
  console.log(
    `Un élève-année (chaque cours marqué, une année de notes) : ${(pupilYearTotal / 1024).toFixed(1)} Ko, dont le journal ${(logShare * 100).toFixed(0)} %`,
  );
  for (const [k, v] of Object.entries(pupilYear)) console.log(`  ${k} : ${Math.round(v)} octets`);
  console.log(
    `  une ligne du journal : ${Object.entries(figures.logRowBytes)
      .map(([a, b]) => `${a} ${b} o`)
      .join(', ')}`,
  );
  console.log(`Base : ${mb(figures.databaseBytes)}, ${schools} écoles, ${pupils} élèves actifs`);
  for (const [name, b] of Object.entries(byTable).slice(0, 8)) console.log(`  ${name} : ${mb(b)}`);
  console.log(`Notes d'une année : ${gradesPerPupil.toFixed(1)} par élève (${termsOfYear} trimestres)`);
  console.log(
    `Une marque d'appel : ${perMark.toFixed(2)} octets (${marks.marks} marques, ${marks.rollCalls} appels) ; une note : ${perGrade.toFixed(1)} octets (${grades}) ; une ligne du journal : ${perLogRow.toFixed(0)} octets`,
  );
  console.log(
    `École de 1 000 élèves, une année (chaque cours marqué) : ${mb(schoolYearBytes())} ; une base de 5 Go : ${figures.schoolsIn5GB} écoles`,
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
  // The console's 'Écoles' tab: one page, searched (decision 332).
  await measure('GET /api/superadmin/school-list page 1', 'localhost', platform, '/superadmin/school-list?page=1');
  await measure(
    'GET /api/superadmin/school-list recherche « echelle 01 », page 2',
    'localhost',
    platform,
    `/superadmin/school-list?page=2&limit=5&search=${encodeURIComponent('échelle 01')}`,
  );
  await measure(
    'GET /api/superadmin/audit-logs page 1 (toutes les écoles)',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=1&limit=20',
  );
  const deep = await measure(
    'GET /api/superadmin/audit-logs page 500',
    'localhost',
    platform,
    '/superadmin/audit-logs?page=500&limit=20',
  );
  // The same depth by cursor, as the log screen moves (decision 331): the rows after page 500's last.
  if (deep.next)
    await measure(
      'GET /api/superadmin/audit-logs page 501 par curseur (after)',
      'localhost',
      platform,
      `/superadmin/audit-logs?page=501&limit=20&after=${encodeURIComponent(deep.next)}`,
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
  // ---------------------------------------------------------------------------- under load
  // The full schools (every lesson marked), over every school database: 5 then 50 clients.
  // The full schools are those with roll calls (`--full` of the seed): up to 8 of them.
  const fullIds = new Set(
    localDatabaseFiles(state)
      .slice(1)
      .flatMap(({ path }) => {
        const db = new DatabaseSync(path, { readOnly: true });
        const ids = db
          .prepare('SELECT DISTINCT instance_id AS id FROM roll_calls')
          .all()
          .map((r) => r.id);
        db.close();
        return ids;
      }),
  );
  const hosts = [];
  for (let i = 1; hosts.length < 8 && i <= 1000; i++)
    if (fullIds.has(scaleSchool(i).id)) hosts.push(scaleSchool(i).hostname);
  const call2 = callOn(port);
  const prepared = [];
  for (const host of hosts) prepared.push(await prepareSchool(call2, host));
  const loads = [];
  for (const clients of [5, 50]) {
    const load = await scaleLoad(call2, prepared, { clients, durationMs: Number(process.env.SCALE_LOAD_MS ?? 20_000) });
    loads.push(load);
    console.log(
      `Charge, ${clients} clients (${load.seconds} s, ${load.perSecond} requêtes/s) : lectures p50 ${load.read.p50} ms, p95 ${load.read.p95} ms (${load.read.n}) ; écritures p50 ${load.write.p50} ms, p95 ${load.write.p95} ms (${load.write.n}) ; p95 écritures / lectures ${(load.write.p95 / Math.max(1, load.read.p95)).toFixed(1)}`,
    );
    for (const [kind, st] of Object.entries(load.byKind))
      console.log(`  ${kind} : p50 ${st.p50} ms, p95 ${st.p95} ms (${st.n})`);
    if (Object.keys(load.failures).length) console.log(`  refus : ${JSON.stringify(load.failures)}`);
  }

  // ---------------------------------------------------------------------------- a move under traffic
  const [directoryFile, ...schoolFiles] = localDatabaseFiles(state);
  const moved = prepared[0];
  const movedId = scaleSchool(1).id;
  const routeDb = new DatabaseSync(directoryFile.path, { readOnly: true });
  const from = routeDb.prepare('SELECT shard FROM instances WHERE id = ?').get(movedId).shard;
  routeDb.close();
  const target = schoolFiles.map((f) => f.binding).find((b) => b !== from);
  console.log(`Déplacement sous trafic : ${moved.host} (${from} → ${target}), 8 écrivains sur l'école…`);
  const move = await moveUnderTraffic(call2, moved, target, { writers: 8, platformToken: platform, schoolId: movedId });
  // Every payment answered 2xx is in the target exactly once.
  const targetDb = new DatabaseSync(schoolFiles.find((f) => f.binding === target).path, { readOnly: true });
  const found = targetDb
    .prepare(
      'SELECT count(*) AS rows, count(DISTINCT id) AS ids FROM payments WHERE id IN (SELECT value FROM json_each(?))',
    )
    .get(JSON.stringify(move.confirmed));
  targetDb.close();
  const kept = { confirmed: move.confirmed.length, rows: found.rows, distinct: found.ids };
  console.log(
    `  ${move.status === 200 ? 'terminé' : `échec (${move.status})`} en ${move.seconds} s (dont 35 s d'attente avant d'effacer les anciennes lignes) ; réponses aux écrivains : ${JSON.stringify(move.statuses)} ; versements confirmés ${kept.confirmed}, présents une fois dans ${target} : ${kept.distinct} (lignes ${kept.rows})`,
  );
  if (move.status !== 200) console.log(move.answer);

  mkdirSync('bench-results', { recursive: true });
  writeFileSync(
    'bench-results/scale.json',
    JSON.stringify(
      { schools: schools.length, pupils, storage, results, loads, move: { ...move, confirmed: undefined, kept } },
      null,
      2,
    ),
  );
} finally {
  server.kill();
}
