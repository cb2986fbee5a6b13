// Families (issue 43, decision 360): the routes of contract/guardians.ts. A guardian's account and
// profile live in the directory (one account for children in every school and database); each link
// to a child lives in the child's school database, made, given a new code or ended by that school's
// staff holding guardian:manage (never by the parent: a link to a child of another school is that
// school's staff's to make). A staff write touches both: the directory's part first (the account,
// and the note that this school holds links), then the school's commit (the link and the log row);
// a new account whose school part is refused is removed again.
import type { BatchItem } from 'drizzle-orm/batch';
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import {
  guardiansApi as api,
  type AlertsChosen,
  type ClassGuardians,
  type ChildPage,
  type GuardianAlerts,
  type GuardianChild,
  type GuardianLink,
  type GuardianSlip,
  type PupilGuardians,
  type SchoolGuardianRow,
} from '../contract/guardians';
import { serverText } from '../contract/texts/server';
import { guardiansServerText as t } from '../contract/texts/guardians';
import type { Db } from '../db/client';
import { schoolDatabase } from '../db/databases';
import * as guardians from '../db/guardians';
import * as guardianAlerts from '../db/guardian-alerts';
import { vapidPublicKey } from '../domain/alerts';
import { ALERT_KINDS } from '../domain/guardians';
import * as platformUsers from '../db/platform-users';
import { conditionsHolding, guardStatement } from '../db/guards';
import * as students from '../db/students';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { guardianPhone, instalmentsOf } from '../domain/guardians';
import { compareNames } from '../domain/text';
import type { AppBindings, AppContext, SchoolContext } from '../env';
import { ApiError, badRequest, conflict, found, notFound } from '../lib/errors';
import { textsOf } from '../lib/language';
import type { StudentGrades, StudentWeek } from '../contract/student-portal';
import * as periods from '../db/academic-periods';
import * as marks from '../db/attendance-records';
import * as overrides from '../db/attendance-overrides';
import * as financeSheets from '../db/finance-sheets';
import * as instances from '../db/instances';
import * as studentAnnouncements from '../db/student-announcements';
import { dailySheet, schoolDates } from '../domain/attendance';
import { addDays, schoolToday, schoolYearSpan } from '../domain/dates';
import { balanceAfter } from '../domain/finance-sheet';
import { financeTotals, fromCentimes } from '../domain/money';
import { pupilGrades, pupilWeek } from './student-portal';
import { requireYearAndClass } from '../lib/lookups';
import { route } from '../lib/route';
import { commit, type Guard, guardFailed } from '../lib/write';

export const guardianRoutes = new Hono<AppBindings>();

const MANAGE = 'guardian:manage';
type Statement = BatchItem<'sqlite'>;

/** The directory's part of a staff write, all or nothing with its guards. */
async function directoryWrite(directory: Db, statements: Statement[], guards: Guard[]) {
  if (!statements.length) return;
  try {
    await directory.batch([...guards.map((g) => guardStatement(directory, g.holds)), ...statements] as [
      Statement,
      ...Statement[],
    ]);
  } catch (error) {
    if (!guardFailed(error)) throw error;
    const holding = await conditionsHolding(
      directory,
      guards.map((g) => g.holds),
    );
    throw guards[holding.indexOf(false)]?.error ?? conflict(serverText.changedMeanwhile, 'changed');
  }
}

const withStatus = (
  link: Omit<GuardianLink, 'account_status'>,
  statuses: Map<string, GuardianLink['account_status']>,
): GuardianLink => ({ ...link, account_status: statuses.get(link.guardian_id) ?? 'disabled' });

