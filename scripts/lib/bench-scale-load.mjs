// The scale run's load (issue 40, decision 333): clients at once on the full schools of the scale
// seed (spread over every school database), each looping over a school's morning — reads (a
// lesson's roll call, the student list, a class's finance page) and writes (a whole class's roll
// call, an evaluation's scores in one grade book batch, a payment) — for a while; the latency of
// reads and writes apart (p50, p95) and the throughput. Then a move under traffic: writers keep
// sending payments to a school while `npm run move-school` moves it; a payment answered 503
// ('maintenance') is sent again with the same id until it lands, as the web's queue does; at the
// end every payment answered 2xx must be in the school's database exactly once.
import { request } from 'node:http';
import { DEMO_PASSWORD } from '../demo-accounts.ts';

/** A JSON call on a school's host (node:http keeps the Host header). */
export const callOn =
  (port) =>
  (host, method, path, { token, body } = {}) =>
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

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;

/** The last `weeks` dates (YYYY-MM-DD) of a weekday (1 Monday … 6 Saturday) before today, newest first. */
function pastDates(dayOfWeek, weeks, today = new Date()) {
  const out = [];
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - 1);
  while (out.length < weeks) {
    if (((d.getUTCDay() + 6) % 7) + 1 === dayOfWeek) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() - 1);
  }
  return out;
}

/**
 * What the load needs of a full school: the admin's token, a teacher's and a pupil's (their
 * accounts exist), a class's lessons, pupils, an evaluation of the first trimester, enrolments to
 * pay for.
 */
export async function prepareSchool(call, host) {
  const signIn = async (username) => {
    const res = await call(host, 'POST', '/login', { body: { username, password: DEMO_PASSWORD } });
    if (res.status !== 200) throw new Error(`connexion ${username}@${host} : ${res.status} ${res.text.slice(0, 200)}`);
    return JSON.parse(res.text).accessToken;
  };
  const token = await signIn('admin');
  const teacher = await signIn('prof1');
  const pupil = await signIn('eleve1');
  const json = async (path, t = token) => {
    const res = await call(host, 'GET', path, { token: t });
    if (res.status !== 200) throw new Error(`${path} : ${res.status} ${res.text.slice(0, 200)}`);
    return JSON.parse(res.text);
  };
  const year = (await json('/school-years')).find((y) => y.is_current);
  const klass = encodeURIComponent('7e AF');
  const { entries } = await json(`/timetable?yearId=${year.id}&className=${klass}`);
  const lessons = entries.map((e) => ({ ...e, dates: pastDates(e.day_of_week, 8) }));
  const first = lessons[0];
  const rollCall = await json(`/teacher/attendance?entryId=${first.id}&date=${first.dates[0]}`);
  const enrolments = rollCall.students.map((s) => s.enrollment_id);
  const [period] = await json(`/academic-periods?yearId=${year.id}`);
  const book = await json(
    `/teacher/subject-details?yearId=${year.id}&className=${klass}&subjectId=${first.subject_id}&periodId=${period.id}`,
  );
  const evaluation = book.evaluations[0];
  // A teacher's and a pupil's own reads answer (their accounts are the seed's).
  await json('/teacher/courses', teacher).catch(() => null);
  await json('/student/me', pupil).catch(() => null);
  return { host, token, year, klass, lessons, enrolments, period, subject: first.subject_id, evaluation };
}

/** The kinds of request of a client's loop: reads and writes, each with its call. */
function kinds(call, school, n) {
  let turn = n;
  const next = () => turn++;
  const { host, token } = school;
  return [
    {
      name: 'lecture : appel d’un cours',
      write: false,
      run: () => {
        const lesson = school.lessons[next() % school.lessons.length];
        return call(host, 'GET', `/teacher/attendance?entryId=${lesson.id}&date=${lesson.dates[turn % 8]}`, { token });
      },
    },
    {
      name: 'lecture : liste des élèves',
      write: false,
      run: () =>
        call(
          host,
          'GET',
          `/students-with-enrollment-status?yearId=${school.year.id}&page=1&limit=25&includeArchived=false`,
          {
            token,
          },
        ),
    },
    {
      name: 'lecture : finances de la classe',
      write: false,
      run: () => call(host, 'GET', `/enrollments?className=${school.klass}&yearId=${school.year.id}`, { token }),
    },
    {
      name: 'écriture : appel de toute la classe',
      write: true,
      run: () => {
        const i = next();
        const lesson = school.lessons[i % school.lessons.length];
        return call(host, 'PUT', '/teacher/attendance', {
          token,
          body: {
            timetable_entry_id: lesson.id,
            date: lesson.dates[i % 8],
            marks: school.enrolments.map((enrollment_id, k) => ({
              enrollment_id,
              status: (k + i) % 9 ? 'present' : 'absent',
            })),
          },
        });
      },
    },
    {
      name: 'écriture : notes d’une évaluation (carnet)',
      write: true,
      run: () => {
        const i = next();
        const max = school.evaluation.max_score;
        return call(host, 'POST', '/grades/batch', {
          token,
          body: {
            subject_id: school.subject,
            period_id: school.period.id,
            evaluations: [
              {
                id: school.evaluation.id,
                name: school.evaluation.name,
                max_score: max,
                // A batch holds at most 60 scores (the grade book sends a class of 150 in three).
                scores: Array.from({ length: Math.min(60, school.enrolments.length) }, (_, j) => {
                  const k = (i * 60 + j) % school.enrolments.length;
                  return {
                    id: `s-${n}-${i}-${k}`,
                    enrollment_id: school.enrolments[k],
                    score: ((k + i) % 4) * (max / 4),
                  };
                }),
              },
            ],
          },
        });
      },
    },
    {
      name: 'écriture : versement',
      write: true,
      run: () =>
        call(host, 'POST', `/enrollments/${school.enrolments[next() % school.enrolments.length]}/payments`, {
          token,
          body: { id: crypto.randomUUID(), amount: 1, label: 'Banc de charge' },
        }),
    },
  ];
}

