// Teachers management: the routes of contract/teachers.ts. Each write is one batch whose guards
// re-check, when it runs, what the route read (a course given meanwhile, a username taken
// meanwhile, a roll call recorded meanwhile).
import { Hono } from 'hono';
import { allow, PLANNERS } from '../auth/access';
import { generateTemporaryPassword, hashPassword } from '../auth/password';
import {
  type AddedTeacher,
  type FullAssignment,
  type HandedOver,
  type ProgrammeCourse,
  type SavedAssignment,
  type SavedTeacher,
  type SchoolTeacher,
  type TeacherPasswordReset,
  teachersApi as api,
} from '../contract/teachers';
import { adminServerText } from '../contract/texts/admin';
import { serverText } from '../contract/texts/server';
import { teachersServerText as t } from '../contract/texts/teachers';
import { DAY_NAMES } from '../contract/texts/timetable';
import * as assignments from '../db/assignments';
import * as curriculum from '../db/curriculum';
import * as reserved from '../db/reserved-usernames';
import * as years from '../db/school-years';
import * as subjects from '../db/subjects';
import * as teachers from '../db/teachers';
import * as timetable from '../db/timetable-entries';
import * as users from '../db/users';
import { temporaryPasswordExpiry } from '../domain/accounts';
import { compareNames } from '../domain/text';
import { handOverClash, removalDecision, teacherName, teacherUsername, teacherUsernameBase } from '../domain/teachers';
import type { DayOfWeek } from '../domain/timetable';
import type { SchoolBindings, SchoolContext } from '../env';
import { badRequest, conflict, found, notFound } from '../lib/errors';
import { requireClassByName, requireYear, rowsOfYear, withYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const teacherManagementRoutes = new Hono<SchoolBindings>();

const changed = () => conflict(serverText.changedMeanwhile, 'changed');

async function requireTeacher(c: SchoolContext, id: string) {
  return found(await teachers.findTeacher(c.var.db, c.var.school, id), t.notFound);
}

/** The school's assignment with its course, its teacher and its number of lessons, or 404. */
async function requireAssignment(c: SchoolContext, id: string) {
  return found(await assignments.findAssignment(c.var.db, c.var.school, id), t.assignmentNotFound);
}

/** A username for a new account: the one asked for when free, else 'prenom.nom' made unique in the school and the platform. */
async function newUsername(c: SchoolContext, asked: string | undefined, profile: { prenom: string; nom: string }) {
  const { db, school } = c.var;
  if (asked) {
    if ((await users.findByUsername(db, school, asked)) || (await reserved.isReserved(db, asked)))
      throw conflict(adminServerText.users.usernameTaken);
    return asked;
  }
  const taken = await users.usernamesStartingWith(db, school, teacherUsernameBase(profile));
  for (;;) {
    const username = teacherUsername(profile, taken);
    if (!(await reserved.isReserved(db, username))) return username;
    taken.push(username);
  }
}

route(teacherManagementRoutes, api.list, allow.anyPermission(...PLANNERS), async (c) => {
  const { db, school } = c.var;
  // Without a year named, the current one (document 1 lists the call without parameters);
  // without a current year, the teachers without courses.
  const yearId = c.req.valid('query').yearId ?? (await years.findCurrentYear(db, school))?.id;
  const [, rows, courses] = yearId
    ? await withYear(
        c,
        yearId,
        teachers.selectTeachers(db, school),
        assignments.selectAssignmentsOfYear(db, school, yearId),
      )
    : [null, await teachers.selectTeachers(db, school), []];
  const byName = rows.toSorted((a, b) => compareNames(`${a.nom} ${a.prenom}`, `${b.nom} ${b.prenom}`));
  return c.json<SchoolTeacher[]>(
    byName.map((teacher) => ({
      ...teacher,
      assignments: courses
        .filter((a) => a.teacher_id === teacher.id)
        .map(({ id, class_name, subject_id, subject_name }) => ({ id, class_name, subject_id, subject_name })),
    })),
  );
});

route(
  teacherManagementRoutes,
  api.fullAssignments,
  allow.anyPermission(...PLANNERS, 'settings:manage_academic'),
  async (c) =>
    c.json<FullAssignment[]>(await rowsOfYear(c, c.req.valid('query').yearId, assignments.selectAssignmentsOfYear)),
);

route(teacherManagementRoutes, api.programme, allow.permission('settings:manage_teachers'), async (c) =>
  c.json<ProgrammeCourse[]>(await rowsOfYear(c, c.req.valid('query').yearId, curriculum.selectProgramme)),
);

/** A new teacher account with a temporary password: its statements, and what to show once. */
async function newAccount(c: SchoolContext, asked: string | undefined, profile: { prenom: string; nom: string }) {
  const username = await newUsername(c, asked, profile);
  const tempPassword = generateTemporaryPassword();
  const account = {
    id: crypto.randomUUID(),
    username,
    passwordHash: await hashPassword(tempPassword),
    accountType: 'teacher' as const,
    status: 'temporary_password' as const,
    tempPasswordExpiresAt: temporaryPasswordExpiry(),
  };
  return {
    account,
    tempPassword,
    statements: users.insertAccounts(c.var.db, c.var.school, [account]),
    guard: { holds: users.usernameFree(c.var.school, username), error: conflict(adminServerText.users.usernameTaken) },
  };
}

route(teacherManagementRoutes, api.create, allow.permission('settings:manage_teachers'), async (c) => {
  const { username: asked, ...profile } = c.req.valid('json');
  const { db, school } = c.var;
  const { account, tempPassword, statements, guard } = await newAccount(c, asked || undefined, profile);
  const teacher = {
    id: crypto.randomUUID(),
    userId: account.id,
    prenom: profile.prenom,
    nom: profile.nom,
    phone: profile.phone,
    email: profile.email,
  };
  return commit(c, [...statements, teachers.insertTeacher(db, school, teacher)], {
    audit: { action: 'CREATE_TEACHER', target: teacherName(teacher), details: { username: account.username } },
    body: {
      teacher: {
        id: teacher.id,
        prenom: teacher.prenom,
        nom: teacher.nom,
        phone: teacher.phone,
        email: teacher.email,
        user_id: account.id,
        username: account.username,
        account_status: 'temporary_password',
      },
      username: account.username,
      tempPassword,
      message: t.added,
    } satisfies AddedTeacher,
    status: 201,
    guards: [guard],
  });
});

route(teacherManagementRoutes, api.createAccount, allow.permission('settings:manage_teachers'), async (c) => {
  const { db, school } = c.var;
  const current = await requireTeacher(c, c.req.valid('param').id);
  if (current.user_id) throw conflict(t.hasAccount, 'has_account');
  const { account, tempPassword, statements, guard } = await newAccount(c, undefined, current);
  const { token_version: _, ...row } = current;
  return commit(c, [...statements, teachers.linkAccount(db, school, current.id, account.id)], {
    audit: {
      action: 'CREATE_TEACHER_ACCOUNT',
      target: teacherName(current),
      details: { username: account.username },
    },
    body: {
      teacher: { ...row, user_id: account.id, username: account.username, account_status: 'temporary_password' },
      username: account.username,
      tempPassword,
      message: t.accountCreated,
    } satisfies AddedTeacher,
    status: 201,
    guards: [guard, { holds: teachers.stillWithoutAccount(school, current.id), error: changed() }],
  });
});

route(teacherManagementRoutes, api.update, allow.permission('settings:manage_teachers'), async (c) => {
  const { prenom, nom, phone, email } = c.req.valid('json');
  const { db, school } = c.var;
  const current = await requireTeacher(c, c.req.valid('param').id);
  const { token_version: _, ...row } = current;
  return commit(c, [teachers.updateTeacher(db, school, current.id, { prenom, nom, phone, email })], {
    audit: {
      action: 'UPDATE_TEACHER',
      target: teacherName({ prenom, nom }),
      details: { before: teacherName(current) },
    },
    body: { teacher: { ...row, prenom, nom, phone, email }, message: t.updated } satisfies SavedTeacher,
    guards: [{ holds: teachers.teacherStillLive(school, current.id), error: notFound(t.notFound) }],
  });
});

route(teacherManagementRoutes, api.remove, allow.permission('settings:manage_teachers'), async (c) => {
  const { db, school } = c.var;
  const teacher = await requireTeacher(c, c.req.valid('param').id);
  const [courseYears, schoolYears] = await Promise.all([
    assignments.selectYearNamesOfTeacher(db, school, teacher.id),
    years.listSchoolYears(db, school),
  ]);
  const currentYear = schoolYears.find((y) => y.is_current)?.name ?? null;
  const names = courseYears.map((y) => y.name);
  const decision = removalDecision(names, currentYear);
  const name = teacherName(teacher);
  if (decision.action === 'refuse') {
    throw conflict(
      t.refusedWithCourses(name, decision.assignments, currentYear ?? names.toSorted().at(-1)!),
      'has_courses',
    );
  }
  const account = teacher.user_id ? [users.disableAccount(db, school, teacher.user_id)] : [];
  if (decision.action === 'archive') {
    return commit(c, [teachers.archiveTeacher(db, school, teacher.id), ...account], {
      audit: { action: 'ARCHIVE_TEACHER', target: name },
      body: { message: t.archived },
      guards: [{ holds: assignments.noCourseFrom(school, teacher.id, currentYear), error: changed() }],
    });
  }
  const accountGone = teacher.user_id ? users.deleteUserStatements(db, school, teacher.user_id) : [];
  return commit(c, [teachers.deleteTeacher(db, school, teacher.id), ...accountGone], {
    audit: { action: 'DELETE_TEACHER', target: name },
    body: { message: t.deleted },
    guards: [{ holds: assignments.noCourseAtAll(school, teacher.id), error: changed() }],
  });
});

route(teacherManagementRoutes, api.resetPassword, allow.permission('settings:manage_teachers'), async (c) => {
  const { db, school } = c.var;
  const teacher = await requireTeacher(c, c.req.valid('param').id);
  if (!teacher.user_id || !teacher.username || teacher.token_version === null)
    throw conflict(t.noAccount, 'no_account');
  const tempPassword = generateTemporaryPassword();
  const hash = await hashPassword(tempPassword);
  return commit(
    c,
    [users.setPassword(db, school, teacher.user_id, hash, 'temporary_password', temporaryPasswordExpiry())],
    {
      audit: { action: 'RESET_PASSWORD', target: teacher.username },
      body: { username: teacher.username, tempPassword, message: t.passwordReset } satisfies TeacherPasswordReset,
      guards: [{ holds: users.userUnchanged(school, teacher.user_id, teacher.token_version), error: changed() }],
    },
  );
});

route(teacherManagementRoutes, api.assign, allow.permission('settings:manage_teachers'), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  const year = await requireYear(c, body.yearId);
  const klass = await requireClassByName(c, body.className);
  const teacher = await requireTeacher(c, body.teacher_id);
  const subject = found(await subjects.findSubject(db, school, body.subject_id), t.courseRequired);
  const course = { yearId: year.id, classId: klass.id, subjectId: subject.id };
  if (!(await curriculum.findCurriculumCell(db, school, course)))
    throw badRequest(t.notInCurriculum(klass.name, year.name), 'not_in_curriculum');
  const assignment = {
    id: crypto.randomUUID(),
    class_name: klass.name,
    subject_id: subject.id,
    subject_name: subject.name,
  };
  const holder = await assignments.findCourseHolder(db, school, course);
  if (holder && holder.teacherId !== teacher.id) throw conflict(t.taken(teacherName(holder)), 'taken');
  if (holder) return c.json<SavedAssignment>({ assignment: { ...assignment, id: holder.id }, message: t.assigned });
  return commit(
    c,
    [assignments.insertAssignment(db, school, { id: assignment.id, ...course, teacherId: teacher.id })],
    {
      audit: {
        action: 'ASSIGN_COURSE',
        target: `${subject.name} ${klass.name}`,
        details: { teacher: teacherName(teacher), year: year.name },
      },
      body: { assignment, message: t.assigned } satisfies SavedAssignment,
      status: 201,
      guards: [
        { holds: assignments.courseFree(school, course), error: changed() },
        { holds: teachers.teacherStillLive(school, teacher.id), error: notFound(t.notFound) },
      ],
    },
  );
});

