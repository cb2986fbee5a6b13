// The curriculum: which subjects a class follows in a year, each with its max grade (the
// subject's coefficient), stored in hundredths of a point.
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { curriculum, subjects } from './schema';

export const classCurriculum = (db: Db, instanceId: string, yearId: string, classId: string) =>
  db
    .select({
      id: curriculum.id,
      subject_id: curriculum.subjectId,
      subject_name: subjects.name,
      max_grade: curriculum.maxGrade,
    })
    .from(curriculum)
    .innerJoin(subjects, and(eq(subjects.instanceId, curriculum.instanceId), eq(subjects.id, curriculum.subjectId)))
    .where(and(eq(curriculum.instanceId, instanceId), eq(curriculum.yearId, yearId), eq(curriculum.classId, classId)))
    .orderBy(asc(subjects.name))
    .all();

export const findCurriculumEntry = (db: Db, instanceId: string, id: string) =>
  db
    .select({ id: curriculum.id, maxGrade: curriculum.maxGrade })
    .from(curriculum)
    .where(and(eq(curriculum.instanceId, instanceId), eq(curriculum.id, id)))
    .get();

const cell = (instanceId: string, c: { yearId: string; classId: string; subjectId: string }) =>
  and(
    eq(curriculum.instanceId, instanceId),
    eq(curriculum.yearId, c.yearId),
    eq(curriculum.classId, c.classId),
    eq(curriculum.subjectId, c.subjectId),
  );

export const findCurriculumCell = (db: Db, instanceId: string, c: { yearId: string; classId: string; subjectId: string }) =>
  db.select({ id: curriculum.id }).from(curriculum).where(cell(instanceId, c)).get();

export const insertCurriculumEntry = (
  db: Db,
  instanceId: string,
  row: { id: string; yearId: string; classId: string; subjectId: string; maxGrade: number },
) => db.insert(curriculum).values({ ...row, instanceId });

export const deleteCurriculumCell = (db: Db, instanceId: string, c: { yearId: string; classId: string; subjectId: string }) =>
  db.delete(curriculum).where(cell(instanceId, c));

export const updateMaxGrade = (db: Db, instanceId: string, id: string, maxGrade: number) =>
  db
    .update(curriculum)
    .set({ maxGrade })
    .where(and(eq(curriculum.instanceId, instanceId), eq(curriculum.id, id)));
