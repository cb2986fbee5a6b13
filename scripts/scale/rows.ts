// The rows of one school of the scale run (scripts/seed-scale.mjs): the demo generator's large
// shape with 500 pupils this year (profile 'scale'), its enrolments and payments of two years, its
// log; with `full`, its grades and a year of daily roll calls too. Rows come as SQL column names,
// ready for plain INSERTs into the local D1 file.
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as schema from '../../worker/db/schema';
import * as unpacked from '../../worker/db/unpacked';
import { academicRows } from '../demo/academics';
import { demoContext } from '../demo/context';
import { enrolmentRows } from '../demo/finance';
import { gradeRows } from '../demo/grades';
import { pupilsOf } from '../demo/students';
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

/** Monday to Saturday dates of the school year (1 September to 30 June). */
function schoolDays(year: string): string[] {
  const start = Date.UTC(Number(year.slice(0, 4)), 8, 1);
  const end = Date.UTC(Number(year.slice(5, 9)), 5, 30);
  const days: string[] = [];
  for (let t = start; t <= end; t += 86_400_000)
    if (new Date(t).getUTCDay() !== 0) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export function scaleSchoolRows(
  school: { id: string; name: string; hostname: string },
  adminHash: string,
  full: boolean,
): TableRows[] {
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
        hostname: school.hostname,
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
      log.map((l, i) => ({
        id: ctx.id(`log:${i}`),
        instanceId: school.id,
        userId: adminId,
        username: 'admin',
        actionType: l.action,
        targetName: l.target,
        details: l.details,
        createdAt: l.at,
      })),
    ),
  );
  if (!full) return out;

  const marks = gradeRows(ctx, pupils, money.enrolled);
  const teaching = teachingRows(ctx, money.enrolled, marks.failing, null);
  out.push(
    asSql(schema.evaluations, marks.evaluations),
    asSql(unpacked.grades, marks.grades),
    asSql(schema.appreciations, marks.appreciations),
    asSql(schema.generalAppreciations, marks.generalAppreciations),
    asSql(schema.teachers, teaching.teachers),
    asSql(schema.assignments, teaching.assignments),
    asSql(schema.timetableEntries, teaching.timetableEntries),
  );
  // A year of daily roll calls: each class's first lesson of each school day, every pupil marked.
  const current = money.enrolled.filter((e) => e.year === ctx.cfg.currentYear);
  const entryOfClassDay = new Map<string, { id: string; start: string }>();
  const classOfAssignment = new Map(teaching.assignments.map((a) => [a.id, a.classId]));
  for (const entry of teaching.timetableEntries) {
    const key = `${classOfAssignment.get(entry.assignmentId)}|${entry.dayOfWeek}`;
    const known = entryOfClassDay.get(key);
    if (!known || entry.startTime < known.start) entryOfClassDay.set(key, { id: entry.id, start: entry.startTime });
  }
  const rng = ctx.rng('roll-calls');
  const records: unknown[][] = [];
  let r = 0;
  for (const date of schoolDays(ctx.cfg.currentYear)) {
    const day = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    for (const e of current) {
      const entry = entryOfClassDay.get(`${ctx.classId(e.className)}|${day}`);
      if (!entry) continue;
      const roll = rng.next();
      const status = roll < 0.92 ? STATUSES[0] : roll < 0.97 ? STATUSES[1] : roll < 0.99 ? STATUSES[2] : STATUSES[3];
      records.push([`${school.id}-r${r++}`, school.id, entry.id, e.id, date, status]);
    }
  }
  out.push({
    table: 'attendance_records',
    columns: ['id', 'instance_id', 'timetable_entry_id', 'enrollment_id', 'date', 'status'],
    rows: records,
  });
  return out;
}