route(guardianRoutes, api.ofStudent, allow.permission(MANAGE), async (c) => {
  const { db, school, directory } = c.var;
  const studentId = c.req.valid('param').id;
  const [student, links] = await Promise.all([
    students.findStudent(db, school, studentId),
    guardians.linksOfStudent(db, school, studentId),
  ]);
  if (!student) throw notFound(t.studentNotFound);
  const statuses = await guardians.statusesOf(
    directory,
    links.map((l) => l.guardian_id),
  );
  return c.json<PupilGuardians>({
    nom: student.nom,
    prenom: student.prenom,
    tutor_name: student.tutorName,
    tutor_phone: student.tutorPhone,
    links: links.map((l) => withStatus(l, statuses)),
  });
});

/**
 * Links a pupil of the school to the guardian of that phone, making the account (with its one-time
 * code) when the phone has none: the directory's part, then the school's commit (its answer).
 */
async function linkPupil(
  c: SchoolContext,
  student: { id: string; nom: string; prenom: string },
  phone: string,
  name: string,
) {
  const { db, school, directory, account } = c.var;
  const studentId = student.id;
  const body = { name };
  const existing = await guardians.accountOfPhone(directory, phone);
  if (existing && existing.type !== 'guardian') throw conflict(t.phoneTaken, 'phone_taken');
  const guardianId = existing?.id ?? crypto.randomUUID();
  const code = existing ? null : generateTemporaryPassword();
  const linkRow = {
    id: crypto.randomUUID(),
    studentId,
    guardianId,
    phone,
    // An existing account keeps the name it was made with.
    name: existing?.name ?? body.name,
    createdBy: account.username,
  };
  await directoryWrite(
    directory,
    [
      ...(code
        ? guardians.insertGuardian(directory, {
            id: guardianId,
            phone,
            name: body.name,
            codeHash: await hashPassword(code),
            codeExpiresAt: temporaryPasswordExpiry(),
          })
        : []),
      guardians.noteSchool(directory, guardianId, school),
    ],
    code
      ? [{ holds: guardians.phoneFree(phone), error: conflict(serverText.changedMeanwhile, 'changed') }]
      : [
          {
            holds: guardians.guardianUnchanged(guardianId, existing!.tokenVersion),
            error: conflict(serverText.changedMeanwhile, 'changed'),
          },
        ],
  );
  const link: GuardianLink = {
    id: linkRow.id,
    guardian_id: guardianId,
    student_id: studentId,
    phone,
    name: linkRow.name,
    created_at: new Date().toISOString(),
    account_status: existing?.status ?? 'temporary_password',
  };
  try {
    return await commit(c, [guardians.insertLink(db, school, linkRow)], {
      audit: {
        action: code ? 'CREATE_GUARDIAN' : 'LINK_GUARDIAN',
        target: `${student.prenom} ${student.nom}`,
        details: { phone, name: linkRow.name },
      },
      body: { link, tempPassword: code, message: code ? t.created : t.linked } satisfies GuardianSlip,
      status: 201,
      guards: [
        { holds: guardians.studentStands(school, studentId), error: notFound(t.studentNotFound) },
        { holds: guardians.notLinked(school, studentId, guardianId), error: conflict(t.alreadyLinked, 'linked') },
      ],
    });
  } catch (error) {
    // The school refused: the account made for this link goes again (never one already in use).
    if (code) await guardians.dropUnusedGuardian(directory, guardianId).run();
    throw error;
  }
}

route(guardianRoutes, api.link, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const body = c.req.valid('json');
  const phone = guardianPhone(body.phone);
  if (!phone) throw badRequest(t.phoneInvalid);
  const student = found(await students.findStudent(db, school, c.req.valid('param').id), t.studentNotFound);
  return linkPupil(c, { id: c.req.valid('param').id, nom: student.nom, prenom: student.prenom }, phone, body.name);
});

