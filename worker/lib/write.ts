// The one way a route writes: its statements, the audit row and the idempotency record go to
// D1 in one batch (D1 has no interactive transactions; a batch is all-or-nothing).
//
// What a route read and checked before writing can change before its batch runs. So every
// condition a write depends on goes into the batch as a guard (decision 041): a false guard
// aborts the whole batch, and the route's own error is answered. The caller's session is always
// guarded too: a role removed or a password changed meanwhile stops the write.
import type { Context } from 'hono';
import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverText } from '../contract/texts/server';
import type { Account } from '../auth/session';
import type { Db } from '../db/client';
import { type AuditEntry, auditInsert } from '../db/audit';
import * as deviceSessions from '../db/device-sessions';
import { conditionsHolding, guardStatement } from '../db/guards';
import * as idempotencyKeys from '../db/idempotency-keys';
import * as instances from '../db/instances';
import * as platformUsers from '../db/platform-users';
import * as users from '../db/users';
import type { AppBindings } from '../env';
import { ApiError, conflict, unauthorized } from './errors';
import { accountDatabase, schoolMoving } from './host';
import { idempotencyKey, requestFingerprint, storedResponse } from './idempotency';

type Statement = BatchItem<'sqlite'>;

/** A condition that must still hold when the batch runs, and the answer when it does not. */
export interface Guard {
  holds: SQL;
  error: ApiError;
}

export interface WriteResult<T> {
  audit: AuditEntry;
  body: T;
  status?: ContentfulStatusCode;
  guards?: Guard[];
}

/** Keys of an answer that hold a secret (a fresh session token, a temporary password, a data key). */
const SECRET_KEYS = new Set(['accessToken', 'tempPassword', 'dataKey']);

/** An answer carrying a secret, at any depth, is never stored for replays: a replayed request runs again instead. */
const holdsSecret = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (Array.isArray(body)
    ? body.some(holdsSecret)
    : Object.entries(body).some(([key, value]) => SECRET_KEYS.has(key) || holdsSecret(value)));

/**
 * The caller's session still stands: same token version, account not disabled, and its device
 * session not ended meanwhile (decision 314).
 */
function sessionGuard(account: Account): Guard {
  const stands = account.instanceId
    ? users.sessionStands(account.instanceId, account.id, account.tokenVersion)
    : platformUsers.sessionStands(account.id, account.tokenVersion);
  return {
    holds: account.sessionId ? deviceSessions.standsWith(stands, account.sessionId) : stands,
    error: unauthorized(),
  };
}

/** A school's writes land only while it is open in this database: not while it moves, nor after (decision 251). */
const schoolOpenGuard = (school: string): Guard => ({ holds: instances.schoolOpen(school), error: schoolMoving() });

/** Whether a batch was refused by one of its guards (the trigger of `write_guards`). */
export const guardFailed = (error: unknown): boolean => {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages.some((m) => m.includes('write_guard_failed'));
};

/** After a refused batch: the first guard that no longer holds says why (one read). */
async function failedGuard(db: Db, guards: Guard[]): Promise<ApiError> {
  const holding = await conditionsHolding(
    db,
    guards.map((g) => g.holds),
  );
  const index = holding.indexOf(false);
  return index === -1 ? conflict(serverText.changedMeanwhile, 'changed') : guards[index]!.error;
}

