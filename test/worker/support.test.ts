// The support chat (issue 15): the school's hub Durable Object behind /api/teacher/support-messages
// and /api/admin/teacher-support. Order, unread counts and read marking, deletion with its audit
// row, 304 on an unchanged poll, pushes to open sockets, state kept over hibernation, a teacher
// limited to their own conversation, schools kept apart, validation messages and permissions.
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { SupportConversation, SupportMessage, SupportPush } from '../../worker/contract/support';
import { CONVERSATION_LIMIT, SchoolHub, schoolHub } from '../../worker/durable/school-hub';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, createSchool, sql, type TestSchool, tokenFor } from './helpers';

const send = (
  school: TestSchool,
  token: string,
  content: unknown,
  path = '/api/teacher/support-messages',
  key?: string,
) => call(school, token, 'POST', path, { content }, key ? { 'Idempotency-Key': key } : {});

async function chatSchool() {
  const { school, teacher } = await schoolWithCourses();
  // A second teacher with an account: 'prof2' is Marie Étienne.
  const prof2 = crypto.randomUUID();
  await school.db.batch([
    sql(
      school,
      "INSERT INTO users (id, instance_id, username, password_hash, account_type, status) SELECT ?, instance_id, 'prof2', password_hash, 'teacher', 'active' FROM users WHERE id = ?",
      prof2,
      school.userIdByName.get('prof'),
    ),
    sql(school, 'UPDATE teachers SET user_id = ? WHERE id = ?', prof2, teacher.other),
  ]);
  const [admin, prof, other] = await Promise.all([
    tokenFor(school, 'admin'),
    tokenFor(school, 'prof'),
    tokenFor(school, 'prof2'),
  ]);
  return { school, teacher, admin, prof, other };
}

