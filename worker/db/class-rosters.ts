// A class's roster of a year (decision 220): its enrolments in seat order, a JSON array. A pupil's
// seat is their position in it, and the position of their mark in a roll call's packed marks
// (db/attendance-records.ts) and of their score in an evaluation's scores (db/grades.ts). Seats
// are only ever added: a pupil who leaves keeps theirs (their marks stay theirs), a newcomer
// takes the next, so a seat never changes hands. An enrolment deleted is unseated by a trigger
// (migration 0007): its marks and scores erased, its seat left empty (null), never given again.
import { type SQL, sql } from 'drizzle-orm';
import { leftClass } from './class-changes';
import type { Db } from './client';
import { classRosters } from './schema';

export interface ClassYear {
  yearId: string;
  classId: string;
}

/** The class's pupils this year, those who left it included (a subquery of their enrolment ids; decision 302). */
const members = (school: string, c: ClassYear) =>
  sql`SELECT id FROM enrollments WHERE instance_id = ${school} AND year_id = ${c.yearId} AND class_id = ${c.classId}
    UNION ${leftClass(school, c.yearId, c.classId)}`;

/** The ids seated (a deleted enrolment's seat holds null: NOT IN must not see it). */
const seated = sql`SELECT value FROM json_each(class_rosters.enrollment_ids) WHERE value IS NOT NULL`;

/**
 * Seats every pupil of the class this year who has no seat yet, after the others (the roster is
 * created with the class's first roll call or grade). One statement, in the batch that writes
 * marks or scores, so the seats it gives are the ones the batch writes at.
 */
export const seatClass = (db: Db, school: string, c: ClassYear) =>
  db
    .insert(classRosters)
    .select(
      sql`SELECT ${school}, ${c.yearId}, ${c.classId}, json_group_array(id ORDER BY id) FROM (${members(school, c)}) WHERE true`,
    )
    .onConflictDoUpdate({
      target: [classRosters.instanceId, classRosters.yearId, classRosters.classId],
      set: {
        enrollmentIds: sql`(SELECT json_group_array(id ORDER BY k) FROM (
          SELECT value AS id, key AS k FROM json_each(class_rosters.enrollment_ids)
          UNION ALL
          SELECT id, 1000000 + row_number() OVER (ORDER BY id) FROM (${members(school, c)}) WHERE id NOT IN (${seated})))`,
      },
      setWhere: sql`EXISTS (SELECT 1 FROM (${members(school, c)}) WHERE id NOT IN (${seated}))`,
    });

/**
 * The FROM clause of the seats of a class's roster of a year (of every class's when `klass` is
 * null): `r` the roster, `j` its seats (`j.key` the seat from 0, `j.value` the enrolment id), `e`
 * the enrolment (an enrolment deleted since has no row: its seat is left out), read in that
 * order. The clause ends inside the ON of `e`: a caller may add conditions with AND.
 */
export const seatsOf = (school: string, year: string | SQL, klass: string | SQL | null): SQL =>
  sql`class_rosters r CROSS JOIN json_each(r.enrollment_ids) j CROSS JOIN enrollments e ON e.instance_id = r.instance_id AND e.id = j.value
    AND r.instance_id = ${school} AND r.year_id = ${year}${klass === null ? sql`` : sql` AND r.class_id = ${klass}`}`;

/** A pupil's score in an evaluation `ev` at seat `j` (hundredths, or null). */
export const scoreAtSeat = sql`json_extract(ev.scores, '$[' || j.key || ']')`;
