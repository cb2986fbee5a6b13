// A demo school's whole data, written through the worker's db modules (a renamed column breaks
// `npm run typecheck`, not the demo): the school, its system roles and accounts by the one school
// factory (db/instances.ts), then one function per area (academics, students, enrolments and
// money, grades, teaching). A later area (announcements, chat...) adds its function here.
// Used by the local seed (seed.ts), the e2e fixtures (test/e2e/fixtures.ts) and a worker test.
import type { BatchItem } from 'drizzle-orm/batch';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../worker/auth/password';
import { insertChunks } from '../../worker/db/chunks';
import type { Db } from '../../worker/db/client';
import { type NewSchool, newSchoolStatements } from '../../worker/db/instances';
import * as schema from '../../worker/db/schema';
import { packRows } from '../../worker/db/seats';
import { insertAccounts } from '../../worker/db/users';
import { schoolToday } from '../../worker/domain/dates';
import type { RoleTemplateKey } from '../../worker/domain/permissions';
import { DEMO_PASSWORD } from '../demo-accounts';
import { academicRows } from './academics';
import { demoContext } from './context';
import { enrolmentRows } from './finance';
import { gradeRows } from './grades';
import type { SchoolSize } from './profiles';
import { pupilsOf, studentIdOf } from './students';
import { communicationRows } from './communications';
import { teachingRows } from './teaching';

export type Statement = BatchItem<'sqlite'>;

export interface DemoAccount {
  username: string;
  type: 'admin' | 'standard' | 'teacher' | 'student';
  templates?: RoleTemplateKey[];
  /** Default: the demo password. */
  password?: string;
  status?: 'active' | 'temporary_password';
  /** A student account's pupil, by rank (0: the demo pupil). */
  pupil?: number;
}

export interface DemoSchool {
  school: NewSchool;
  /**
   * Its data: a shape and the seed of its random streams (a test school with a demo school's seed
   * has the demo's pupils, money and grades under its own ids); null for a school before its
   * first year.
   */
  data: { size: SchoolSize; seed: string } | null;
  accounts: DemoAccount[];
}

/** The staff of a demo school and its demo teacher and pupil. */
export const DEMO_STAFF: DemoAccount[] = [
  { username: 'admin', type: 'admin' },
  { username: 'direction', type: 'standard', templates: ['director'] },
  { username: 'secretaire', type: 'standard', templates: ['secretary'] },
  { username: 'comptable', type: 'standard', templates: ['accountant'] },
  { username: 'prof', type: 'teacher' },
  { username: 'eleve', type: 'student' },
];

export const COLLEGE_DEMO: DemoSchool = {
  school: {
    id: 'demo-ecole-1',
    name: 'Collège Démo',
    email: 'contact@college-demo.ht',
    address: '12, rue Capois, Port-au-Prince',
    phone: '+509 2222 3344',
    passingGrade: 50,
    currency: 'Gdes',
    hostname: null,
    isDefault: true,
  },
  data: { size: 'large', seed: 'demo-ecole-1' },
  accounts: DEMO_STAFF,
};

export const AURORE_DEMO: DemoSchool = {
  school: {
    id: 'demo-ecole-2',
    name: 'École Nouvelle Aurore',
    email: 'info@aurore.ht',
    address: '5, avenue Christophe, Cap-Haïtien',
    phone: '+509 3344 5566',
    passingGrade: 60,
    currency: '$HT',
    hostname: 'ecole2.localhost',
    isDefault: false,
  },
  data: { size: 'small', seed: 'demo-ecole-2' },
  accounts: DEMO_STAFF.filter((a) => ['admin', 'secretaire', 'prof', 'eleve'].includes(a.username)),
};

// One scrypt hash per password and process: every demo account shares the demo password.
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

/**
 * Every statement of a demo school, in an order the foreign keys accept, its dates relative to
 * `today` (the school's today by default: its current year holds it, decision 211).
 */