/** `clients` clients for `durationMs` over these schools; answers the latencies by reads and writes. */
export async function scaleLoad(call, schools, { clients, durationMs }) {
  const times = { read: [], write: [] };
  const byKind = {};
  const failures = {};
  const end = Date.now() + durationMs;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, n) => {
      const list = kinds(call, schools[n % schools.length], n);
      for (let i = n; Date.now() < end; i++) {
        const kind = list[i % list.length];
        const start = performance.now();
        const res = await kind.run().catch((error) => ({ status: 0, text: String(error) }));
        const ms = performance.now() - start;
        if (res.status >= 200 && res.status < 300) {
          times[kind.write ? 'write' : 'read'].push(ms);
          (byKind[kind.name] ??= []).push(ms);
        } else failures[`${kind.name} ${res.status}`] = (failures[`${kind.name} ${res.status}`] ?? 0) + 1;
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  const stats = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { n: sorted.length, p50: Math.round(percentile(sorted, 0.5)), p95: Math.round(percentile(sorted, 0.95)) };
  };
  return {
    clients,
    seconds: Math.round(seconds),
    read: stats(times.read),
    write: stats(times.write),
    perSecond: Math.round(((times.read.length + times.write.length) / seconds) * 10) / 10,
    byKind: Object.fromEntries(Object.entries(byKind).map(([k, v]) => [k, stats(v)])),
    failures,
  };
}

/**
 * A move under traffic: `writers` clients send payments to the school while the portal moves it
 * to `target` (POST /api/superadmin/schools/:id/move, the local portal's rehearsal of `npm run
 * move-school`: a second local runtime on the same files meets them locked); a payment answered
 * 503 ('maintenance') is sent again with the same id until it lands, as the web's queue does.
 * Answers the move's time and answer, the answers the writers saw, and the payments confirmed
 * (each must then be in the database once: checked by the caller).
 */
export async function moveUnderTraffic(call, school, target, { writers = 8, platformToken, schoolId }) {
  const statuses = {};
  const confirmed = [];
  let moving = true;
  const started = performance.now();
  const move = call('localhost', 'POST', `/superadmin/schools/${schoolId}/move`, {
    token: platformToken,
    body: { base: target, waitMs: 35_000 },
  }).then(
    (res) => res,
    (error) => ({ status: 0, text: String(error) }),
  );
  let movedInMs = 0;
  void move.then(() => {
    moving = false;
    movedInMs = performance.now() - started;
  });
  await Promise.all(
    Array.from({ length: writers }, async (_, n) => {
      for (let i = 0; moving; i++) {
        const payment = { id: crypto.randomUUID(), amount: 1, label: `Pendant le déplacement ${n}-${i}` };
        const enrolment = school.enrolments[(n * 7 + i) % school.enrolments.length];
        for (let attempt = 0; ; attempt++) {
          const res = await call(school.host, 'POST', `/enrollments/${enrolment}/payments`, {
            token: school.token,
            body: payment,
          }).catch((error) => ({ status: 0, text: String(error) }));
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200 || res.status === 201) {
            confirmed.push(payment.id);
            break;
          }
          // Maintenance: sent again with the same id, as the web's queue does.
          await new Promise((r) => setTimeout(r, 200));
          if (!moving && attempt > 50) break;
        }
      }
    }),
  );
  const answer = await move;
  return {
    status: answer.status,
    answer: answer.text.slice(0, 500),
    seconds: Math.round(movedInMs / 100) / 10,
    statuses,
    confirmed,
  };
}