route(teacherManagementRoutes, api.handOver, allow.permission('settings:manage_teachers'), async (c) => {
  const { db, school } = c.var;
  const assignment = await requireAssignment(c, c.req.valid('param').id);
  // The new teacher: a teacher of the school, not archived (another school's answers 404).
  const teacher = await requireTeacher(c, c.req.valid('json').teacher_id);
  const name = teacherName(teacher);
  const course = {
    id: assignment.id,
    class_name: assignment.class_name,
    subject_id: assignment.subjectId,
    subject_name: assignment.subject_name,
  };
  const answer = { assignment: course, teacher_id: teacher.id, message: t.handedOver(name) } satisfies HandedOver;
  if (teacher.id === assignment.teacherId) return c.json<HandedOver>(answer);
  // The course's lessons become the new teacher's: none may overlap one of theirs.
  const [classWeek, teacherWeek] = await db.batch([
    timetable.selectWeek(db, school, assignment.yearId, { classId: assignment.classId }),
    timetable.selectWeek(db, school, assignment.yearId, { teacherId: teacher.id }),
  ]);
  const placed = (e: (typeof classWeek)[number]) => ({
    ...e,
    yearId: assignment.yearId,
    teacherId: e.teacher_id,
    classId: e.class_id,
    dayOfWeek: e.day_of_week,
    startTime: e.start_time,
    endTime: e.end_time,
  });
  const clash = handOverClash(
    classWeek.filter((e) => e.assignment_id === assignment.id).map(placed),
    teacherWeek.map(placed),
    teacher.id,
  );
  if (clash) {
    const other = clash.clash.entry;
    throw conflict(
      t.handOverClash(
        name,
        DAY_NAMES[other.dayOfWeek as DayOfWeek],
        other.start_time,
        other.end_time,
        other.subject_name,
        other.class_name,
      ),
      'timetable_clash',
    );
  }
  return commit(c, [assignments.setTeacher(db, school, assignment.id, teacher.id)], {
    audit: {
      action: 'HAND_OVER_COURSE',
      target: `${assignment.subject_name} ${assignment.class_name}`,
      details: {
        from: teacherName({ prenom: assignment.teacher_prenom, nom: assignment.teacher_nom }),
        to: name,
        entries: assignment.entries,
      },
    },
    body: answer,
    guards: [
      { holds: assignments.assignmentStillExists(school, assignment.id), error: notFound(t.assignmentNotFound) },
      {
        holds: assignments.stillHeldBy(school, assignment.id, assignment.teacherId),
        error: conflict(t.handOverMoved, 'changed'),
      },
      { holds: teachers.teacherStillLive(school, teacher.id), error: notFound(t.notFound) },
      {
        holds: timetable.teacherFreeForCourse(school, {
          yearId: assignment.yearId,
          teacherId: teacher.id,
          assignmentId: assignment.id,
        }),
        error: conflict(t.handOverClashMeanwhile(name), 'timetable_clash'),
      },
    ],
  });
});

route(teacherManagementRoutes, api.unassign, allow.permission('settings:manage_teachers'), async (c) => {
  const { db, school } = c.var;
  const assignment = await requireAssignment(c, c.req.valid('param').id);
  return commit(c, [assignments.deleteAssignment(db, school, assignment.id)], {
    audit: {
      action: 'UNASSIGN_COURSE',
      target: `${assignment.subject_name} ${assignment.class_name}`,
      details: { entries: assignment.entries },
    },
    body: { message: t.unassigned(assignment.entries) },
    guards: [
      { holds: assignments.assignmentStillExists(school, assignment.id), error: notFound(t.assignmentNotFound) },
      { holds: assignments.nothingRecorded(school, assignment.id), error: conflict(t.unassignRefused, 'recorded') },
    ],
  });
});
