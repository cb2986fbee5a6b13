// Academic rows for worker tests (years, classes, fees, students, enrolments, payments, grades),
// inserted directly: the tests of a screen build the school data that screen reads.
import { insertChunks } from '../../worker/db/chunks';
import { database } from '../../worker/db/client';
import { schoolD1 } from './helpers';
import { nameKeys } from '../../worker/db/students';
import {
  academicPeriods,
  adjustments,
  classes,
  classFees,
  enrollments,
  evaluations,
  payments,
  schoolYears,
  students,
  subjects,
} from '../../worker/db/schema';
import { writeScores } from './fixtures-seats';

export interface AcademicYear {
  yearId: string;
  /** class name -> class id */
  classIds: Map<string, string>;
}

/** A school year with its classes in order and their MPPA (in Gdes, null = no fee). */
export async function createYear(
  instanceId: string,
  {
    name = '2025-2026',
    current = true,
    classes: list,
  }: { name?: string; current?: boolean; classes: [string, number | null][] },
  existingClassIds?: Map<string, string>,
): Promise<AcademicYear> {
  const db = database(await schoolD1(instanceId));
  const yearId = crypto.randomUUID();
  const classIds = new Map(existingClassIds ?? []);
  const newClasses = list
    .map(([className], orderIndex) => ({ className, orderIndex }))
    .filter(({ className }) => !classIds.has(className))
    .map(({ className, orderIndex }) => {
      const id = crypto.randomUUID();
      classIds.set(className, id);
      return { id, instanceId, name: className, orderIndex };
    });
  await db.batch([
    db.insert(schoolYears).values({ id: yearId, instanceId, name, isCurrent: current }),
    ...insertChunks(db, classes, newClasses),
    ...insertChunks(
      db,
      classFees,
      list.map(([className, mppa]) => ({
        instanceId,
        yearId,
        classId: classIds.get(className)!,
        mppa: mppa === null ? null : mppa * 100,
      })),
    ),
  ]);
  return { yearId, classIds };
}

export interface StudentSeed {
  nom: string;
  prenom: string;
  nisu?: string | null;
  status?: 'active' | 'archived';
  /** Enrolled in this class of the year, if given. */
  className?: string;
  mppa?: number;
}

/** Students (and their enrolments) straight into the database; answers their ids in order. */
export async function seedStudents(instanceId: string, year: AcademicYear, seeds: StudentSeed[]) {
  const db = database(await schoolD1(instanceId));
  const rows = seeds.map((s) => ({
    id: crypto.randomUUID(),
    instanceId,
    nom: s.nom,
    prenom: s.prenom,
    ...nameKeys(s),
    nisu: s.nisu ?? null,
    sexe: 'F' as const,
    dateOfBirth: '2012-05-04',
    address: 'Delmas 33',
    status: s.status ?? 'active',
    // Set here: the column's $onUpdate would add a bound value insertChunks does not count.
    updatedAt: new Date().toISOString(),
  }));
  const enrolments = seeds.flatMap((s, i) =>
    s.className
      ? [
          {
            id: crypto.randomUUID(),
            instanceId,
            studentId: rows[i]!.id,
            yearId: year.yearId,
            classId: year.classIds.get(s.className)!,
            mppa: (s.mppa ?? 0) * 100,
          },
        ]
      : [],
  );
  const statements = [...insertChunks(db, students, rows), ...insertChunks(db, enrollments, enrolments)];
  if (statements.length) await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return {
    studentIds: rows.map((r) => r.id),
    enrollmentIdByStudent: new Map(enrolments.map((e) => [e.studentId, e.id])),
  };
}

/** A payment, an adjustment and a grade on an enrolment (the rows a student delete must remove). */
export async function addFinanceAndGrades(
  instanceId: string,
  year: AcademicYear,
  className: string,
  enrollmentId: string,
) {
  const db = database(await schoolD1(instanceId));
  const periodId = crypto.randomUUID();
  const subjectId = crypto.randomUUID();
  const evaluationId = crypto.randomUUID();
  await db.batch([
    db.insert(payments).values({
      id: crypto.randomUUID(),
      instanceId,
      enrollmentId,
      amount: 500000,
      date: '2025-10-01',
      label: 'Versement 1',
    }),
    db
      .insert(adjustments)
      .values({ id: crypto.randomUUID(), instanceId, enrollmentId, amount: -100000, label: 'Bourse' }),
    db
      .insert(academicPeriods)
      .values({ id: periodId, instanceId, yearId: year.yearId, name: `Trimestre ${periodId.slice(0, 4)}` }),
    db.insert(subjects).values({ id: subjectId, instanceId, name: `Maths ${subjectId.slice(0, 6)}` }),
    db.insert(evaluations).values({
      id: evaluationId,
      instanceId,
      classId: year.classIds.get(className)!,
      subjectId,
      periodId,
      name: 'Devoir 1',
      maxScore: 2000,
    }),
  ]);
  await writeScores(instanceId, [{ evaluationId, enrollmentId, score: 1500 }]);
}
