// The rows of one school of the scale run (scripts/seed-scale.mjs): the demo generator's large
// shape with 500 pupils this year (profile 'scale'), its enrolments and payments of two years, its
// log; with `full`, its grades (every trimester begun) and the roll calls of its year up to today,
// every lesson of every school day marked, with the log rows those writes make (one a batch, as
// the app writes them: decision 331), its teachers' accounts (`prof1`…) and 30 pupils' (`eleve1`…). Stored as the app stores them (decision 220):
// class rosters in the order the app seats a class (its enrolments by id, at the class's first
// write), roll calls packed by seat, evaluations holding their scores by seat. Rows come as SQL
// column names, ready for plain INSERTs into the local D1 file (a school database: the hostname
// is the directory's, written by scripts/seed-scale.mjs).
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../worker/db/schema';
import { SCORES_PER_BATCH } from '../../worker/contract/grades';
import { logTime } from '../../worker/db/audit';
import { academicRows } from '../demo/academics';
import { demoContext } from '../demo/context';
import { enrolmentRows } from '../demo/finance';
import { gradeRows } from '../demo/grades';
import { pupilsOf } from '../demo/students';
export { setScalePupils } from '../demo/profiles';
import { teachingRows } from '../demo/teaching';

export interface TableRows {
  table: string;
  columns: string[];
  rows: unknown[][];
}

function asSql(table: SQLiteTable, rows: Record<string, unknown>[]): TableRows {
  const columns = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => k in columns);
  return {
    table: getTableName(table),
    columns: keys.map((k) => columns[k]!.name),
    rows: rows.map((r) =>
      keys.map((k) => (r[k] === undefined ? null : typeof r[k] === 'boolean' ? Number(r[k]) : r[k])),
    ),
  };
}

const STATUSES = ['present', 'absent', 'late', 'justified'] as const;
const CODES = { present: 'p', absent: 'a', late: 'l', justified: 'j' } as const;