export async function demoSchoolStatements(
  db: Db,
  demo: DemoSchool,
  today: string = schoolToday(),
): Promise<Statement[]> {
  const { school, data } = demo;
  const accounts = await Promise.all(
    demo.accounts.map(async (a) => ({
      ...a,
      id: crypto.randomUUID(),
      passwordHash: await hashOf(a.password ?? DEMO_PASSWORD),
      status: a.status ?? ('active' as const),
      accountType: a.type,
    })),
  );
  // Student accounts name their pupil: they come after the students.
  const staff = accounts.filter((a) => a.type !== 'student');
  const factory = newSchoolStatements(
    db,
    school,
    staff.map(({ id, username, passwordHash, accountType, status, templates }) => ({
      id,
      username,
      passwordHash,
      accountType,
      status,
      templates,
    })),
  );
  const statements: Statement[] = [...factory.statements];
  if (!data) {
    if (accounts.some((a) => a.type === 'student'))
      throw new Error('Demo data: a student account needs a school with pupils.');
    return statements;
  }

  const ctx = demoContext(school.id, data.size, data.seed, today);
  const academics = academicRows(ctx);
  const { pupils, siblingOf, rows: students } = pupilsOf(ctx);
  const money = enrolmentRows(ctx, pupils, siblingOf);
  const marks = gradeRows(ctx, pupils, money.enrolled);
  const demoTeacher = accounts.find((a) => a.type === 'teacher');
  const teaching = teachingRows(ctx, money.enrolled, marks.failing, demoTeacher?.id ?? null);
  const comms = communicationRows(
    ctx,
    teaching.teachers.map((t) => t.id!),
  );

  // Marks and scores packed as the app stores them (decision 350).
  const yearOfPeriod = new Map(academics.periods.map((p) => [p.id!, p.yearId]));
  const assignmentOf = new Map(teaching.assignments.map((a) => [a.id!, a]));
  const lessonOf = new Map(teaching.timetableEntries.map((t) => [t.id!, assignmentOf.get(t.assignmentId)!]));
  const evaluationOf = new Map(marks.evaluations.map((e) => [e.id!, e]));
  const packed = packRows({
    school: school.id,
    enrollments: money.enrollments.map((e) => ({ id: e.id!, yearId: e.yearId, classId: e.classId })),
    lessonClass: (entryId) => lessonOf.get(entryId)!,
    evaluationClass: (evaluationId) => {
      const e = evaluationOf.get(evaluationId)!;
      return { yearId: yearOfPeriod.get(e.periodId)!, classId: e.classId };
    },
    marks: teaching.attendanceRecords,
    scores: marks.grades,
  });
  const evaluations = marks.evaluations.map((e) => ({ ...e, scores: packed.scores.get(e.id!) ?? '[]' }));

  statements.push(
    ...insertChunks(db, schema.schoolYears, academics.years),
    ...insertChunks(db, schema.academicPeriods, academics.periods),
    ...insertChunks(db, schema.classes, academics.classes),
    ...insertChunks(db, schema.subjects, academics.subjects),
    ...insertChunks(db, schema.curriculum, academics.curriculum),
    ...insertChunks(db, schema.classFees, academics.classFees),
    ...insertChunks(db, schema.students, students),
    ...insertChunks(db, schema.enrollments, money.enrollments),
    ...insertChunks(db, schema.adjustments, money.adjustments),
    ...insertChunks(db, schema.payments, money.payments),
    // The school's receipt counter follows its receipts.
    db.update(schema.instances).set({ receiptSeq: money.payments.length }).where(eq(schema.instances.id, school.id)),
    ...insertChunks(db, schema.evaluations, evaluations),
    ...insertChunks(db, schema.appreciations, marks.appreciations),
    ...insertChunks(db, schema.generalAppreciations, marks.generalAppreciations),
    ...insertAccounts(
      db,
      school.id,
      accounts
        .filter((a) => a.type === 'student')
        .map(({ id, username, passwordHash, accountType, status, pupil = 0 }) => ({
          id,
          username,
          passwordHash,
          accountType,
          status,
          studentId: studentIdOf(ctx, pupils[pupil]!),
        })),
    ),
    ...insertChunks(db, schema.teachers, teaching.teachers),
    ...insertChunks(db, schema.assignments, teaching.assignments),
    ...insertChunks(db, schema.timetableEntries, teaching.timetableEntries),
    ...insertChunks(db, schema.classRosters, packed.classRosters),
    ...insertChunks(db, schema.rollCalls, packed.rollCalls),
    ...insertChunks(db, schema.teacherAnnouncements, comms.teacherAnnouncements),
    ...insertChunks(db, schema.teacherAnnouncementRecipients, comms.teacherRecipients),
    ...insertChunks(db, schema.studentAnnouncements, comms.studentAnnouncements),
    ...insertChunks(db, schema.studentAnnouncementClasses, comms.studentClasses),
  );
  return statements;
}

/** Runs statements in one D1 batch (all or nothing). */
export async function runBatch(db: Db, statements: Statement[]) {
  if (statements.length > 0) await db.batch(statements as [Statement, ...Statement[]]);
}
