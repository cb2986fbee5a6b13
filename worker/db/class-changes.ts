// A pupil's changes of class during a year (decision 302): the owner of `class_changes`. A
// change keeps the class left and the school day the new one was joined; the class of an
// enrolment on a day is the class left by its first change after that day, else its class now
// (`classOn`, and `classOnDay` in domain/students.ts for rows already read). A class's roll calls,
// daily sheets and reports read the pupils who were in it that day; a pupil's grades of the year
// follow them into their class's report cards (db/grades.ts).
import { type SQL, and, inArray, ne, sql } from 'drizzle-orm';
import { chunk, IDS_PER_STATEMENT } from './chunks';
import type { Db } from './client';
import { ofSchool } from './scoped';
import { classChanges, enrollments } from './schema';

/**
 * The class of the enrolment row `e` (an alias of `enrollments` in the statement) on `day`: the
 * class it left by its first change after that day, else its class.
 */
export const classOn = (e: string, day: SQL | string): SQL =>
  sql`coalesce((SELECT cc.from_class_id FROM class_changes cc WHERE cc.instance_id = ${sql.raw(e)}.instance_id AND cc.enrollment_id = ${sql.raw(e)}.id AND cc.changed_on > ${day} ORDER BY cc.changed_on LIMIT 1), ${sql.raw(e)}.class_id)`;

/** The enrolments of a year that left a class (a subquery of their ids). */
export const leftClass = (school: string, yearId: string | SQL, classId: string | SQL): SQL =>
  sql`SELECT cc.enrollment_id FROM class_changes cc JOIN enrollments l ON l.instance_id = cc.instance_id AND l.id = cc.enrollment_id AND l.year_id = ${yearId}
    WHERE cc.instance_id = ${school} AND cc.from_class_id = ${classId}`;

/** The classes a class's pupils of a year came from (a subquery of class ids). */
export const classesCameFrom = (school: string, yearId: string, classId: string): SQL =>
  sql`SELECT cc.from_class_id FROM class_changes cc JOIN enrollments m ON m.instance_id = cc.instance_id AND m.id = cc.enrollment_id
    WHERE cc.instance_id = ${school} AND m.year_id = ${yearId} AND m.class_id = ${classId}`;

/** The classes an enrolment left (a subquery of class ids). */
export const classesLeftBy = (school: string, enrollmentId: string): SQL =>
  sql`SELECT cc.from_class_id FROM class_changes cc WHERE cc.instance_id = ${school} AND cc.enrollment_id = ${enrollmentId}`;

/** Every class change of the enrolment row `e`, a JSON array of [changed_on, from_class_id] (for `classOnDay`). */
export const changesOf = (e: string): SQL<string> =>
  sql<string>`(SELECT json_group_array(json_array(cc.changed_on, cc.from_class_id)) FROM class_changes cc WHERE cc.instance_id = ${sql.raw(e)}.instance_id AND cc.enrollment_id = ${sql.raw(e)}.id)`;

/**
 * Records the change of the enrolments among `ids` that are not in `targetClassId` yet, joining it
 * on `day`: to run in the batch before the enrolments are moved. A second change the same day
 * keeps the first one's class left (the class of the days before).
 */
export const recordChanges = (db: Db, school: string, ids: readonly string[], targetClassId: string, day: string) =>
  chunk(ids, IDS_PER_STATEMENT - 3).map((part) =>
    db
      .insert(classChanges)
      .select(
        db
          .select({
            instanceId: enrollments.instanceId,
            enrollmentId: enrollments.id,
            changedOn: sql<string>`${day}`.as('changed_on'),
            fromClassId: enrollments.classId,
          })
          .from(enrollments)
          .where(
            and(ofSchool(enrollments, school), inArray(enrollments.id, part), ne(enrollments.classId, targetClassId)),
          ),
      )
      .onConflictDoNothing(),
  );
