// The support chat: the routes of contract/support.ts. The school's hub (durable/school-hub.ts)
// holds the messages; D1 holds who the teachers are and the audit of deletions. A teacher reaches
// only their own conversation (their profile, from their account); the administration every
// teacher of its school; another school's teacher id answers 404. Reads answer 304 with no body
// when the caller's If-None-Match is the conversation's (or the list's) current version.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { SOCKET_PROTOCOL } from '../auth/session';
import {
  type SupportConversation,
  type SupportMessage,
  type SupportMessagesDeleted,
  type SupportUnread,
  supportApi as api,
} from '../contract/support';
import { communicationsServerText as t } from '../contract/texts/communications';
import * as teachers from '../db/teachers';
import { schoolHub } from '../durable/school-hub';
import type { SchoolBindings, SchoolContext } from '../env';
import { found, notFound } from '../lib/errors';
import { idempotencyKey } from '../lib/idempotency';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { conversationTag, heldVersion as versionIn, hubTag } from '../domain/support';
import { compareNames } from '../domain/text';

export const supportRoutes = new Hono<SchoolBindings>();

/** The version the caller says it holds, when its If-None-Match is one of ours for `tag(version)`. */
const heldVersion = (c: SchoolContext, tag: (version: number) => string) =>
  versionIn(c.req.header('If-None-Match'), tag);

const notModified = (etag: string) => new Response(null, { status: 304, headers: { ETag: etag } });

function withTag<T>(c: SchoolContext, body: T, etag: string) {
  c.header('ETag', etag);
  return c.json(body);
}

/** The signed-in teacher's profile id, or 404 for an account without one. */
async function ownTeacherId(c: SchoolContext): Promise<string> {
  const { db, school, account } = c.var;
  const [profile] = await teachers.selectProfileOfUser(db, school, account.id);
  return found(profile, t.noTeacherProfile).id;
}

/** A teacher of the caller's school (not archived) who has an account (only they can chat), or 404. */
async function schoolTeacher(c: SchoolContext, teacherId: string) {
  const teacher = found(await teachers.findTeacher(c.var.db, c.var.school, teacherId), t.teacherNotFound);
  if (!teacher.user_id) throw notFound(t.teacherWithoutAccount);
  return teacher;
}

// ------------------------------------------------------------------ teacher

route(supportRoutes, api.teacherMessages, allow.types('teacher'), async (c) => {
  const teacherId = await ownTeacherId(c);
  const tag = (v: number) => conversationTag(teacherId, v);
  const state = await schoolHub(c.env, c.var.school).conversation(teacherId, heldVersion(c, tag));
  if (!state) return notModified(tag(heldVersion(c, tag)!));
  return withTag<SupportMessage[]>(c, state.messages, tag(state.version));
});

route(supportRoutes, api.teacherSend, allow.types('teacher'), async (c) => {
  const teacherId = await ownTeacherId(c);
  const { content } = c.req.valid('json');
  const { message } = await schoolHub(c.env, c.var.school).send(teacherId, 'teacher', content, idempotencyKey(c));
  return c.json<SupportMessage>(message, 201);
});

// ------------------------------------------------------------------ administration

route(supportRoutes, api.conversations, allow.permission('user:manage'), async (c) => {
  const { db, school } = c.var;
  const tag = (v: number) => hubTag('list', v);
  const held = heldVersion(c, tag);
  const [hub, list] = await Promise.all([
    schoolHub(c.env, school).conversations(held),
    held === undefined ? teachers.selectTeachers(db, school) : null,
  ]);
  if (!hub) return notModified(tag(held!));
  // Only a teacher with an account can read the chat: the others are not offered.
  const profiles = (list ?? (await teachers.selectTeachers(db, school))).filter((p) => p.user_id !== null);
  const byTeacher = new Map(hub.conversations.map((conv) => [conv.teacher_id, conv]));
  const rows: SupportConversation[] = profiles.map((p) => ({
    teacher_id: p.id,
    teacher_prenom: p.prenom,
    teacher_nom: p.nom,
    unread_count: byTeacher.get(p.id)?.unread_count ?? 0,
    last_at: byTeacher.get(p.id)?.last_at ?? null,
  }));
  // Latest activity first, then the teachers without messages by name.
  rows.sort(
    (x, y) =>
      (y.last_at ?? '').localeCompare(x.last_at ?? '') ||
      compareNames(x.teacher_nom, y.teacher_nom) ||
      compareNames(x.teacher_prenom, y.teacher_prenom),
  );
  return withTag(c, rows, tag(hub.version));
});