route(guardianRoutes, api.linkClass, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const { year, klass } = await requireYearAndClass(c, c.req.valid('json').yearId, c.req.valid('param').className);
  const pupils = await guardians.classPupilsWithTutor(db, school, year.id, klass.id);
  pupils.sort((a, b) => compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom));
  const slips: ClassGuardians['slips'] = [];
  const skipped: ClassGuardians['skipped'] = [];
  // One pupil at a time, each its own write and log row, as from the pupil's sheet.
  for (const pupil of pupils) {
    const name = `${pupil.prenom} ${pupil.nom}`;
    const phone = guardianPhone(pupil.tutor_phone ?? '');
    if (!phone) {
      skipped.push({ pupil: name, reason: 'no_phone' });
      continue;
    }
    try {
      const answer = await linkPupil(
        c,
        { id: pupil.student_id, nom: pupil.nom, prenom: pupil.prenom },
        phone,
        pupil.tutor_name?.trim() || name,
      );
      const slip = (await answer.json()) as GuardianSlip;
      slips.push({ pupil: name, link: slip.link, tempPassword: slip.tempPassword });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      skipped.push({ pupil: name, reason: error.code === 'linked' ? 'linked' : 'refused' });
    }
  }
  const made = slips.filter((s) => s.tempPassword).length;
  return c.json<ClassGuardians>({
    slips,
    skipped,
    message: t.classDone(made, slips.length - made, skipped.length),
  });
});

/** The school's link of that id, with its guardian's account (404 otherwise). */
async function linkOfSchool(c: SchoolContext, id: string) {
  const link = found(await guardians.findLink(c.var.db, c.var.school, id), t.linkNotFound);
  const guardian = found(await guardians.findGuardian(c.var.directory, link.guardian_id), t.linkNotFound);
  return { link, guardian };
}

route(guardianRoutes, api.newCode, allow.permission(MANAGE), async (c) => {
  const { school, directory } = c.var;
  const { link, guardian } = await linkOfSchool(c, c.req.valid('param').id);
  const code = generateTemporaryPassword();
  await directoryWrite(
    directory,
    [
      // platform-users' setPassword: the token version moves, every session of the guardian ends.
      platformUsers.setPassword(
        directory,
        guardian.id,
        await hashPassword(code),
        'temporary_password',
        temporaryPasswordExpiry(),
      ),
    ],
    [
      {
        holds: guardians.guardianUnchanged(guardian.id, guardian.tokenVersion),
        error: conflict(serverText.changedMeanwhile, 'changed'),
      },
    ],
  );
  return commit(c, [], {
    audit: { action: 'GUARDIAN_CODE', target: link.phone, details: { name: link.name } },
    body: {
      link: { ...link, account_status: 'temporary_password' },
      tempPassword: code,
      message: t.codeGiven,
    } satisfies GuardianSlip,
    guards: [{ holds: guardians.linkStands(school, link.id), error: notFound(t.linkNotFound) }],
  });
});

route(guardianRoutes, api.end, allow.permission(MANAGE), async (c) => {
  const { db, school } = c.var;
  const link = found(await guardians.findLink(db, school, c.req.valid('param').id), t.linkNotFound);
  return commit(c, [guardians.deleteLink(db, school, link.id)], {
    audit: {
      action: 'END_GUARDIAN_LINK',
      target: link.phone,
      details: { name: link.name, student_id: link.student_id },
    },
    body: { message: t.ended },
    guards: [{ holds: guardians.linkStands(school, link.id), error: notFound(t.linkNotFound) }],
  });
});

route(guardianRoutes, api.list, allow.permission(MANAGE), async (c) => {
  const { db, school, directory } = c.var;
  const rows = await guardians.linksOfSchool(db, school);
  const statuses = await guardians.statusesOf(directory, [...new Set(rows.map((r) => r.guardian_id))]);
  rows.sort(
    (a, b) =>
      compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom) || a.created_at.localeCompare(b.created_at),
  );
  return c.json<SchoolGuardianRow[]>(
    rows.map((r) => ({ ...r, account_status: statuses.get(r.guardian_id) ?? 'disabled' })),
  );
});

