// The grade book's drafts as IndexedDB keeps them ('portail-drafts', decision 320): the stores and
// their shapes, and what needs no key (how many wait, clearing an account's). The drafts
// themselves, sealed and sent, are drafts.ts's; this small part is also the home's (its count).
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { GradeCell, ScoresBatch } from '../../../worker/contract/grades';

export interface GradeDraft {
  /** `${userId}|${evaluation_id}|${enrollment_id}`: one draft per cell and account. */
  key: string;
  userId: string;
  /** The book it belongs to: `${yearId}|${className}|${subjectId}|${periodId}`. */
  book: string;
  body: GradeCell;
  /** The same for every attempt of this value; a new value gets a new one. */
  idempotencyKey: string;
  state: 'pending' | 'refused';
  /** The server's message when refused. */
  error?: string;
  typedAt: string;
}

/** A batch on its way: sent again exactly so (same key, same body) until the server answers it. */
export interface Outbox {
  userId: string;
  key: string;
  body: ScoresBatch;
  /** Each score's draft: its key, the value's version sent, its book. */
  drafts: { scoreId: string; key: string; version: string; book: string }[];
}

/**
 * A draft as the phone keeps it (decision 320): what names the cell and its book in the clear,
 * its score and the server's message sealed with the account's data key. A draft kept in the
 * clear before (no `sealed`) is read as it is, and sealed at its next write.
 */
export type StoredDraft = Omit<GradeDraft, 'body' | 'error'> &
  ({ keyId: string; sealed: Uint8Array<ArrayBuffer> } | Pick<GradeDraft, 'body' | 'error'>);
/** A batch on its way as the phone keeps it: its body and drafts sealed. */
export type StoredOutbox = Pick<Outbox, 'userId' | 'key'> &
  ({ keyId: string; sealed: Uint8Array<ArrayBuffer> } | Pick<Outbox, 'body' | 'drafts'>);

interface DraftDb extends DBSchema {
  grades: { key: string; value: StoredDraft; indexes: { byUser: string } };
  outbox: { key: string; value: StoredOutbox };
}

let database: Promise<IDBPDatabase<DraftDb>> | null = null;
export const db = () =>
  (database ??= openDB<DraftDb>('portail-drafts', 2, {
    upgrade(d, from) {
      if (from < 1) d.createObjectStore('grades', { keyPath: 'key' }).createIndex('byUser', 'userId');
      if (from < 2) d.createObjectStore('outbox', { keyPath: 'userId' });
    },
  }));

/** How many of an account's scores wait to be sent (readable without its key: their state is in the clear). */
export async function pendingDraftsOf(userId: string): Promise<number> {
  const all = await (await db()).getAllFromIndex('grades', 'byUser', userId);
  return all.filter((d) => d.state === 'pending').length;
}

/** The account's drafts and batch on their way gone (its set cleared: its key changed, decision 320). */
export async function clearDrafts(userId: string): Promise<void> {
  const d = await db();
  for (const key of await d.getAllKeysFromIndex('grades', 'byUser', userId)) await d.delete('grades', key);
  await d.delete('outbox', userId);
}
