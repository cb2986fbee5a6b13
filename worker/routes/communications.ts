// Announcements to teachers and to students: the routes of contract/communications.ts. The
// administration (user:manage) writes them; a teacher reads theirs at /teacher/announcements
// (routes/teacher.ts), a student theirs here. Another school's teacher or class answers 404.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import {
  communicationsApi as api,
  type AnnouncementsDeleted,
  type CreatedAnnouncement,
  type StudentAnnouncement,
  type StudentAnnouncementItem,
  type TeacherAnnouncementItem,
} from '../contract/communications';
import { communicationsServerText as t } from '../contract/texts/communications';
import type { AuditEntry } from '../db/audit';
import * as instances from '../db/instances';
import * as schoolYears from '../db/school-years';
import * as studentAnnouncements from '../db/student-announcements';
import * as teacherAnnouncements from '../db/teacher-announcements';
import type { SchoolAnnouncements } from '../db/school-announcements';
import type { SchoolBindings, SchoolContext } from '../env';
import { notFound } from '../lib/errors';
import { alertGuardians, announcementNews, inBackground } from '../lib/alerts';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { compareNames } from '../domain/text';

export const communicationRoutes = new Hono<SchoolBindings>();

const excerpt = (content: string) => (content.length > 60 ? `${content.slice(0, 57)}…` : content);

/**
 * The announcements a delete names, all of the caller's school: one of another school, or one
 * already gone, answers 404 like a missing one and nothing is deleted (the students' rule). In the
 * order they were chosen (the read answers them in whatever order its plan walks).
 */
async function selection(ids: string[], read: Promise<{ id: string; content: string }[]>) {
  const rows = await read;
  if (rows.length !== ids.length) throw notFound(t.announcementsNotFound);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** The audit of a delete: the announcements by their text (they are gone once the row is read). */
const removalAudit = (action: AuditEntry['action'], rows: { content: string }[]): AuditEntry => ({
  action,
  target: rows.length === 1 ? excerpt(rows[0]!.content) : `${rows.length} annonces`,
  details: { annonces: rows.map((r) => excerpt(r.content)) },
});

/** Deletes the chosen announcements of one kind, all of them or none (404), in one guarded batch. */
async function remove(c: SchoolContext, chosenIds: string[], kind: SchoolAnnouncements, action: AuditEntry['action']) {
  const { db, school } = c.var;
  const ids = [...new Set(chosenIds)];
  const chosen = await selection(ids, kind.selectAmong(db, school, ids));
  return commit(c, [kind.deleteAnnouncements(db, school, ids)], {
    audit: removalAudit(action, chosen),
    guards: [{ holds: kind.allStillExist(school, ids, ids.length), error: notFound(t.announcementsNotFound) }],
    body: { message: t.announcementsDeleted(ids.length), deleted: ids.length } satisfies AnnouncementsDeleted,
  });
}

route(communicationRoutes, api.teacherList, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const [rows, recipients] = await db.batch([
    teacherAnnouncements.selectAnnouncements(db, school),
    teacherAnnouncements.selectRecipients(db, school),
  ]);
  const byAnnouncement = new Map<string, TeacherAnnouncementItem['recipients']>();
  for (const { announcement_id, ...r } of recipients)
    byAnnouncement.set(announcement_id, [...(byAnnouncement.get(announcement_id) ?? []), r]);
  return c.json<TeacherAnnouncementItem[]>(
    rows.map((row) => ({
      ...row,
      recipients: (byAnnouncement.get(row.id) ?? []).sort(
        (x, y) => compareNames(x.nom, y.nom) || compareNames(x.prenom, y.prenom),
      ),
    })),
  );
});

route(communicationRoutes, api.teacherCreate, allow.permission('user:manage'), async (c) => {
  const { db, school, account } = c.var;
  const { content, teacher_ids } = c.req.valid('json');
  const teacherIds = [...new Set(teacher_ids)];
  const known = await teacherAnnouncements.selectTeachersAmong(db, school, teacherIds);
  if (known.length !== teacherIds.length) throw notFound(t.recipientsNotFound);
  const id = crypto.randomUUID();
  return commit(
    c,
    teacherAnnouncements.insertAnnouncement(db, school, { id, content, authorId: account.id, teacherIds }),
    {
      audit: {
        action: 'TEACHER_ANNOUNCEMENT_CREATE',
        target: excerpt(content),
        details: { recipients: teacherIds.length },
      },
      body: { id, message: t.announcementSent } satisfies CreatedAnnouncement,
      status: 201,
    },
  );
});

route(communicationRoutes, api.teacherRemove, allow.permission('user:manage'), (c) =>
  remove(c, c.req.valid('json').announcementIds, teacherAnnouncements, 'TEACHER_ANNOUNCEMENT_DELETE'),
);

route(communicationRoutes, api.studentList, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const [rows, targets] = await db.batch([
    studentAnnouncements.selectAnnouncements(db, school),
    studentAnnouncements.selectTargets(db, school),
  ]);
  const byAnnouncement = new Map<string, { name: string; order: number }[]>();
  for (const r of targets)
    byAnnouncement.set(r.announcement_id, [
      ...(byAnnouncement.get(r.announcement_id) ?? []),
      { name: r.class_name, order: r.order_index },
    ]);
  return c.json<StudentAnnouncementItem[]>(
    rows.map((row) => ({
      ...row,
      target_class_names: (byAnnouncement.get(row.id) ?? [])
        .sort((x, y) => x.order - y.order || compareNames(x.name, y.name))
        .map((x) => x.name),
    })),
  );
});

route(communicationRoutes, api.studentCreate, allow.permission('user:manage'), async (c) => {
  const { db, school, account } = c.var;
  const { content, target_class_names } = c.req.valid('json');
  const names = [...new Set(target_class_names.map((n) => n.toLowerCase()))];
  const found = names.length ? await studentAnnouncements.selectClassesNamed(db, school, names) : [];
  if (found.length !== names.length) throw notFound(t.classesNotFound);
  const id = crypto.randomUUID();
  const answer = await commit(
    c,
    studentAnnouncements.insertAnnouncement(db, school, {
      id,
      content,
      authorId: account.id,
      classIds: found.map((f) => f.id),
    }),
    {
      audit: {
        action: 'STUDENT_ANNOUNCEMENT_CREATE',
        target: excerpt(content),
        details: { classes: found.map((f) => f.name) },
      },
      body: { id, message: t.studentAnnouncementSent } satisfies CreatedAnnouncement,
      status: 201,
    },
  );
  // The guardians of the pupils it speaks to (its classes this year, or the whole school), after the answer (decision 361).
  inBackground(c, async () => {
    const [instance, year] = await Promise.all([
      instances.getInstance(db, school),
      schoolYears.findCurrentYear(db, school),
    ]);
    if (!year) return;
    const pupils = found.length
      ? { yearId: year.id, classIds: found.map((f) => f.id) }
      : { currentYear: true as const };
    await alertGuardians(c.env, db, school, pupils, announcementNews({ id, content }, instance?.name ?? ''));
  });
  return answer;
});

route(communicationRoutes, api.studentRemove, allow.permission('user:manage'), (c) =>
  remove(c, c.req.valid('json').announcementIds, studentAnnouncements, 'STUDENT_ANNOUNCEMENT_DELETE'),
);

route(communicationRoutes, api.studentOwn, allow.types('student'), async (c) =>
  c.json<StudentAnnouncement[]>(
    await studentAnnouncements.selectForStudentUser(c.var.db, c.var.school, c.var.account.id),
  ),
);
