// The curriculum: which subjects a class follows in a year, each with its max grade (the
// subject's coefficient), stored in hundredths of a point.
import { and, asc, eq, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { assignmentOf } from './assignments';
import { insertChunks } from './chunks';
import type { Db } from './client';
import { courseColumns } from './subjects';
import { existsNow } from './guards';
import { along, byId } from './scoped';
import { assignments, classes, curriculum, subjects, teachers } from './schema';
import { aliased, leftJoined } from './batch-columns';

export interface Cell {
  yearId: string;
  classId: string;
  subjectId: string;
}

export const classCurriculum = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      id: curriculum.id,
      subject_id: curriculum.subjectId,
      subject_name: subjects.name,
      max_grade: curriculum.maxGrade,
    })
    .from(curriculum)
    .innerJoin(subjects, along(subjects, curriculum, curriculum.subjectId))
    .where(and(eq(curriculum.instanceId, school), eq(curriculum.yearId, yearId), eq(curriculum.classId, classId)))
    .orderBy(asc(subjects.name))
    .all();

export const findCurriculumEntry = (db: Db, school: string, id: string) =>
  db
    .select({ id: curriculum.id, maxGrade: curriculum.maxGrade })
    .from(curriculum)
    .where(byId(curriculum, school, id))
    .get();

/** A cell whose year and class are values or columns of an outer query. */
type CellRef = { yearId: string | SQLWrapper; classId: string | SQLWrapper; subjectId: string };

const cell = (school: string, c: CellRef) =>
  and(
    eq(curriculum.instanceId, school),
    eq(curriculum.yearId, c.yearId),
    eq(curriculum.classId, c.classId),
    eq(curriculum.subjectId, c.subjectId),
  );

export const findCurriculumCell = (db: Db, school: string, c: Cell) =>
  db.select({ id: curriculum.id }).from(curriculum).where(cell(school, c)).get();

export const insertCurriculumEntries = (db: Db, school: string, rows: (Cell & { id: string; maxGrade: number })[]) =>
  insertChunks(
    db,
    curriculum,
    rows.map((row) => ({ ...row, instanceId: school })),
  );

export const deleteCurriculumCell = (db: Db, school: string, c: Cell) => db.delete(curriculum).where(cell(school, c));

export const updateMaxGrade = (db: Db, school: string, id: string, maxGrade: number) =>
  db
    .update(curriculum)
    .set({ maxGrade })
    .where(byId(curriculum, school, id));

/** A guard condition: the programme entry still exists. */
export const entryStillExists = (school: string, id: string) => existsNow(curriculum, byId(curriculum, school, id));

/** Every course of a year's programme, by class order then subject (an admin's 'Mes Cours'): one query. */
export const selectYearCourses = (db: Db, school: string, yearId: string) =>
  db
    .select(courseColumns)
    .from(curriculum)
    .innerJoin(classes, along(classes, curriculum, curriculum.classId))
    .innerJoin(subjects, along(subjects, curriculum, curriculum.subjectId))
    .where(and(eq(curriculum.instanceId, school), eq(curriculum.yearId, yearId)))
    .orderBy(asc(classes.orderIndex), asc(classes.name), asc(subjects.name));

/** Every course of a year's programme with the teacher who has it (none: nulls), by class order then subject: one query. */
export const selectProgramme = (db: Db, school: string, yearId: string) =>
  db
    .select({
      ...courseColumns,
      assignment_id: leftJoined(assignments.id, 'assignment_id'),
      teacher_id: leftJoined(assignments.teacherId, 'teacher_id'),
      teacher_prenom: leftJoined(teachers.prenom, 'teacher_prenom'),
      teacher_nom: leftJoined(teachers.nom, 'teacher_nom'),
    })
    .from(curriculum)
    .innerJoin(classes, along(classes, curriculum, curriculum.classId))
    .innerJoin(subjects, along(subjects, curriculum, curriculum.subjectId))
    // The cell's course's assignment, if any.
    .leftJoin(assignments, assignmentOf(curriculum.instanceId, curriculum))
    .leftJoin(teachers, along(teachers, assignments, assignments.teacherId))
    .where(and(eq(curriculum.instanceId, school), eq(curriculum.yearId, yearId)))
    .orderBy(asc(classes.orderIndex), asc(classes.name), asc(subjects.name));

/** A course's max grade (hundredths) in the year's programme: none when the class does not follow the subject. */
export const selectCellMax = (db: Db, school: string, c: Cell) =>
  db.select({ max_grade: curriculum.maxGrade }).from(curriculum).where(cell(school, c)).limit(1);

/** The subject's max grade in the class that year (hundredths, null when not in the programme): a scalar subquery. */
export const cellMax = (school: string, c: CellRef): SQL =>
  sql`(SELECT ${curriculum.maxGrade} FROM ${curriculum} WHERE ${cell(school, c)} LIMIT 1)`;

/** The subjects a class follows in a year with their max grade (hundredths), by name: batchable, ids aliased. */
export const selectClassSubjects = (db: Db, school: string, yearId: string, classId: string) =>
  db
    .select({
      subject_id: aliased(subjects.id, 'subject_id'),
      subject_name: aliased(subjects.name, 'subject_name'),
      max_grade: curriculum.maxGrade,
    })
    .from(curriculum)
    .innerJoin(subjects, along(subjects, curriculum, curriculum.subjectId))
    .where(and(eq(curriculum.instanceId, school), eq(curriculum.yearId, yearId), eq(curriculum.classId, classId)))
    .orderBy(asc(subjects.name));