/** A socket of a page of the school, opened through the API as the browser does. */
async function openSocket(school: TestSchool, token: string) {
  const res = await school.fetch('/api/support/socket', {
    headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': `portail, bearer.${token}` },
  });
  expect(res.status, res.status === 101 ? '' : await res.text()).toBe(101);
  expect(res.headers.get('Sec-WebSocket-Protocol')).toBe('portail');
  const ws = res.webSocket!;
  const received: SupportPush[] = [];
  const waiters: (() => void)[] = [];
  ws.addEventListener('message', (event) => {
    if (event.data === 'pong') return;
    received.push(JSON.parse(String(event.data)) as SupportPush);
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const next = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received.slice(0, count);
  };
  return { ws, received, next };
}

describe('support chat', () => {
  it('keeps messages in order, counts the unread ones for the administration and marks them read', async () => {
    const { school, teacher, admin, prof } = await chatSchool();
    expect((await send(school, prof, '  Bonjour,\n la salle 2 est fermée.  ')).status).toBe(201);
    await send(school, prof, 'Pouvez-vous ouvrir ?');
    const answer = await send(school, admin, "C'est fait.", `/api/admin/teacher-support/messages/${teacher.prof}`);
    expect(answer.status).toBe(201);
    await send(school, prof, 'Merci !');

    const mine = await bodyOf<SupportMessage[]>(await call(school, prof, 'GET', '/api/teacher/support-messages'));
    expect(mine.map((m) => [m.sender_role, m.content])).toEqual([
      ['teacher', 'Bonjour,\nla salle 2 est fermée.'],
      ['teacher', 'Pouvez-vous ouvrir ?'],
      ['admin', "C'est fait."],
      ['teacher', 'Merci !'],
    ]);

    const list = await bodyOf<SupportConversation[]>(
      await call(school, admin, 'GET', '/api/admin/teacher-support/conversations'),
    );
    expect(list.map((c) => [c.teacher_prenom, c.teacher_nom, c.unread_count])).toEqual([
      ['Jean-Robert', 'Baptiste', 3],
      ['Marie', 'Étienne', 0],
    ]);
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/teacher-support/unread'))).toEqual({ unread: 3 });

    expect(
      await bodyOf(await call(school, admin, 'PUT', `/api/admin/teacher-support/messages/${teacher.prof}/read`)),
    ).toEqual({ marked: 3 });
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/teacher-support/unread'))).toEqual({ unread: 0 });
    const read = await bodyOf<SupportMessage[]>(
      await call(school, admin, 'GET', `/api/admin/teacher-support/messages/${teacher.prof}`),
    );
    expect(read.every((m) => m.is_read_by_admin)).toBe(true);
    expect(read.map((m) => m.id)).toEqual(mine.map((m) => m.id));
  });

  it('answers an unchanged poll 304 without a body, and 200 again after a change', async () => {
    const { school, teacher, admin, prof } = await chatSchool();
    await send(school, prof, 'Premier message');
    const first = await call(school, prof, 'GET', '/api/teacher/support-messages');
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"c-/);
    const again = await call(school, prof, 'GET', '/api/teacher/support-messages', undefined, {
      'If-None-Match': etag,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);

    const adminPath = `/api/admin/teacher-support/messages/${teacher.prof}`;
    const adminTag = (await call(school, admin, 'GET', adminPath)).headers.get('ETag')!;
    const listTag = (await call(school, admin, 'GET', '/api/admin/teacher-support/conversations')).headers.get('ETag')!;
    expect((await call(school, admin, 'GET', adminPath, undefined, { 'If-None-Match': adminTag })).status).toBe(304);
    expect(
      (
        await call(school, admin, 'GET', '/api/admin/teacher-support/conversations', undefined, {
          'If-None-Match': listTag,
        })
      ).status,
    ).toBe(304);

    await send(school, admin, 'Réponse', adminPath);
    const changed = await call(school, prof, 'GET', '/api/teacher/support-messages', undefined, {
      'If-None-Match': etag,
    });
    expect(changed.status).toBe(200);
    expect((await bodyOf<SupportMessage[]>(changed)).map((m) => m.content)).toEqual(['Premier message', 'Réponse']);
    expect(
      (
        await call(school, admin, 'GET', '/api/admin/teacher-support/conversations', undefined, {
          'If-None-Match': listTag,
        })
      ).status,
    ).toBe(200);
    // Another teacher's tag is not taken for this conversation's.
    expect(
      (await call(school, prof, 'GET', '/api/teacher/support-messages', undefined, { 'If-None-Match': '"c-other-2"' }))
        .status,
    ).toBe(200);
  });

  it('delivers a replayed send (same Idempotency-Key) once', async () => {
    const { school, prof } = await chatSchool();
    const a = await bodyOf<SupportMessage>(await send(school, prof, 'Hors ligne', undefined, 'offline-key-0001'));
    const b = await bodyOf<SupportMessage>(await send(school, prof, 'Hors ligne', undefined, 'offline-key-0001'));
    expect(b.id).toBe(a.id);
    expect(
      await bodyOf<SupportMessage[]>(await call(school, prof, 'GET', '/api/teacher/support-messages')),
    ).toHaveLength(1);
  });

  it('offers only the teachers who have an account; one without cannot be written to', async () => {
    // In this school Marie Étienne has no account.
    const { school, teacher } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const list = await bodyOf<SupportConversation[]>(
      await call(school, admin, 'GET', '/api/admin/teacher-support/conversations'),
    );
    expect(list.map((c) => c.teacher_id)).toEqual([teacher.prof]);
    for (const res of [
      await send(school, admin, 'Bonjour', `/api/admin/teacher-support/messages/${teacher.other}`),
      await call(school, admin, 'GET', `/api/admin/teacher-support/messages/${teacher.other}`),
    ]) {
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).message).toBe(
        "Ce professeur n'a pas de compte : il ne peut pas recevoir de messages.",
      );
    }
  });

  it("deletes the selected messages with '2 messages supprimés.' and an audit row", async () => {
    const { school, teacher, admin, prof } = await chatSchool();
    await send(school, prof, 'Un');
    await send(school, prof, 'Deux');
    await send(school, prof, 'Trois');
    const path = `/api/admin/teacher-support/messages/${teacher.prof}`;
    const all = await bodyOf<SupportMessage[]>(await call(school, admin, 'GET', path));
    const res = await call(school, admin, 'DELETE', '/api/admin/teacher-support/messages', {
      messageIds: [all[0]!.id, all[2]!.id],
    });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toEqual({ message: '2 messages supprimés.', deleted: 2 });
    expect((await bodyOf<SupportMessage[]>(await call(school, admin, 'GET', path))).map((m) => m.content)).toEqual([
      'Deux',
    ]);
    const audit = await sql(
      school,
      "SELECT username, details FROM audit_log WHERE instance_id = ? AND action_type = 'SUPPORT_MESSAGES_DELETE'",
      school.id,
    ).all<{ username: string; details: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.username).toBe('admin');
    expect(JSON.parse(audit.results[0]!.details)).toMatchObject({ deleted: 2, teacherIds: [teacher.prof] });
    // A selection naming a message already gone deletes nothing and answers 404.
    const again = await call(school, admin, 'DELETE', '/api/admin/teacher-support/messages', {
      messageIds: [all[0]!.id, all[1]!.id],
    });
    expect(again.status).toBe(404);
    expect(await bodyOf(again)).toEqual({ message: 'Un des messages choisis est introuvable.', code: 'not_found' });
    expect(await bodyOf<SupportMessage[]>(await call(school, admin, 'GET', path))).toHaveLength(1);
    // A retry with the first call's key (its audit write failed) gets the first outcome, to record it.
    const outcomes = await runInDurableObject(schoolHub(env, school.id), (hub: SchoolHub) => [
      hub.deleteMessages([all[1]!.id], 'retry-key'),
      hub.deleteMessages([all[1]!.id], 'retry-key'),
      hub.deleteMessages([all[1]!.id], 'other-key'),
    ]);
    expect(outcomes).toEqual([
      { deleted: 1, teacherIds: [teacher.prof] },
      { deleted: 1, teacherIds: [teacher.prof] },
      null,
    ]);
    expect(
      (await call(school, admin, 'GET', '/api/admin/teacher-support/unread').then((r) => bodyOf<{ unread: number }>(r)))
        .unread,
    ).toBe(0);

    const empty = await call(school, admin, 'DELETE', '/api/admin/teacher-support/messages', { messageIds: [] });
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty)).message).toBe('Veuillez sélectionner au moins un message.');
  });

  it('pushes a new message to two open pages, and the state outlives the object (hibernation)', async () => {
    const { school, teacher, admin, prof } = await chatSchool();
    const teacherPage = await openSocket(school, prof);
    const adminPage = await openSocket(school, admin);
    const hub = schoolHub(env, school.id);
    expect(await runInDurableObject(hub, (_o, state) => state.getWebSockets().length)).toBe(2);

    const sent = await bodyOf<SupportMessage>(await send(school, prof, 'En direct'));
    const [toTeacher] = await teacherPage.next(1);
    const [toAdmin] = await adminPage.next(1);
    for (const push of [toTeacher, toAdmin])
      expect(push).toMatchObject({
        type: 'message',
        teacher_id: teacher.prof,
        message: { id: sent.id, content: 'En direct' },
      });

    // A fresh instance over the same storage (what waking from hibernation builds) sees the
    // messages, the sockets and their tags, and pushes to them.
    await runInDurableObject(hub, async (_o, state) => {
      const woken = new SchoolHub(state, env);
      expect(woken.conversation(teacher.prof)?.messages.map((m) => m.content)).toEqual(['En direct']);
      expect(woken.unread()?.unread).toBe(1);
      expect(state.getWebSockets('admin')).toHaveLength(1);
      expect(state.getWebSockets(`teacher:${teacher.prof}`)).toHaveLength(1);
      woken.markRead(teacher.prof);
    });
    expect((await adminPage.next(2))[1]).toMatchObject({ type: 'read', teacher_id: teacher.prof });
    expect((await teacherPage.next(2))[1]).toMatchObject({ type: 'read', teacher_id: teacher.prof });

    // The keep-alive is answered.
    const pong = new Promise<string>((resolve) =>
      teacherPage.ws.addEventListener('message', (e) => e.data === 'pong' && resolve('pong')),
    );
    teacherPage.ws.send('ping');
    expect(await pong).toBe('pong');
    teacherPage.ws.close(1000);
    adminPage.ws.close(1000);
  });

  it('keeps a teacher to their own conversation and pushes them only theirs', async () => {
    const { school, teacher, admin, prof, other } = await chatSchool();
    const otherPage = await openSocket(school, other);
    await send(school, prof, 'Message de Jean-Robert');
    await send(school, other, 'Message de Marie');
    expect(
      (await bodyOf<SupportMessage[]>(await call(school, other, 'GET', '/api/teacher/support-messages'))).map(
        (m) => m.content,
      ),
    ).toEqual(['Message de Marie']);
    expect((await otherPage.next(1)).map((p) => p.teacher_id)).toEqual([teacher.other]);
    // The administration's addresses are closed to teachers.
    expect((await call(school, other, 'GET', `/api/admin/teacher-support/messages/${teacher.prof}`)).status).toBe(403);
    expect((await send(school, other, 'intrus', `/api/admin/teacher-support/messages/${teacher.prof}`)).status).toBe(
      403,
    );
    expect(otherPage.received).toHaveLength(1);
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/teacher-support/unread'))).toEqual({ unread: 2 });
    otherPage.ws.close(1000);
  });

  it("keeps schools apart: another school's teacher is 404 and its hub holds nothing of ours", async () => {
    const a = await chatSchool();
    const b = await chatSchool();
    await send(a.school, a.prof, 'Seulement à A');
    for (const res of [
      await call(b.school, b.admin, 'GET', `/api/admin/teacher-support/messages/${a.teacher.prof}`),
      await send(b.school, b.admin, 'x', `/api/admin/teacher-support/messages/${a.teacher.prof}`),
      await call(b.school, b.admin, 'PUT', `/api/admin/teacher-support/messages/${a.teacher.prof}/read`),
    ]) {
      expect(res.status).toBe(404);
      expect((await bodyOf(res)).message).toBe('Professeur introuvable.');
    }
    const aMessages = await bodyOf<SupportMessage[]>(
      await call(a.school, a.prof, 'GET', '/api/teacher/support-messages'),
    );
    // B's admin deleting A's message ids changes nothing in A and answers 404, like unknown ids.
    const foreign = await call(b.school, b.admin, 'DELETE', '/api/admin/teacher-support/messages', {
      messageIds: aMessages.map((m) => m.id),
    });
    expect(foreign.status).toBe(404);
    expect(await bodyOf(foreign)).toEqual({ message: 'Un des messages choisis est introuvable.', code: 'not_found' });
    expect(
      (await sql(b.school, 'SELECT count(*) AS n FROM audit_log WHERE instance_id = ?', b.school.id).first<{
        n: number;
      }>())!.n,
    ).toBe(0);
    expect(
      await bodyOf<SupportMessage[]>(await call(a.school, a.prof, 'GET', '/api/teacher/support-messages')),
    ).toHaveLength(1);
    expect(
      await runInDurableObject(schoolHub(env, b.school.id), (hub: SchoolHub) => hub.conversations()?.conversations),
    ).toEqual([]);
    expect(await bodyOf(await call(b.school, b.admin, 'GET', '/api/admin/teacher-support/unread'))).toEqual({
      unread: 0,
    });
    // A's token does not open a socket on B's host.
    const res = await b.school.fetch('/api/support/socket', {
      headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': `portail, bearer.${a.admin}` },
    });
    expect(res.status).toBe(401);
  });

  it('answers the validation messages', async () => {
    const { school, teacher, admin, prof } = await chatSchool();
    for (const content of ['   ', '', null]) {
      const res = await send(school, prof, content);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe('Veuillez écrire un message.');
    }
    const long = await send(school, admin, 'x'.repeat(2001), `/api/admin/teacher-support/messages/${teacher.prof}`);
    expect(long.status).toBe(400);
    expect((await bodyOf(long)).message).toBe('Le message ne doit pas dépasser 2000 caractères.');
  });

  it('lets the administration (user:manage) and the teachers in, and no one else', async () => {
    const { school, teacher, prof } = await chatSchool();
    const [secretary, student] = await Promise.all([tokenFor(school, 'secretaire'), tokenFor(school, 'eleve')]);
    const adminPaths = [
      '/api/admin/teacher-support/conversations',
      '/api/admin/teacher-support/unread',
      `/api/admin/teacher-support/messages/${teacher.prof}`,
    ];
    for (const token of [secretary, student, prof]) {
      for (const path of adminPaths) expect((await call(school, token, 'GET', path)).status).toBe(403);
    }
    for (const token of [secretary, student]) {
      expect((await call(school, token, 'GET', '/api/teacher/support-messages')).status).toBe(403);
      const res = await school.fetch('/api/support/socket', {
        headers: { Upgrade: 'websocket', 'Sec-WebSocket-Protocol': `portail, bearer.${token}` },
      });
      expect(res.status).toBe(403);
    }
    expect((await call(school, null, 'GET', '/api/teacher/support-messages')).status).toBe(401);
    expect((await school.fetch('/api/support/socket', { headers: { Upgrade: 'websocket' } })).status).toBe(401);

    // A teacher account without a profile has no conversation.
    const bare = await createSchool();
    const res = await call(bare, await tokenFor(bare, 'prof'), 'GET', '/api/teacher/support-messages');
    expect(res.status).toBe(404);
    expect((await bodyOf(res)).message).toBe(
      "Votre compte n'est lié à aucun professeur : la messagerie n'est pas disponible.",
    );
  });
});

describe('support hub', () => {
  it('answers the latest messages of a long conversation, in order', async () => {
    const hub = schoolHub(env, crypto.randomUUID());
    await runInDurableObject(hub, (o: SchoolHub) => {
      for (let i = 1; i <= CONVERSATION_LIMIT + 3; i++) o.send('t-1', i % 2 ? 'teacher' : 'admin', `m${i}`, null);
      const read = o.conversation('t-1')!;
      expect(read.messages).toHaveLength(CONVERSATION_LIMIT);
      expect(read.messages[0]!.content).toBe('m4');
      expect(read.messages.at(-1)!.content).toBe(`m${CONVERSATION_LIMIT + 3}`);
      expect(read.version).toBe(CONVERSATION_LIMIT + 3);
      expect(o.conversation('t-1', read.version)).toBeNull();
    });
  });
});
