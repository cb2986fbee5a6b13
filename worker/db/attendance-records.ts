// Roll calls: a student's status (present, absent, late, justified) in one lesson (a timetable
// entry) on one date. Stored packed (decision 220): one `roll_calls` row per lesson and date,
// its class's marks one character per seat of the class's roster (db/seats.ts). Reads
// unpack them in SQL, writes merge into them in SQL: two saves of one sheet both keep their
// marks, whatever their order.
import { type SQL, sql } from 'drizzle-orm';
import { classOn } from './class-changes';
import type { Db } from './client';
import {
  type ClassYear,
  NO_MARK,
  type Status,
  isMarked,
  letterOf,
  mergedMarks,
  noMarkLeft,
  seatClass,
  seatsOf,
  statusAt,
} from './seats';
import { rollCalls } from './schema';

/** The marks of one lesson on one date (the lesson's class and year given), by enrolment id. */
export const selectSessionMarks = (db: Db, school: string, s: { entryId: string; date: string } & ClassYear) =>
  db
    .select({
      enrollment_id: sql<string>`j.value`.as('enrollment_id'),
      status: statusAt(sql`rc.marks`).as('status'),
    })
    .from(sql`roll_calls rc JOIN ${seatsOf(school, s.yearId, s.classId)}`)
    .where(
      sql`rc.instance_id = ${school} AND rc.timetable_entry_id = ${s.entryId} AND rc.date = ${s.date} AND ${isMarked(sql`rc.marks`)}`,
    )
    .orderBy(sql`j.value`);

/** A class's pupils of a year over a date range (the attendance reports). */
export interface ClassDays extends ClassYear {
  start: string;
  end: string;
}

export interface SessionMarks extends ClassYear {
  entryId: string;
  date: string;
  marks: readonly { enrollment_id: string; status: Status | null }[];
}

/**
 * A roll call's marks, whatever their number, in three statements reading one JSON parameter:
 * the class's newcomers seated, the marks merged into the stored ones seat by seat (a status
 * is set only for a pupil in the lesson's class that day, decision 302: the route refuses the
 * others with `marksInClass`; a null clears one), and the roll call removed if no mark is left.
 * A pupil named twice: the last mark counts.
 */
export function saveSessionMarks(db: Db, school: string, s: SessionMarks) {
  const last = new Map(s.marks.map((m) => [m.enrollment_id, m.status]));
  const json = JSON.stringify([...last].map(([enrollment_id, status]) => ({ enrollment_id, status })));
  const { yearId, classId } = s;
  // The new letter of seat `j`, or null to keep the stored one.
  const change = sql`(SELECT CASE
      WHEN json_extract(m.value, '$.status') IS NULL THEN ${NO_MARK}
      WHEN EXISTS (SELECT 1 FROM enrollments e WHERE e.instance_id = ${school} AND e.id = j.value AND e.year_id = ${yearId} AND ${classOn('e', s.date)} = ${classId})
        THEN ${letterOf(sql`json_extract(m.value, '$.status')`)}
    END FROM json_each(${json}) m WHERE json_extract(m.value, '$.enrollment_id') = j.value)`;
  const merged = (stored: SQL) => mergedMarks(school, { yearId, classId }, stored, change);
  return [
    seatClass(db, school, s),
    db
      .insert(rollCalls)
      .values({ instanceId: school, timetableEntryId: s.entryId, date: s.date, marks: merged(sql`''`) })
      .onConflictDoUpdate({
        target: [rollCalls.instanceId, rollCalls.timetableEntryId, rollCalls.date],
        set: { marks: merged(sql`roll_calls.marks`) },
      }),
    db
      .delete(rollCalls)
      .where(
        sql`${rollCalls.instanceId} = ${school} AND ${rollCalls.timetableEntryId} = ${s.entryId} AND ${rollCalls.date} = ${s.date} AND ${noMarkLeft(sql`${rollCalls.marks}`)}`,
      ),
  ];
}

/** The statuses a roll call sets (a null clears a mark, whoever the pupil). */
const setMarks = (marks: SessionMarks['marks']) =>
  JSON.stringify([...new Set(marks.filter((m) => m.status !== null).map((m) => m.enrollment_id))]);

/** The pupils among `ids` who were not in the class on the day (a subquery of their ids, decision 302). */
export const outside = (school: string, s: Omit<SessionMarks, 'entryId'>) =>
  sql`SELECT m.value FROM json_each(${setMarks(s.marks)}) m WHERE NOT EXISTS (SELECT 1 FROM enrollments e
    WHERE e.instance_id = ${school} AND e.id = m.value AND e.year_id = ${s.yearId} AND ${classOn('e', s.date)} = ${s.classId})`;

/** Guard condition: every pupil the roll call gives a status was in the lesson's class that day. */
export const marksInClass = (school: string, s: Omit<SessionMarks, 'entryId'>): SQL =>
  sql`NOT EXISTS (${outside(school, s)})`;

/**
 * The marks of a class's lessons over a date range, of the pupils who were in the class on the
 * mark's day (decision 302: a pupil who changed class keeps the old class's days in its sheets,
 * and brings none of them to the new one), with the lesson's subject and time (the reports), by
 * date, time and enrolment.
 */
export const selectClassMarks = (db: Db, school: string, c: ClassDays) =>
  db
    .select({
      enrollmentId: sql<string>`e.id`.as('enrollment_id'),
      date: sql<string>`rc.date`.as('mark_date'),
      status: statusAt(sql`rc.marks`).as('status'),
      subject_id: sql<string>`s.id`.as('subject_id'),
      subject_name: sql<string>`s.name`.as('subject_name'),
      start_time: sql<string>`t.start_time`.as('start_time'),
    })
    .from(
      sql`${seatsOf(school, c.yearId, c.classId)} AND e.year_id = ${c.yearId}
        JOIN assignments a ON a.instance_id = r.instance_id AND a.year_id = r.year_id AND a.class_id = r.class_id
        JOIN timetable_entries t ON t.instance_id = a.instance_id AND t.assignment_id = a.id
        JOIN roll_calls rc ON rc.instance_id = t.instance_id AND rc.timetable_entry_id = t.id AND rc.date BETWEEN ${c.start} AND ${c.end}
        JOIN subjects s ON s.instance_id = a.instance_id AND s.id = a.subject_id`,
    )
    .where(sql`${isMarked(sql`rc.marks`)} AND ${classOn('e', sql`rc.date`)} = ${c.classId}`)
    .orderBy(sql`rc.date, t.start_time, e.id`);

/** The marks of one enrolment on one date, in every lesson of its year (what a day's derived status is made of). */
export const selectDayMarks = (db: Db, school: string, enrollmentId: string, yearId: string, date: string) =>
  db
    .select({ status: statusAt(sql`rc.marks`).as('status') })
    .from(
      sql`${seatsOf(school, yearId, null)} AND e.id = ${enrollmentId}
        JOIN assignments a ON a.instance_id = r.instance_id AND a.year_id = r.year_id AND a.class_id = r.class_id
        JOIN timetable_entries t ON t.instance_id = a.instance_id AND t.assignment_id = a.id
        JOIN roll_calls rc ON rc.instance_id = t.instance_id AND rc.timetable_entry_id = t.id AND rc.date = ${date}`,
    )
    .where(isMarked(sql`rc.marks`));
