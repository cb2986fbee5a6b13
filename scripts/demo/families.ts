// The demo's families (issue 43, decision 360): a mother with a child in each demo school, whose
// schools sit in two school databases: her account and profile in the directory, a link in each
// school's database to the first pupil of its current year (by name).
import { and, asc, eq } from 'drizzle-orm';
import { database, type Db } from '../../worker/db/client';
import * as guardians from '../../worker/db/guardians';
import { enrollments, platformUsers, schoolYears, students } from '../../worker/db/schema';
import { DEMO_GUARDIAN } from '../demo-accounts';

/** The first pupil of the school's current year by name. */
const firstPupil = (db: Db, school: string) =>
  db
    .select({ id: students.id })
    .from(enrollments)
    .innerJoin(students, and(eq(students.instanceId, enrollments.instanceId), eq(students.id, enrollments.studentId)))
    .innerJoin(
      schoolYears,
      and(eq(schoolYears.instanceId, enrollments.instanceId), eq(schoolYears.id, enrollments.yearId)),
    )
    .where(and(eq(enrollments.instanceId, school), eq(schoolYears.isCurrent, true)))
    .orderBy(asc(students.nomKey), asc(students.prenomKey))
    .limit(1)
    .get();

export async function seedDemoGuardian(
  directoryD1: D1Database,
  schools: { id: string; d1: D1Database }[],
  passwordHash: string,
) {
  const directory = database(directoryD1);
  const found = await directory
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.username, DEMO_GUARDIAN.phone))
    .get();
  if (found) return;
  const id = crypto.randomUUID();
  const [account, profile] = guardians.insertGuardian(directory, {
    id,
    phone: DEMO_GUARDIAN.phone,
    name: DEMO_GUARDIAN.name,
    codeHash: passwordHash,
    codeExpiresAt: '',
  });
  await directory.batch([
    account!,
    profile!,
    directory
      .update(platformUsers)
      .set({ status: 'active', tempPasswordExpiresAt: null })
      .where(eq(platformUsers.id, id)),
    ...schools.map((s) => guardians.noteSchool(directory, id, s.id)),
  ]);
  for (const s of schools) {
    const db = database(s.d1);
    const pupil = await firstPupil(db, s.id);
    if (!pupil) continue;
    await guardians
      .insertLink(db, s.id, {
        id: crypto.randomUUID(),
        studentId: pupil.id,
        guardianId: id,
        phone: DEMO_GUARDIAN.phone,
        name: DEMO_GUARDIAN.name,
        createdBy: 'demo',
      })
      .run();
  }
}