/** Monday to Saturday dates of the school year (1 September to 30 June). */
function schoolDays(year: string): string[] {
  const start = Date.UTC(Number(year.slice(0, 4)), 8, 1);
  const end = Date.UTC(Number(year.slice(5, 9)), 5, 30);
  const days: string[] = [];
  for (let t = start; t <= end; t += 86_400_000)
    if (new Date(t).getUTCDay() !== 0) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Rows of one millisecond so far: their ids' tails (decision 331), unique in the database. */
const perMs = new Map<number, number>();

/** A log row as the app writes it (decision 331): its id holds its time, `created_at` comes from it. */
function logRow(
  instanceId: string,
  username: string,
  l: { at: string; action: string; target: string; details: string | null },
) {
  const ms = Date.parse(l.at);
  const n = perMs.get(ms) ?? 0;
  perMs.set(ms, n + 1);
  return {
    id: logTime(ms) + String(n).padStart(6, '0'),
    instanceId,
    username,
    actionType: l.action,
    targetName: l.target,
    details: l.details,
  };
}

export function scaleSchoolRows(school: { id: string; name: string }, adminHash: string, full: boolean): TableRows[] {
  const ctx = demoContext(school.id, 'scale', school.id);
  const academics = academicRows(ctx);
  const { pupils, siblingOf, rows: students } = pupilsOf(ctx);
  const money = enrolmentRows(ctx, pupils, siblingOf);
  const adminId = ctx.id('user:admin');
  const out: TableRows[] = [
    asSql(schema.instances, [
      {
        id: school.id,
        name: school.name,
        currency: 'Gdes',
        receiptSeq: money.payments.length,
      },
    ]),
    asSql(schema.users, [
      {
        id: adminId,
        instanceId: school.id,
        username: 'admin',
        passwordHash: adminHash,
        accountType: 'admin',
        status: 'active',
      },
    ]),
    asSql(schema.schoolYears, academics.years),
    asSql(schema.academicPeriods, academics.periods),
    asSql(schema.classes, academics.classes),
    asSql(schema.subjects, academics.subjects),
    asSql(schema.curriculum, academics.curriculum),
    asSql(schema.classFees, academics.classFees),
    asSql(schema.students, students),
    asSql(schema.enrollments, money.enrollments),
    asSql(schema.adjustments, money.adjustments),
    asSql(schema.payments, money.payments),
  ];
  // The log of the year: one row per student registered and per payment recorded.
  const names = new Map(students.map((s) => [s.id, `${s.prenom} ${s.nom}`]));
  const studentOfEnrolment = new Map(money.enrollments.map((e) => [e.id, e.studentId]));
  let n = 0;
  const log = [
    ...students.map((s) => ({
      at: s.createdAt ?? '2025-08-20T14:00:00.000Z',
      action: 'CREATE_STUDENT',
      target: `${s.prenom} ${s.nom}`,
      details: null,
    })),
    ...money.payments.map((p) => ({
      at: `${p.date ?? '2025-10-01'}T${String(13 + (n % 8)).padStart(2, '0')}:${String(n++ % 60).padStart(2, '0')}:00.000Z`,
      action: 'CREATE_PAYMENT',
      target: names.get(studentOfEnrolment.get(p.enrollmentId)!) ?? '',
      details: JSON.stringify({ montant: p.amount / 100, reçu: p.receiptNo }),
    })),
  ];
  out.push(
    asSql(
      schema.auditLog,
      log.map((l) => logRow(school.id, 'admin', l)),
    ),
  );
  if (!full) return out;

  const marks = gradeRows(ctx, pupils, money.enrolled);
  const teaching = teachingRows(ctx, money.enrolled, marks.failing, null);

  // Rosters: each class's enrolments of a year by id (the seats the app gives at its first write).
  const rosterKey = (yearId: string, classId: string) => `${yearId}|${classId}`;
  const rosters = new Map<string, string[]>();
  for (const e of money.enrollments) {
    const key = rosterKey(e.yearId, e.classId);
    rosters.set(key, [...(rosters.get(key) ?? []), e.id]);
  }
  const seats = new Map<string, Map<string, number>>();
  for (const [key, ids] of rosters) {
    ids.sort();
    seats.set(key, new Map(ids.map((id, seat) => [id, seat])));
  }
  const yearOfPeriod = new Map(academics.periods.map((p) => [p.id, p.yearId]));

  // Evaluations with their scores by seat; a log row per grade, as the grade book writes them.
  const evaluationById = new Map(marks.evaluations.map((e) => [e.id, e]));
  const scores = new Map<string, (number | null)[]>();
  const log2: { at: string; action: string; target: string; details: string; by: number }[] = [];
  // The grade book's batch of an evaluation: one log row, its scores by seat (decision 331).
  const notesOf = new Map<string, [number, number | null][]>();
  for (const g of marks.grades) {
    const e = evaluationById.get(g.evaluationId)!;
    const seat = seats.get(rosterKey(yearOfPeriod.get(e.periodId)!, e.classId))!.get(g.enrollmentId)!;
    const list = scores.get(e.id) ?? [];
    while (list.length <= seat) list.push(null);
    list[seat] = g.score;
    scores.set(e.id, list);
    notesOf.set(e.id, [...(notesOf.get(e.id) ?? []), [seat, g.score / 100]]);
  }
  // Each teacher an account (`prof1`…), and 30 pupils (`eleve1`…): a load signs in as them.
  const teacherNumber = new Map(teaching.teachers.map((t, i) => [t.id!, i + 1]));
  const teacherUser = (n: number) => ctx.id(`user:prof${n}`);
  const teacherOfCourse = new Map(
    teaching.assignments.map((a) => [`${a.classId}|${a.subjectId}`, teacherNumber.get(a.teacherId!) ?? 1]),
  );
  const currentEnrolments = money.enrollments.filter((e) => e.yearId === ctx.yearId(ctx.cfg.currentYear));
  const accounts = [
    ...teaching.teachers.map((_, i) => ({
      id: teacherUser(i + 1),
      instanceId: school.id,
      username: `prof${i + 1}`,
      passwordHash: adminHash,
      accountType: 'teacher',
      status: 'active',
    })),
    ...currentEnrolments.slice(0, 30).map((e, i) => ({
      id: ctx.id(`user:eleve${i + 1}`),
      instanceId: school.id,
      username: `eleve${i + 1}`,
      passwordHash: adminHash,
      accountType: 'student',
      status: 'active',
      studentId: e.studentId,
    })),
  ];
  // The grade book sends a class's scores 60 at a time (SCORES_PER_BATCH): a row per batch.
  for (const e of marks.evaluations) {
    const notes = notesOf.get(e.id!) ?? [];
    for (let i = 0; i < notes.length; i += SCORES_PER_BATCH)
      log2.push({
        at: e.createdAt ?? '2026-01-10T15:00:00.000Z',
        action: 'SET_GRADES',
        target: e.name!,
        details: JSON.stringify({ evaluations: [{ evaluation: e.id, notes: notes.slice(i, i + SCORES_PER_BATCH) }] }),
        by: teacherOfCourse.get(`${e.classId}|${e.subjectId}`) ?? 1,
      });
  }
  out.push(
    asSql(
      schema.classRosters,
      [...rosters].map(([key, ids]) => {
        const [yearId, classId] = key.split('|');
        return { instanceId: school.id, yearId, classId, enrollmentIds: JSON.stringify(ids) };
      }),
    ),
    asSql(
      schema.evaluations,
      marks.evaluations.map((e) => ({ ...e, scores: JSON.stringify(scores.get(e.id!) ?? []) })),
    ),
    asSql(schema.appreciations, marks.appreciations),
    asSql(schema.generalAppreciations, marks.generalAppreciations),
    asSql(
      schema.teachers,
      teaching.teachers.map((t, i) => ({ ...t, userId: teacherUser(i + 1) })),
    ),
    asSql(schema.users, accounts),
    asSql(schema.assignments, teaching.assignments),
    asSql(schema.timetableEntries, teaching.timetableEntries),
  );

  // The roll calls of the year up to today: every lesson of every school day, the whole class
  // marked at once by its teacher.
  const year = ctx.yearId(ctx.cfg.currentYear);
  const courseOf = new Map(teaching.assignments.map((a) => [a.id, a]));
  const subjectName = new Map(academics.subjects.map((s) => [s.id, s.name]));
  const className = new Map(academics.classes.map((c) => [c.id, c.name]));
  const rng = ctx.rng('roll-calls');
  const rollCalls: Record<string, unknown>[] = [];
  for (const date of schoolDays(ctx.cfg.currentYear).filter((d) => d <= ctx.calendar.today)) {
    const day = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const entry of teaching.timetableEntries.filter((t) => t.dayOfWeek === day)) {
      const course = courseOf.get(entry.assignmentId)!;
      const roster = rosters.get(rosterKey(year, course.classId)) ?? [];
      const counts = [0, 0, 0, 0]; // present, absent, late, justified (ROLL_CALL_COUNTS)
      let packed = '';
      for (let seat = 0; seat < roster.length; seat++) {
        const roll = rng.next();
        const status = roll < 0.92 ? STATUSES[0] : roll < 0.97 ? STATUSES[1] : roll < 0.99 ? STATUSES[2] : STATUSES[3];
        counts[STATUSES.indexOf(status)]!++;
        packed += CODES[status];
      }
      rollCalls.push({ instanceId: school.id, timetableEntryId: entry.id, date, marks: packed });
      log2.push({
        at: `${date}T${entry.startTime}:30.000Z`,
        action: 'ATTENDANCE_SESSION',
        target: `${subjectName.get(course.subjectId)} ${className.get(course.classId)} ${date}`,
        details: JSON.stringify(counts.slice(0, counts.findLastIndex((n) => n > 0) + 1)),
        by: teacherOfCourse.get(`${course.classId}|${course.subjectId}`) ?? 1,
      });
    }
  }
  out.push(
    asSql(schema.rollCalls, rollCalls),
    asSql(
      schema.auditLog,
      log2.map((l) => logRow(school.id, `prof${l.by}`, l)),
    ),
  );
  return out;
}