route(supportRoutes, api.unread, allow.permission('user:manage'), async (c) => {
  const tag = (v: number) => hubTag('unread', v);
  const held = heldVersion(c, tag);
  const state = await schoolHub(c.env, c.var.school).unread(held);
  if (!state) return notModified(tag(held!));
  return withTag<SupportUnread>(c, { unread: state.unread }, tag(state.version));
});

route(supportRoutes, api.messages, allow.permission('user:manage'), async (c) => {
  const { teacherId } = c.req.valid('param');
  const tag = (v: number) => conversationTag(teacherId, v);
  const held = heldVersion(c, tag);
  const [state] = await Promise.all([
    schoolHub(c.env, c.var.school).conversation(teacherId, held),
    schoolTeacher(c, teacherId),
  ]);
  if (!state) return notModified(tag(held!));
  return withTag<SupportMessage[]>(c, state.messages, tag(state.version));
});

route(supportRoutes, api.adminSend, allow.permission('user:manage'), async (c) => {
  const { teacherId } = c.req.valid('param');
  const { content } = c.req.valid('json');
  await schoolTeacher(c, teacherId);
  const { message } = await schoolHub(c.env, c.var.school).send(teacherId, 'admin', content, idempotencyKey(c));
  return c.json<SupportMessage>(message, 201);
});

route(supportRoutes, api.markRead, allow.permission('user:manage'), async (c) => {
  const { teacherId } = c.req.valid('param');
  await schoolTeacher(c, teacherId);
  return c.json({ marked: await schoolHub(c.env, c.var.school).markRead(teacherId) });
});

route(supportRoutes, api.remove, allow.permission('user:manage'), async (c) => {
  const { messageIds } = c.req.valid('json');
  // The hub deletes first, all of the selection or nothing (one id it does not hold: 404); it
  // answers a retry with the same key as the first time, so a retry after a failed audit write
  // still records the deletion.
  const key = idempotencyKey(c);
  const outcome = await schoolHub(c.env, c.var.school).deleteMessages(messageIds, key && `${c.var.account.id}:${key}`);
  if (!outcome) throw notFound(t.messagesNotFound);
  const { deleted, teacherIds } = outcome;
  return commit(c, [], {
    audit: {
      action: 'SUPPORT_MESSAGES_DELETE',
      target: `${deleted} message(s)`,
      details: { deleted, teacherIds },
    },
    body: { message: t.messagesDeleted(deleted), deleted } satisfies SupportMessagesDeleted,
  });
});

// ------------------------------------------------------------------ live pages

route(
  supportRoutes,
  api.socket,
  allow.any(allow.own({ what: 'their own conversation' }, 'teacher'), allow.permission('user:manage')),
  async (c) => {
    const { account, school } = c.var;
    if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw notFound();
    const headers = new Headers(c.req.raw.headers);
    headers.set('X-Hub-Protocol', SOCKET_PROTOCOL);
    if (account.type === 'teacher') {
      headers.set('X-Hub-Role', 'teacher');
      headers.set('X-Hub-Teacher', await ownTeacherId(c));
    } else {
      headers.set('X-Hub-Role', 'admin');
      headers.delete('X-Hub-Teacher');
    }
    const res = await schoolHub(c.env, school).fetch(new Request(c.req.raw.url, { headers }));
    // The hub's answer has immutable headers; the app's middleware adds its own.
    return new Response(res.body, { status: res.status, headers: new Headers(res.headers), webSocket: res.webSocket });
  },
);
