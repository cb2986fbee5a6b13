// The guardians' alerts (issue 43, decision 361): who is to be told about which pupils (the links
// of a school database), the guardians' phones subscribed to Web Push and the alerts' log with its
// queue (the directory).
import { and, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from './client';
import { ofSchool } from './scoped';
import {
  enrollments,
  guardianAlerts,
  guardianLinks,
  guardians,
  guardianSchools,
  instances,
  platformUsers,
  pushSubscriptions,
  schoolYears,
  students,
} from './schema';

// ---------------------------------------------------------------- a school's linked pupils

/** Which pupils: these pupils, these enrolments, a class of a year, or every pupil of the current year. */
export type Pupils =
  | { studentIds: string[] }
  | { enrollmentIds: string[] }
  | { yearId: string; classIds: string[] }
  | { currentYear: true };

/** The links of the pupils (only pupils that have a guardian), with the pupil's name and enrolment. */
export function linkedPupils(db: Db, school: string, pupils: Pupils) {
  const base = db
    .select({
      guardian_id: guardianLinks.guardianId,
      student_id: guardianLinks.studentId,
      enrollment_id: enrollments.id,
      prenom: students.prenom,
      nom: students.nom,
    })
    .from(guardianLinks)
    .innerJoin(
      students,
      and(eq(students.instanceId, guardianLinks.instanceId), eq(students.id, guardianLinks.studentId)),
    )
    .innerJoin(
      enrollments,
      and(eq(enrollments.instanceId, guardianLinks.instanceId), eq(enrollments.studentId, guardianLinks.studentId)),
    );
  if ('studentIds' in pupils || 'currentYear' in pupils) {
    return base
      .innerJoin(
        schoolYears,
        and(
          eq(schoolYears.instanceId, enrollments.instanceId),
          eq(schoolYears.id, enrollments.yearId),
          eq(schoolYears.isCurrent, true),
        ),
      )
      .where(
        and(
          ofSchool(guardianLinks, school),
          'studentIds' in pupils ? inArray(guardianLinks.studentId, pupils.studentIds) : undefined,
        ),
      )
      .all();
  }
  return base
    .where(
      and(
        ofSchool(guardianLinks, school),
        'enrollmentIds' in pupils
          ? inArray(enrollments.id, pupils.enrollmentIds)
          : and(eq(enrollments.yearId, pupils.yearId), inArray(enrollments.classId, pupils.classIds)),
      ),
    )
    .all();
}

// ---------------------------------------------------------------- the directory

/** The guardians' phone, language and chosen alerts. */
export const profilesOf = (directory: Db, ids: readonly string[]) =>
  directory
    .select({ id: guardians.id, phone: platformUsers.username, language: guardians.language, alerts: guardians.alerts })
    .from(guardians)
    .innerJoin(platformUsers, eq(platformUsers.id, guardians.id))
    .where(inArray(guardians.id, [...ids]))
    .all();

export interface AlertRow {
  guardianId: string;
  schoolId: string;
  kind: string;
  dedupe: string;
  payload: string;
  sendAfter: string;
}

/** Queues an alert; one already made for the guardian and `dedupe` (the same absence) keeps it. */
export const queueAlert = (directory: Db, row: AlertRow) =>
  directory.insert(guardianAlerts).values(row).onConflictDoNothing().returning({ id: guardianAlerts.id });

/** The alerts not sent whose time has come (of these guardians, or all), oldest first. */
export const dueAlerts = (directory: Db, now: string, guardianIds?: readonly string[], limit = 200) =>
  directory
    .select({
      id: guardianAlerts.id,
      guardianId: guardianAlerts.guardianId,
      schoolId: guardianAlerts.schoolId,
      kind: guardianAlerts.kind,
      payload: guardianAlerts.payload,
      phone: platformUsers.username,
    })
    .from(guardianAlerts)
    .innerJoin(platformUsers, eq(platformUsers.id, guardianAlerts.guardianId))
    .where(
      and(
        isNull(guardianAlerts.sentAt),
        lte(guardianAlerts.sendAfter, now),
        guardianIds ? inArray(guardianAlerts.guardianId, [...guardianIds]) : undefined,
      ),
    )
    .orderBy(guardianAlerts.sendAfter)
    .limit(limit)
    .all();

/** Marks alerts sent, unless another run marked them first (answers the rows it marked). */
export const markSent = (directory: Db, ids: readonly number[], now: string) =>
  directory
    .update(guardianAlerts)
    .set({ sentAt: now })
    .where(and(inArray(guardianAlerts.id, [...ids]), isNull(guardianAlerts.sentAt)))
    .returning({ id: guardianAlerts.id });

/**
 * Removes the oldest alerts (the first `limit` rows made) that were due before `before`, sent or
 * not (news that old is not sent any more); answers how many went. The rows are made in time
 * order: the oldest are at the start of the table, and no index is needed to find them.
 */
export const purgeOld = async (directory: Db, before: string, limit = 500): Promise<number> => {
  const oldest = directory
    .select({ id: guardianAlerts.id })
    .from(guardianAlerts)
    .orderBy(guardianAlerts.id)
    .limit(limit);
  const result = await directory
    .delete(guardianAlerts)
    .where(and(inArray(guardianAlerts.id, oldest), lt(guardianAlerts.sendAfter, before)))
    .run();
  return result.meta.changes;
};

/** The alerts of a guardian, newest first (tests, the guardian's screen). */
export const alertsOf = (directory: Db, guardianId: string) =>
  directory
    .select({
      kind: guardianAlerts.kind,
      dedupe: guardianAlerts.dedupe,
      payload: guardianAlerts.payload,
      send_after: guardianAlerts.sendAfter,
      sent_at: guardianAlerts.sentAt,
    })
    .from(guardianAlerts)
    .where(eq(guardianAlerts.guardianId, guardianId))
    .orderBy(sql`${guardianAlerts.id} DESC`)
    .all();

/** The phones of these guardians. */
export const subscriptionsOf = (directory: Db, guardianIds: readonly string[]) =>
  directory
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.guardianId, [...guardianIds]))
    .all();

/** How many phones a guardian has subscribed. */
export const subscriptionCount = async (directory: Db, guardianId: string) =>
  (
    await directory
      .select({ n: sql<number>`count(*)` })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.guardianId, guardianId))
      .get()
  )?.n ?? 0;

/** A phone subscribed (an endpoint subscribed again, by this or another guardian of a shared phone, takes the new owner and keys). */
export const saveSubscription = (
  directory: Db,
  row: { id: string; guardianId: string; endpoint: string; p256dh: string; auth: string },
) =>
  directory
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { guardianId: row.guardianId, p256dh: row.p256dh, auth: row.auth },
    });

/** A guardian's phone no longer subscribed. */
export const deleteSubscription = (directory: Db, guardianId: string, endpoint: string) =>
  directory
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.guardianId, guardianId), eq(pushSubscriptions.endpoint, endpoint)));

/** Subscriptions the push service says are gone. */
export const dropSubscriptions = (directory: Db, ids: readonly string[]) =>
  directory.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));

/** The alerts a guardian takes. */
export const setAlerts = (directory: Db, guardianId: string, alerts: string[]) =>
  directory.update(guardians).set({ alerts }).where(eq(guardians.id, guardianId));

/** Every school holding links, with its database (the morning's instalment alerts). */
export const schoolsWithLinks = (directory: Db) =>
  directory
    .selectDistinct({ id: instances.id, shard: instances.shard })
    .from(guardianSchools)
    .innerJoin(instances, eq(instances.id, guardianSchools.instanceId))
    .all();
