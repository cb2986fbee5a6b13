// Packed storage (decision 220, decision 350): the one module that knows how marks and scores are
// laid out. A class's roster of a year (`class_rosters`) gives each of its pupils a seat, in a JSON
// array of enrolment ids; a roll call (`roll_calls`, one row per lesson and date) holds the class's
// marks one letter per seat; an evaluation's `scores` a JSON array of hundredths by seat. Seats are
// only ever added: a pupil who leaves keeps theirs, a newcomer takes the next, so a seat never
// changes hands. An enrolment deleted is unseated by a trigger (migration 0007): its marks and
// scores erased, its seat left empty (null), never given again.
//
// Here: the mark letters, seating a class, reading a seat (the FROM clause and the letter or score
// at it), writing a seat (a roll call's marks merged, a score put at its seat, padded), and the
// same packing in plain code for a bulk writer (db/packing.ts, its half without SQL, which Node
// scripts import as it is: the demo seed, the bench). db/attendance-records.ts and
// db/grades.ts build their queries from these; nothing else writes `roll_calls`, `class_rosters`
// or `evaluations.scores`. The old one-row-per-mark tables are read-only views (db/unpacked.ts).
import { type SQL, sql } from 'drizzle-orm';
import { leftClass } from './class-changes';
import type { Db } from './client';
import { MARK_LETTER, NO_MARK, type Status } from './packing';
import { classRosters } from './schema';

export interface ClassYear {
  yearId: string;
  classId: string;
}

// ------------------------------------------------------------------------------ Mark letters

export { MARK_LETTER, type MarkRow, NO_MARK, packRows, type ScoreRow, type Status } from './packing';
const letters = Object.entries(MARK_LETTER) as [Status, string][];
/** A GLOB matching marks holding at least one mark. */
export const ANY_MARK_GLOB = `*[${letters.map(([, l]) => l).join('')}]*`;

/** A seat's letter in `marks` (`j` the seat). */
const markAt = (marks: SQL) => sql`substr(${marks}, j.key + 1, 1)`;

/** A seat's status in `marks`, or null when unmarked. */
export const statusAt = (marks: SQL) =>
  sql<Status>`CASE ${markAt(marks)} ${sql.raw(letters.map(([s, l]) => `WHEN '${l}' THEN '${s}'`).join(' '))} END`;

/** Whether the seat holds a mark in `marks`. */
export const isMarked = (marks: SQL) =>
  sql`${markAt(marks)} IN (${sql.raw(letters.map(([, l]) => `'${l}'`).join(', '))})`;

/** A status's letter, from SQL giving a status (null for another value). */
export const letterOf = (status: SQL) =>
  sql`CASE ${status} ${sql.raw(letters.map(([s, l]) => `WHEN '${s}' THEN '${l}'`).join(' '))} END`;

// ---------------------------------------------------------------------------------- Seating

/** The class's pupils this year, those who left it included (a subquery of their enrolment ids; decision 302). */
const members = (school: string, c: ClassYear) =>
  sql`SELECT id FROM enrollments WHERE instance_id = ${school} AND year_id = ${c.yearId} AND class_id = ${c.classId}
    UNION ${leftClass(school, c.yearId, c.classId)}`;

/** The ids seated (a deleted enrolment's seat holds null: NOT IN must not see it). */
const seated = sql`SELECT value FROM json_each(class_rosters.enrollment_ids) WHERE value IS NOT NULL`;

/**
 * Seats every pupil of the class this year who has no seat yet, after the others, by id (the
 * roster is created with the class's first roll call or grade). One statement, in the batch that
 * writes marks or scores, so the seats it gives are the ones the batch writes at.
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

// ------------------------------------------------------------------------------ Reading a seat

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

// ------------------------------------------------------------------------------ Writing a seat

/**
 * A roll call's marks after a save, every seat of the class's roster in order (a deleted
 * enrolment's too: seats never move): seat `j`'s new letter from `change` (SQL giving a letter,
 * `NO_MARK` to clear, or null to keep), else the stored letter of `stored`, else no mark. An
 * empty roster gives ''.
 */
export const mergedMarks = (school: string, c: ClassYear, stored: SQL, change: SQL) =>
  sql`coalesce((SELECT group_concat(coalesce(${change}, nullif(${markAt(stored)}, ''), ${NO_MARK}), '' ORDER BY j.key)
    FROM class_rosters r, json_each(r.enrollment_ids) j
    WHERE r.instance_id = ${school} AND r.year_id = ${c.yearId} AND r.class_id = ${c.classId}), '')`;

/** Condition on a roll call's `marks`: no mark is left (the row is removed). */
export const noMarkLeft = (marks: SQL) => sql`${marks} NOT GLOB ${ANY_MARK_GLOB}`;

/**
 * An evaluation's scores after `score` (SQL, hundredths or null) is put at the seat of
 * `enrollmentId` in its class's roster of the year, the array padded with nulls up to the seat.
 * Read inside an UPDATE of `evaluations` (it reads `evaluations.scores`).
 */
export function scoresWith(school: string, c: ClassYear & { enrollmentId: string }, score: SQL) {
  const scores = sql`evaluations.scores`;
  const length = sql`json_array_length(${scores})`;
  const padded = sql`CASE WHEN ${length} > j.key THEN ${scores} ELSE json('[' || substr(${scores}, 2, length(${scores}) - 2)
    || CASE WHEN ${length} > 0 THEN ',' ELSE '' END
    || substr(replace(hex(zeroblob(j.key + 1 - ${length})), '00', ',null'), 2) || ']') END`;
  return sql`(SELECT json_set(${padded}, '$[' || j.key || ']', ${score})
    FROM class_rosters r, json_each(r.enrollment_ids) j
    WHERE r.instance_id = ${school} AND r.year_id = ${c.yearId} AND r.class_id = ${c.classId} AND j.value = ${c.enrollmentId})`;
}
