// The names the activity log shows in place of the ids its rows hold (decision 200): one statement
// per kind of record a page names, whatever the page (at most ten, in one batch). A read for the
// log only, owned with it: each looks rows up by their key (`id`, every table's primary key) and
// answers their school with them, so the log matches each id to its own school's record.
import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { RefKind } from '../domain/audit';
import type { Db } from './client';
import { along, amongIds } from './scoped';
import {
  academicPeriods,
  assignments,
  classes,
  curriculum,
  enrollments,
  evaluations,
  resources,
  schoolYears,
  students,
  subjects,
  teachers,
} from './schema';

type Named = SQLiteTable & { instanceId: SQLiteColumn; id: SQLiteColumn };

const fullName = (person: typeof students | typeof teachers) =>
  sql<string>`${person.prenom} || ' ' || ${person.nom}`.as('name');
const course = sql<string>`${subjects.name} || ' — ' || ${classes.name}`.as('name');
/** The joins a course's name reads (an assignment's, a cell of the curriculum's): its subject and its class. */
const courseOf = (row: typeof assignments | typeof curriculum): Join[] => [
  [subjects, along(subjects, row, row.subjectId)],
  [classes, along(classes, row, row.classId)],
];
type Join = [SQLiteTable, SQL];

/** The query naming records of one kind: rows of { school, id, name }. */
export function namesOf(db: Db, kind: RefKind, ids: readonly string[]) {
  /** The rows of `table` with these ids, with their school and the name `name` reads (over `joins`). */
  const named = (table: Named, name: SQLiteColumn | SQL.Aliased<string>, joins: Join[] = []) => {
    let query = db.select({ school: table.instanceId, id: table.id, name }).from(table).$dynamic();
    for (const [joined, on] of joins) query = query.innerJoin(joined, on);
    return query.where(amongIds(table.id, ids));
  };
  switch (kind) {
    case 'enrollment':
      return named(enrollments, fullName(students), [[students, along(students, enrollments, enrollments.studentId)]]);
    case 'student':
      return named(students, fullName(students));
    case 'teacher':
      return named(teachers, fullName(teachers));
    case 'evaluation':
      return named(evaluations, evaluations.name);
    case 'subject':
      return named(subjects, subjects.name);
    case 'period':
      return named(academicPeriods, academicPeriods.name);
    case 'year':
      return named(schoolYears, schoolYears.name);
    case 'resource':
      return named(resources, resources.title);
    case 'assignment':
      return named(assignments, course, courseOf(assignments));
    case 'curriculum':
      return named(curriculum, course, courseOf(curriculum));
    case 'seat': {
      // `<evaluation>:<seat>`: the enrolment at that seat of the roster of the evaluation's class
      // and year (decision 331), and its pupil's name. Driven by the seats, each step on a key
      // (the evaluation by id, its period, its roster, the enrolment, the pupil): an enrolment
      // found by a subquery in the join's condition made SQLite walk every pupil of the database
      // for each seat (a page of grade batches took 20 s on the scale seed).
      const seats = sql`(SELECT s.value AS seat, e.instance_id AS school,
          json_extract(r.enrollment_ids, '$[' || substr(s.value, instr(s.value, ':') + 1) || ']') AS enrollment
        FROM json_each(${JSON.stringify(ids)}) AS s
        CROSS JOIN evaluations e ON e.id = substr(s.value, 1, instr(s.value, ':') - 1)
        CROSS JOIN academic_periods p ON p.instance_id = e.instance_id AND p.id = e.period_id
        CROSS JOIN class_rosters r ON r.instance_id = e.instance_id AND r.year_id = p.year_id AND r.class_id = e.class_id
        ) AS x`;
      return db
        .select({ school: enrollments.instanceId, id: sql<string>`x.seat`.as('id'), name: fullName(students) })
        .from(seats)
        .innerJoin(enrollments, sql`${enrollments.instanceId} = x.school AND ${enrollments.id} = x.enrollment`)
        .innerJoin(students, along(students, enrollments, enrollments.studentId));
    }
  }
}