// ---------------------------------------------------------------- the guardian's side

route(guardianRoutes, api.children, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const schools = await guardians.schoolsOf(directory, account.id);
  const perSchool = await Promise.all(
    schools.map(async (s) =>
      (await guardians.childrenIn(schoolDatabase(c.env, s.shard), s.id, account.id)).map((child): GuardianChild => ({
        school_id: s.id,
        school_name: s.name,
        student_id: child.student_id,
        nom: child.nom,
        prenom: child.prenom,
        class_name: child.class_name,
      })),
    ),
  );
  const children = perSchool.flat();
  children.sort((a, b) => compareNames(a.prenom, b.prenom) || compareNames(a.nom, b.nom));
  return c.json<GuardianChild[]>(children);
});

/** The guardian's child in that school, with the school's database (404 unless linked). */
async function childOf(c: AppContext, schoolId: string, studentId: string) {
  const { account, directory } = c.var;
  const notTheirs = () => notFound(textsOf(c).guardian.childNotFound);
  const where = await guardians.schoolOf(directory, account.id, schoolId);
  if (!where) throw notTheirs();
  const db = schoolDatabase(c.env, where.shard);
  const [child] = await guardians.childrenIn(db, schoolId, account.id, studentId);
  if (!child) throw notTheirs();
  const place =
    child.enrollment_id && child.year_id && child.class_id
      ? {
          enrollmentId: child.enrollment_id,
          yearId: child.year_id,
          yearName: child.year_name!,
          classId: child.class_id,
          className: child.class_name!,
        }
      : null;
  return { db, school: where, child, place };
}

/** How far back a guardian sees the days (as the attendance reports' longest range). */
const DAYS_BACK = 31;

route(guardianRoutes, api.child, allow.types('guardian'), async (c) => {
  const { schoolId, studentId } = c.req.valid('param');
  const { db, school, child, place } = await childOf(c, schoolId, studentId);
  const today = schoolToday();
  const range = place
    ? { yearId: place.yearId, classId: place.classId, start: addDays(today, -DAYS_BACK), end: today }
    : null;
  const [instance, sheet, yearPeriods, news, dayMarks, dayOverrides] = await Promise.all([
    instances.getInstance(db, schoolId),
    place ? financeSheets.financeRecord(db, schoolId, place.enrollmentId) : null,
    place ? periods.listPeriods(db, schoolId, place.yearId) : [],
    studentAnnouncements.selectForClass(db, schoolId, place?.classId ?? null).all(),
    range ? marks.selectClassMarks(db, schoolId, range).all() : [],
    range ? overrides.selectClassOverrides(db, schoolId, range).all() : [],
  ]);
  const totals = sheet ? financeTotals(sheet) : null;
  const payments = (sheet?.payments ?? []).filter((p) => p.amount > 0);
  const days = place
    ? dailySheet(
        [place.enrollmentId],
        schoolDates(range!.start, range!.end),
        dayMarks.filter((m) => m.enrollmentId === place.enrollmentId),
        dayOverrides.filter((o) => o.enrollmentId === place.enrollmentId),
      )
        .filter((d) => d.status === 'absent' || d.status === 'late' || d.status === 'justified')
        .map((d) => ({ date: d.date, status: d.status as 'absent' | 'late' | 'justified' }))
        .reverse()
    : [];
  return c.json<ChildPage>({
    school_id: school.id,
    school_name: school.name,
    currency: instance?.currency ?? 'Gdes',
    student_id: child.student_id,
    nom: child.nom,
    prenom: child.prenom,
    class_name: child.class_name,
    year_name: place?.yearName ?? null,
    grades_open: Boolean(child.grades_access_enabled),
    finance:
      sheet && totals
        ? {
            adjusted: fromCentimes(totals.adjusted),
            paid: fromCentimes(totals.paid),
            balance: fromCentimes(totals.balance),
            instalments: instalmentsOf(totals.adjusted, totals.paid, yearPeriods, schoolYearSpan(place!.yearName).start)
              .filter((i) => i.left > 0)
              .map((i) => ({ ...i, amount: fromCentimes(i.amount), left: fromCentimes(i.left) })),
            payments: payments.map((p) => ({
              id: p.id,
              date: p.date,
              label: p.label,
              amount: fromCentimes(p.amount),
              receipt_no: p.receiptNo,
              balance_after: fromCentimes(balanceAfter(sheet, p.id) ?? totals.balance),
            })),
          }
        : null,
    days,
    announcements: news,
  });
});

