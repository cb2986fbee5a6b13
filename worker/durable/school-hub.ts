// The school's hub (product decisions 'Communications', decision 140): one Durable Object per
// school, found from the instance id only, holding the support chat — one conversation per
// teacher with the administration. Its SQLite storage is the source of truth for the chat; the
// D1 audit log records deletions (the route writes it).
//
// Every change bumps the conversation's version and the hub's version: the routes answer an
// unchanged poll with 304 from them (ETag), and the change is pushed to the open pages over
// hibernating WebSockets (tag `admin` for the administration's pages, `teacher:<id>` for a
// teacher's). A quiet socket costs nothing: the object sleeps, and the page's keep-alive 'ping'
// is answered 'pong' by the runtime without waking it.
import { DurableObject } from 'cloudflare:workers';
import type { SupportConversationState, SupportMessage, SupportPush } from '../contract/support';

type Row = Record<string, SqlStorageValue>;

/** What a read of a conversation answers at most: its latest messages. */
export const CONVERSATION_LIMIT = 500;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  teacher_id TEXT NOT NULL,
  sender_role TEXT NOT NULL CHECK (sender_role IN ('teacher', 'admin')),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  is_read_by_admin INTEGER NOT NULL DEFAULT 0,
  client_key TEXT,
  UNIQUE (teacher_id, client_key)
);
CREATE INDEX IF NOT EXISTS messages_teacher_idx ON messages (teacher_id, seq);
CREATE TABLE IF NOT EXISTS conversations (
  teacher_id TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  last_at TEXT
);
CREATE TABLE IF NOT EXISTS hub (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS deletions (
  client_key TEXT PRIMARY KEY,
  deleted INTEGER NOT NULL,
  teacher_ids TEXT NOT NULL,
  at TEXT NOT NULL
);
`;

/** How long a delete's outcome answers a retry with the same Idempotency-Key (the offline queue's 7 days). */
const DELETION_KEPT_MS = 7 * 24 * 3600_000;

const toMessage = (r: Row): SupportMessage => ({
  id: String(r.id),
  teacher_id: String(r.teacher_id),
  sender_role: r.sender_role === 'admin' ? 'admin' : 'teacher',
  content: String(r.content),
  created_at: String(r.created_at),
  is_read_by_admin: Number(r.is_read_by_admin) === 1,
});

export class SchoolHub extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec(SCHEMA);
    // Keep-alive of the pages, answered while the object sleeps.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  // ---------------------------------------------------------------- versions

  private hubVersion(): number {
    const row = this.sql.exec('SELECT value FROM hub WHERE key = ?', 'version').toArray()[0];
    return row ? Number(row.value) : 0;
  }

  private conversationVersion(teacherId: string): number {
    const row = this.sql.exec('SELECT version FROM conversations WHERE teacher_id = ?', teacherId).toArray()[0];
    return row ? Number(row.version) : 0;
  }

  /** A change of a conversation: its version and the hub's go up (one storage transaction). */
  private bump(teacherId: string, lastAt?: string): { version: number; hub: number } {
    this.sql.exec(
      `INSERT INTO conversations (teacher_id, version, last_at) VALUES (?, 1, ?)
       ON CONFLICT (teacher_id) DO UPDATE SET version = version + 1, last_at = COALESCE(excluded.last_at, last_at)`,
      teacherId,
      lastAt ?? null,
    );
    this.sql.exec(
      `INSERT INTO hub (key, value) VALUES ('version', 1) ON CONFLICT (key) DO UPDATE SET value = value + 1`,
    );
    return { version: this.conversationVersion(teacherId), hub: this.hubVersion() };
  }

  // ---------------------------------------------------------------- reads

  /** A conversation's latest messages (at most CONVERSATION_LIMIT) in sending order, or null when `ifNotVersion` is still current. */
  conversation(teacherId: string, ifNotVersion?: number): SupportConversationState | null {
    const version = this.conversationVersion(teacherId);
    if (ifNotVersion !== undefined && ifNotVersion === version) return null;
    const messages = this.sql
      .exec(
        'SELECT * FROM (SELECT * FROM messages WHERE teacher_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq',
        teacherId,
        CONVERSATION_LIMIT,
      )
      .toArray()
      .map(toMessage);
    return { version, messages };
  }

  /** Every conversation with messages: unread count (teacher messages the administration has not read) and last activity. */
  conversations(
    ifNotVersion?: number,
  ): { version: number; conversations: { teacher_id: string; unread_count: number; last_at: string | null }[] } | null {
    const version = this.hubVersion();
    if (ifNotVersion !== undefined && ifNotVersion === version) return null;
    const rows = this.sql
      .exec(
        `SELECT c.teacher_id AS teacher_id, c.last_at AS last_at,
                (SELECT COUNT(*) FROM messages m WHERE m.teacher_id = c.teacher_id AND m.sender_role = 'teacher' AND m.is_read_by_admin = 0) AS unread_count
         FROM conversations c WHERE EXISTS (SELECT 1 FROM messages m WHERE m.teacher_id = c.teacher_id)
         ORDER BY c.last_at DESC`,
      )
      .toArray();
    return {
      version,
      conversations: rows.map((r) => ({
        teacher_id: String(r.teacher_id),
        unread_count: Number(r.unread_count),
        last_at: r.last_at === null ? null : String(r.last_at),
      })),
    };
  }

  /** The administration's unread total (the staff menu's badge). */
  unread(ifNotVersion?: number): { version: number; unread: number } | null {
    const version = this.hubVersion();
    if (ifNotVersion !== undefined && ifNotVersion === version) return null;
    const row = this.sql
      .exec(`SELECT COUNT(*) AS n FROM messages WHERE sender_role = 'teacher' AND is_read_by_admin = 0`)
      .toArray()[0];
    return { version, unread: Number(row?.n ?? 0) };
  }

  // ---------------------------------------------------------------- writes

  /**
   * Adds a message to a teacher's conversation. `clientKey` (the request's Idempotency-Key) makes
   * a replayed send — an offline send delivered by the service worker's queue — land once: the
   * same key answers the message already stored.
   */
  send(
    teacherId: string,
    senderRole: 'teacher' | 'admin',
    content: string,
    clientKey: string | null,
    now = new Date(),
  ): { message: SupportMessage; replayed: boolean } {
    if (clientKey) {
      const seen = this.sql
        .exec('SELECT * FROM messages WHERE teacher_id = ? AND client_key = ?', teacherId, clientKey)
        .toArray()[0];
      if (seen) return { message: toMessage(seen), replayed: true };
    }
    const message: SupportMessage = {
      id: crypto.randomUUID(),
      teacher_id: teacherId,
      sender_role: senderRole,
      content,
      created_at: now.toISOString(),
      // The administration's own messages are read by it.
      is_read_by_admin: senderRole === 'admin',
    };
    this.sql.exec(
      'INSERT INTO messages (id, teacher_id, sender_role, content, created_at, is_read_by_admin, client_key) VALUES (?, ?, ?, ?, ?, ?, ?)',
      message.id,
      teacherId,
      senderRole,
      content,
      message.created_at,
      message.is_read_by_admin ? 1 : 0,
      clientKey,
    );
    const { version } = this.bump(teacherId, message.created_at);
    this.push(teacherId, { type: 'message', teacher_id: teacherId, version, message });
    return { message, replayed: false };
  }

  /** The administration has read the teacher's messages; answers how many were unread. */
  markRead(teacherId: string): number {
    const marked = this.sql.exec(
      `UPDATE messages SET is_read_by_admin = 1 WHERE teacher_id = ? AND sender_role = 'teacher' AND is_read_by_admin = 0`,
      teacherId,
    ).rowsWritten;
    if (marked > 0) {
      const { version } = this.bump(teacherId);
      this.push(teacherId, { type: 'read', teacher_id: teacherId, version });
    }
    return marked;
  }

  /**
   * Deletes a selection of messages, all of this school's or none: one id the hub does not hold
   * (another school's, or already deleted) answers null and nothing is deleted. `clientKey` (the
   * request's Idempotency-Key) answers a retry with the outcome of the first call, so a retry
   * after a failed audit write still records the deletion.
   */
  deleteMessages(ids: string[], clientKey: string | null): { deleted: number; teacherIds: string[] } | null {
    if (clientKey) {
      const done = this.sql
        .exec('SELECT deleted, teacher_ids FROM deletions WHERE client_key = ?', clientKey)
        .toArray()[0];
      if (done) return { deleted: Number(done.deleted), teacherIds: JSON.parse(String(done.teacher_ids)) as string[] };
    }
    const unique = JSON.stringify([...new Set(ids)]);
    const found = this.sql
      .exec('SELECT id, teacher_id FROM messages WHERE id IN (SELECT value FROM json_each(?))', unique)
      .toArray();
    if (found.length === 0 || found.length !== new Set(ids).size) return null;
    const byTeacher = new Map<string, string[]>();
    for (const r of found)
      byTeacher.set(String(r.teacher_id), [...(byTeacher.get(String(r.teacher_id)) ?? []), String(r.id)]);
    this.sql.exec('DELETE FROM messages WHERE id IN (SELECT value FROM json_each(?))', unique);
    const deleted = found.length;
    for (const [teacherId, gone] of byTeacher) {
      const { version } = this.bump(teacherId);
      this.push(teacherId, { type: 'deleted', teacher_id: teacherId, version, ids: gone });
    }
    const teacherIds = [...byTeacher.keys()];
    if (clientKey) {
      const now = Date.now();
      this.sql.exec('DELETE FROM deletions WHERE at < ?', new Date(now - DELETION_KEPT_MS).toISOString());
      this.sql.exec(
        'INSERT INTO deletions (client_key, deleted, teacher_ids, at) VALUES (?, ?, ?, ?)',
        clientKey,
        deleted,
        JSON.stringify(teacherIds),
        new Date(now).toISOString(),
      );
    }
    return { deleted, teacherIds };
  }

  // ---------------------------------------------------------------- backup and restore (decision 312)

  /** A page of the messages in sending order after `afterSeq`, as a backup holds them (CHAT_COLUMNS), with the last seq. */
  exportMessages(afterSeq: number, limit: number): { rows: unknown[][]; last: number | null } {
    const rows = this.sql
      .exec(
        'SELECT seq, id, teacher_id, sender_role, content, created_at, is_read_by_admin FROM messages WHERE seq > ? ORDER BY seq LIMIT ?',
        afterSeq,
        limit,
      )
      .toArray();
    return {
      rows: rows.map((r) => [r.id, r.teacher_id, r.sender_role, r.content, r.created_at, Number(r.is_read_by_admin)]),
      last: rows.length ? Number(rows[rows.length - 1]!.seq) : null,
    };
  }

  /**
   * Messages of a backup put back (a restore's entry, in sending order): a message already here
   * (the same entry sent again) is left as it is; each conversation touched takes its last
   * activity and a new version. One storage transaction.
   */
  restoreMessages(rows: unknown[][]): void {
    const teachers = new Set<string>();
    this.ctx.storage.transactionSync(() => {
      for (const [id, teacherId, senderRole, content, createdAt, read] of rows) {
        this.sql.exec(
          'INSERT OR IGNORE INTO messages (id, teacher_id, sender_role, content, created_at, is_read_by_admin) VALUES (?, ?, ?, ?, ?, ?)',
          String(id),
          String(teacherId),
          senderRole === 'admin' ? 'admin' : 'teacher',
          String(content),
          String(createdAt),
          Number(read) ? 1 : 0,
        );
        teachers.add(String(teacherId));
      }
      for (const teacherId of teachers) {
        const last = this.sql
          .exec('SELECT MAX(created_at) AS at FROM messages WHERE teacher_id = ?', teacherId)
          .toArray()[0];
        this.bump(teacherId, last?.at === null || last?.at === undefined ? undefined : String(last.at));
      }
    });
  }

  /** How many messages the hub holds (a restore's end checks the backup's count). */
  messageCount(): number {
    return Number(this.sql.exec('SELECT COUNT(*) AS n FROM messages').toArray()[0]?.n ?? 0);
  }

  // ---------------------------------------------------------------- sockets

  /** A page opens a socket (the route has checked who it is and says so in the headers). */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected WebSocket', { status: 426 });
    const role = request.headers.get('X-Hub-Role');
    const teacherId = request.headers.get('X-Hub-Teacher');
    const tag = role === 'admin' ? 'admin' : role === 'teacher' && teacherId ? `teacher:${teacherId}` : null;
    if (!tag) return new Response('Forbidden', { status: 403 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [tag]);
    const protocol = request.headers.get('X-Hub-Protocol');
    return new Response(null, {
      status: 101,
      webSocket: client,
      ...(protocol ? { headers: { 'Sec-WebSocket-Protocol': protocol } } : {}),
    });
  }

  /** Pages only send the keep-alive (answered by the runtime); anything else is ignored. */
  override webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): void {
    if (message === 'ping') ws.send('pong');
  }

  override webSocketClose(ws: WebSocket, code: number): void {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'closed');
    } catch {
      // already closed
    }
  }

  override webSocketError(ws: WebSocket): void {
    try {
      ws.close(1011, 'error');
    } catch {
      // already closed
    }
  }

  /**
   * The school was deleted (the daily clean-up, decision 213): its open pages are closed and the
   * whole storage (messages, conversations, versions) is deleted. The object is not used again.
   */
  async purge(): Promise<void> {
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1001, 'school deleted');
      } catch {
        // already closed
      }
    }
    await this.ctx.storage.deleteAll();
  }

  /** How many pages are open (tests, bench). */
  openSockets(tag?: string): number {
    return this.ctx.getWebSockets(tag).length;
  }

  /** A change reaches the teacher's open pages and the administration's. */
  private push(teacherId: string, event: SupportPush) {
    const text = JSON.stringify(event);
    for (const ws of [...this.ctx.getWebSockets(`teacher:${teacherId}`), ...this.ctx.getWebSockets('admin')]) {
      try {
        ws.send(text);
      } catch {
        // A closing socket: its page polls instead.
      }
    }
  }
}

/** The school's hub: from the instance id only (nothing crosses schools). */
export const schoolHub = (env: Env, instanceId: string) => env.SCHOOL_HUB.get(env.SCHOOL_HUB.idFromName(instanceId));