export async function commit<T, E extends AppBindings = AppBindings>(
  c: Context<E>,
  statements: Statement[],
  { audit, body, status = 200, guards = [] }: WriteResult<T>,
): Promise<Response> {
  const { account } = c.var;
  // A school account writes to its school's database, a platform account to the directory.
  const db = accountDatabase(c as unknown as Context<AppBindings>, account.instanceId);
  const key = idempotencyKey(c);
  const responseBody = JSON.stringify(body);
  const allGuards = [
    sessionGuard(account),
    ...(account.instanceId ? [schoolOpenGuard(account.instanceId)] : []),
    ...guards,
  ];
  const batch: Statement[] = [
    ...allGuards.map((g) => guardStatement(db, g.holds)),
    ...statements,
    auditInsert(db, account, audit),
  ];
  if (key && !holdsSecret(body)) {
    batch.push(
      idempotencyKeys.insertKey(db, {
        accountId: account.id,
        key,
        fingerprint: await requestFingerprint(c),
        statusCode: status,
        responseBody,
      }),
    );
  }
  try {
    await db.batch(batch as [Statement, ...Statement[]]);
  } catch (error) {
    // A concurrent duplicate won the race: its batch holds the key, this one rolled back whole.
    const replay = key ? await storedResponse(c, db, account.id, key) : null;
    if (replay) return replay;
    if (guardFailed(error)) throw await failedGuard(db, allGuards);
    throw error;
  }
  return new Response(responseBody, { status, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/**
 * A piece of a write made of parts that land or are refused each on its own (the grade book's
 * batch of scores, decision 270): its statements and log rows go into the batch while one of its
 * `parts` is still accepted, and a false guard of it refuses all of them with the guard's error.
 */
export interface WritePiece {
  parts: readonly string[];
  statements?: Statement[];
  audit?: AuditEntry[];
  guards?: Guard[];
}

export interface PartsWrite<T> {
  /** The pieces, in the order their statements run. */
  pieces: WritePiece[];
  /** Parts already refused by the route's rules, with their error. */
  refused: Map<string, ApiError>;
  /** Conditions of the whole write (the caller's session, the school open are added): false, the request is refused. */
  guards?: Guard[];
  /** The answer, from the parts refused (all others landed). */
  body: (refused: Map<string, ApiError>) => T;
  /**
   * The batch's one log row (decision 331), from the log entries of the pieces that land (the
   * grade book's: one row for its scores). Without it, the entries make one row: the first's
   * action and their targets, their details in a list.
   */
  auditRow?: (entries: AuditEntry[]) => Statement;
}

/** Several entries of one batch as one log row (when the write has no row of its own). */
function oneEntry(entries: AuditEntry[]): AuditEntry {
  if (entries.length === 1) return entries[0]!;
  const targets = [...new Set(entries.map((e) => e.target).filter(Boolean))];
  return {
    action: entries[0]!.action,
    target: targets.join(', ') || null,
    details: { actions: entries.map((e) => e.details ?? null) },
  };
}

/**
 * Commits the pieces whose parts are still accepted in one batch, with their guards; when a
 * guard of a piece no longer holds, its parts are refused and the batch runs again without them
 * (each round refuses at least one piece, or ends). The answer and the request's Idempotency-Key
 * are stored in the batch that lands, so a replay answers the same outcomes and writes nothing.
 */
export async function commitParts<T, E extends AppBindings = AppBindings>(
  c: Context<E>,
  write: PartsWrite<T>,
): Promise<Response> {
  const { account } = c.var;
  const db = accountDatabase(c as unknown as Context<AppBindings>, account.instanceId);
  const key = idempotencyKey(c);
  const fingerprint = key ? await requestFingerprint(c) : '';
  const refused = new Map(write.refused);
  const whole = [
    sessionGuard(account),
    ...(account.instanceId ? [schoolOpenGuard(account.instanceId)] : []),
    ...(write.guards ?? []),
  ];
  for (let round = 0; round <= write.pieces.length; round++) {
    const live = write.pieces.filter((p) => p.parts.some((part) => !refused.has(part)));
    const pieceGuards = live.flatMap((piece) => (piece.guards ?? []).map((guard) => ({ piece, guard })));
    const body = write.body(refused);
    const responseBody = JSON.stringify(body);
    const batch: Statement[] = [
      ...whole.map((g) => guardStatement(db, g.holds)),
      ...pieceGuards.map((g) => guardStatement(db, g.guard.holds)),
      ...live.flatMap((p) => p.statements ?? []),
    ];
    // One log row for the batch, of the pieces that land.
    const entries = live.flatMap((p) => p.audit ?? []);
    if (entries.length)
      batch.push(write.auditRow ? write.auditRow(entries) : auditInsert(db, account, oneEntry(entries)));
    if (key)
      batch.push(
        idempotencyKeys.insertKey(db, { accountId: account.id, key, fingerprint, statusCode: 200, responseBody }),
      );
    try {
      await db.batch(batch as [Statement, ...Statement[]]);
      return new Response(responseBody, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    } catch (error) {
      const replay = key ? await storedResponse(c, db, account.id, key) : null;
      if (replay) return replay;
      if (!guardFailed(error)) throw error;
      const holding = await conditionsHolding(
        db,
        [...whole, ...pieceGuards.map((g) => g.guard)].map((g) => g.holds),
      );
      const wholeFailed = whole.findIndex((_, i) => !holding[i]);
      if (wholeFailed !== -1) throw whole[wholeFailed]!.error;
      pieceGuards.forEach(({ piece, guard }, i) => {
        if (holding[whole.length + i]) return;
        for (const part of piece.parts) if (!refused.has(part)) refused.set(part, guard.error);
      });
    }
  }
  throw conflict(serverText.changedMeanwhile, 'changed');
}

/** A platform account's write to one school's database (routes/superadmin.ts). */
export interface SchoolWrite<T> extends WriteResult<T> {
  /** The school and its database. */
  school: { id: string; db: Db };
  /** Statements for the directory, with the platform's log row (its guards: `guards`). */
  directory?: Statement[];
  /** Conditions the school's batch depends on (evaluated in the school's database). */
  schoolGuards?: Guard[];
  /** Statements putting the school back as it was, run if the directory then refuses the write. */
  undo?: Statement[];
}

/**
 * A platform account changes a school (decision 252): the school's batch first, in its database
 * (its guards, the school open, and a marker under the request's Idempotency-Key holding the
 * answer and the log row), then the directory's `commit` (the log row, the directory's own
 * statements and guards, the idempotency record). If the directory's write fails, the request
 * sent again with the same key finds the marker: the school's part is not applied twice, and the
 * directory's part is written with the answer and log row of the first attempt. If the directory
 * refuses (one of `guards` no longer holds), `undo` puts the school back.
 */
export async function commitToSchool<T, E extends AppBindings = AppBindings>(
  c: Context<E>,
  statements: Statement[],
  write: SchoolWrite<T>,
): Promise<Response> {
  const { account } = c.var;
  const { db } = write.school;
  const key = idempotencyKey(c);
  let { body, audit } = write;
  const schoolGuards = [schoolOpenGuard(write.school.id), ...(write.schoolGuards ?? [])];
  const fingerprint = key ? await requestFingerprint(c) : '';
  const marker = key
    ? [
        idempotencyKeys.insertKey(db, {
          accountId: account.id,
          key,
          fingerprint,
          statusCode: write.status ?? 200,
          responseBody: JSON.stringify({ body, audit }),
        }),
      ]
    : [];
  try {
    await db.batch([...schoolGuards.map((g) => guardStatement(db, g.holds)), ...statements, ...marker] as [
      Statement,
      ...Statement[],
    ]);
  } catch (error) {
    const earlier = key ? await idempotencyKeys.findStored(db, account.id, key) : undefined;
    if (earlier && earlier.fingerprint === fingerprint) {
      // An earlier attempt of this request changed the school; its directory write failed.
      ({ body, audit } = JSON.parse(earlier.responseBody) as { body: T; audit: AuditEntry });
    } else if (guardFailed(error)) {
      throw await failedGuard(db, schoolGuards);
    } else {
      throw error;
    }
  }
  try {
    return await commit(c, write.directory ?? [], { audit, body, status: write.status, guards: write.guards });
  } catch (error) {
    // Refused by the directory (not merely failed): the school is put back, the marker dropped.
    if (error instanceof ApiError && write.undo?.length) {
      const unmark = key ? [idempotencyKeys.deleteKey(db, account.id, key)] : [];
      await db.batch([...write.undo, ...unmark] as [Statement, ...Statement[]]).catch(() => {});
    }
    throw error;
  }
}
