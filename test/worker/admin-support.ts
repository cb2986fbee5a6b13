// Shared steps of the administration tests: a wizard payload, the counts of a school's rows.
import { expect } from 'vitest';
import type { SchoolClass } from '../../worker/contract/classes';
import type { SetUpYear } from '../../worker/contract/setup';
import { bodyOf, call, sql, type TestSchool } from './helpers';

export const FORBIDDEN = { message: "Vous n'avez pas la permission d'effectuer cette action.", code: 'forbidden' };
export const NOT_FOUND = { message: 'Ressource introuvable.', code: 'not_found' };
export const YEAR_NOT_FOUND = { message: 'Année scolaire introuvable.', code: 'not_found' };

export const wizardPayload = (overrides: Record<string, unknown> = {}) => ({
  yearName: '2025-2026',
  periods: ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'],
  classes: [
    { name: '7e AF', order_index: 1 },
    { name: '8e AF', order_index: 2 },
    { name: '9e AF', order_index: 3 },
  ],
  subjects: ['Mathématiques', 'Français', 'Créole', 'Sciences Sociales'],
  curriculum: [
    { className: '7e AF', subjectName: 'Mathématiques', maxGrade: 100 },
    { className: '7e AF', subjectName: 'Français', maxGrade: 100 },
    { className: '8e AF', subjectName: 'Mathématiques', maxGrade: 200 },
    { className: '9e AF', subjectName: 'Créole', maxGrade: 50.5 },
  ],
  financials: [
    { className: '7e AF', mppa: 25000 },
    { className: '8e AF', mppa: 27500.5 },
    { className: '9e AF', mppa: null },
  ],
  ...overrides,
});

const TABLES = ['school_years', 'academic_periods', 'classes', 'subjects', 'curriculum', 'class_fees'] as const;

/** How many rows of the wizard's tables a school holds. */
export async function structureCounts(school: Pick<TestSchool, 'id' | 'db'>) {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await sql(school, `SELECT COUNT(*) AS n FROM ${table} WHERE instance_id = ?`, school.id).first<{
      n: number;
    }>();
    counts[table] = row!.n;
  }
  return counts;
}

export const EMPTY_STRUCTURE = Object.fromEntries(TABLES.map((t) => [t, 0]));

/** Runs the wizard through the API and answers the new year's id. */
export async function setUpYear(school: TestSchool, token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(school, token, 'POST', '/api/setup/new-year', wizardPayload(overrides));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await bodyOf<SetUpYear>(res)).yearId;
}

export async function classesOf(school: TestSchool, token: string) {
  return bodyOf<SchoolClass[]>(await call(school, token, 'GET', '/api/classes'));
}

export async function expectError(res: Response, status: number, message: string) {
  expect(res.status).toBe(status);
  expect((await bodyOf(res)).message).toBe(message);
}

export const auditCount = async (school: Pick<TestSchool, 'id' | 'db'>, action: string) =>
  (await sql(
    school,
    'SELECT COUNT(*) AS n FROM audit_log WHERE instance_id = ? AND action_type = ?',
    school.id,
    action,
  ).first<{
    n: number;
  }>())!.n;

/** A student enrolled in a class of a year, written directly (the enrolment screens are elsewhere). */
export async function enrolStudent(school: Pick<TestSchool, 'id' | 'db'>, yearId: string, classId: string) {
  const studentId = crypto.randomUUID();
  const enrollmentId = crypto.randomUUID();
  await sql(
    school,
    'INSERT INTO students (id, instance_id, nom, prenom, nom_key, prenom_key) VALUES (?, ?, ?, ?, ?, ?)',
    studentId,
    school.id,
    'Joseph',
    'Anne',
    'joseph',
    'anne',
  ).run();
  await sql(
    school,
    'INSERT INTO enrollments (id, instance_id, student_id, year_id, class_id, mppa) VALUES (?, ?, ?, ?, ?, ?)',
    enrollmentId,
    school.id,
    studentId,
    yearId,
    classId,
    2500000,
  ).run();
  await sql(
    school,
    'INSERT INTO payments (id, instance_id, enrollment_id, amount) VALUES (?, ?, ?, ?)',
    crypto.randomUUID(),
    school.id,
    enrollmentId,
    500000,
  ).run();
  return { studentId, enrollmentId };
}
