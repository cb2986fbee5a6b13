// The names the activity log shows in place of the ids its rows hold (decision 200): one statement
// per kind of record a page names, whatever the page (at most ten, in one batch). A read for the
// log only, owned with it: each looks rows up by their key (`id`, every table's primary key) and
// answers their school with them, so the log matches each id to its own school's record.
import { sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { RefKind } from '../domain/audit';
import type { Db } from './client';
import { amongIds } from './scoped';
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

const fullName = (prenom: SQLiteColumn, nom: SQLiteColumn) => sql<string>`${prenom} || ' ' || ${nom}`.as('name');
const course = sql<string>`${subjects.name} || ' — ' || ${classes.name}`.as('name');

/** The query naming records of one kind: rows of { school, id, name }. */
export function namesOf(db: Db, kind: RefKind, ids: readonly string[]) {
  switch (kind) {
    case 'enrollment':
      return db
        .select({ school: enrollments.instanceId, id: enrollments.id, name: fullName(students.prenom, students.nom) })
        .from(enrollments)
        .innerJoin(
          students,
          sql`${students.instanceId} = ${enrollments.instanceId} AND ${students.id} = ${enrollments.studentId}`,
        )
        .where(amongIds(enrollments.id, ids));
    case 'student':
      return db
        .select({ school: students.instanceId, id: students.id, name: fullName(students.prenom, students.nom) })
        .from(students)
        .where(amongIds(students.id, ids));
    case 'teacher':
      return db
        .select({ school: teachers.instanceId, id: teachers.id, name: fullName(teachers.prenom, teachers.nom) })
        .from(teachers)
        .where(amongIds(teachers.id, ids));
    case 'evaluation':
      return db
        .select({ school: evaluations.instanceId, id: evaluations.id, name: evaluations.name })
        .from(evaluations)
        .where(amongIds(evaluations.id, ids));
    case 'subject':
      return db
        .select({ school: subjects.instanceId, id: subjects.id, name: subjects.name })
        .from(subjects)
        .where(amongIds(subjects.id, ids));
    case 'period':
      return db
        .select({ school: academicPeriods.instanceId, id: academicPeriods.id, name: academicPeriods.name })
        .from(academicPeriods)
        .where(amongIds(academicPeriods.id, ids));
    case 'year':
      return db
        .select({ school: schoolYears.instanceId, id: schoolYears.id, name: schoolYears.name })
        .from(schoolYears)
        .where(amongIds(schoolYears.id, ids));
    case 'resource':
      return db
        .select({ school: resources.instanceId, id: resources.id, name: resources.title })
        .from(resources)
        .where(amongIds(resources.id, ids));
    case 'assignment':
      return db
        .select({ school: assignments.instanceId, id: assignments.id, name: course })
        .from(assignments)
        .innerJoin(
          subjects,
          sql`${subjects.instanceId} = ${assignments.instanceId} AND ${subjects.id} = ${assignments.subjectId}`,
        )
        .innerJoin(
          classes,
          sql`${classes.instanceId} = ${assignments.instanceId} AND ${classes.id} = ${assignments.classId}`,
        )
        .where(amongIds(assignments.id, ids));
    case 'curriculum':
      return db
        .select({ school: curriculum.instanceId, id: curriculum.id, name: course })
        .from(curriculum)
        .innerJoin(
          subjects,
          sql`${subjects.instanceId} = ${curriculum.instanceId} AND ${subjects.id} = ${curriculum.subjectId}`,
        )
        .innerJoin(
          classes,
          sql`${classes.instanceId} = ${curriculum.instanceId} AND ${classes.id} = ${curriculum.classId}`,
        )
        .where(amongIds(curriculum.id, ids));
  }
}