route(guardianRoutes, api.childGrades, allow.types('guardian'), async (c) => {
  const { schoolId, studentId } = c.req.valid('param');
  const { db, child, place } = await childOf(c, schoolId, studentId);
  if (!place) throw notFound(textsOf(c).student.notEnrolled);
  // The pupil's own rule: a guardian sees the grades exactly when the pupil may (decision 360).
  if (!child.grades_access_enabled) throw new ApiError(403, 'grades_locked', textsOf(c).student.gradesLocked);
  return c.json<StudentGrades>(await pupilGrades(db, schoolId, place, c.req.valid('query').periodId));
});

route(guardianRoutes, api.childTimetable, allow.types('guardian'), async (c) => {
  const { schoolId, studentId } = c.req.valid('param');
  const { db, place } = await childOf(c, schoolId, studentId);
  return c.json<StudentWeek>(await pupilWeek(db, schoolId, place));
});

// ---------------------------------------------------------------- the guardian's alerts (decision 361)

route(guardianRoutes, api.alerts, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const [guardian, phones] = await Promise.all([
    guardians.findGuardian(directory, account.id),
    guardianAlerts.subscriptionCount(directory, account.id),
  ]);
  return c.json<GuardianAlerts>({
    public_key: vapidPublicKey(c.env.VAPID_PRIVATE_JWK),
    alerts: ALERT_KINDS.filter((k) => guardian?.alerts.includes(k)),
    phones,
  });
});

route(guardianRoutes, api.chooseAlerts, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const chosen = ALERT_KINDS.filter((k) => c.req.valid('json').alerts.includes(k));
  return commit(c, [guardianAlerts.setAlerts(directory, account.id, chosen)], {
    audit: { action: 'GUARDIAN_ALERTS_CHOSEN', target: account.username, details: { alerts: chosen } },
    body: { alerts: chosen, message: textsOf(c).guardian.alertsChosen } satisfies AlertsChosen,
  });
});

/** A push service's URL: https, or http on this machine (the local push service of the tests). */
const pushServiceUrl = (endpoint: string) => {
  const url = new URL(endpoint);
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
};

route(guardianRoutes, api.subscribe, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const { endpoint, keys } = c.req.valid('json');
  if (!pushServiceUrl(endpoint)) throw badRequest(textsOf(c).guardian.subscriptionInvalid);
  const row = { id: crypto.randomUUID(), guardianId: account.id, endpoint, p256dh: keys.p256dh, auth: keys.auth };
  return commit(c, [guardianAlerts.saveSubscription(directory, row)], {
    audit: {
      action: 'GUARDIAN_PHONE_SUBSCRIBED',
      target: account.username,
      details: { push_service: new URL(endpoint).host },
    },
    body: { message: textsOf(c).guardian.phoneSubscribed },
    status: 201,
  });
});

route(guardianRoutes, api.unsubscribe, allow.types('guardian'), async (c) => {
  const { account, directory } = c.var;
  const { endpoint } = c.req.valid('json');
  return commit(c, [guardianAlerts.deleteSubscription(directory, account.id, endpoint)], {
    audit: { action: 'GUARDIAN_PHONE_UNSUBSCRIBED', target: account.username },
    body: { message: textsOf(c).guardian.phoneUnsubscribed },
  });
});
