// The grade book's drafts (issue 14 'Offline grade entry'; architecture 'Offline protocol'): every
// score is written to IndexedDB the moment it is typed, then sent; it leaves the phone only when
// the server has it. A draft survives a reload or a closed tab and is sent when the network
// returns, with the same Idempotency-Key for every attempt of one value (a replay lands once; the
// cell is an upsert besides). A score the server refuses stays, marked with the server's French
// message, until the teacher withdraws it: never lost in silence.
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api, NetworkError } from '../../api/client';
import type { GradeCell, SavedGrade } from '../../../worker/contract/grades';
import { getSession } from '../../session/session';

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

interface DraftDb extends DBSchema {
  grades: { key: string; value: GradeDraft; indexes: { byUser: string } };
}

let database: Promise<IDBPDatabase<DraftDb>> | null = null;
const db = () =>
  (database ??= openDB<DraftDb>('portail-drafts', 1, {
    upgrade(d) {
      d.createObjectStore('grades', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  }));

export const bookKey = (b: { yearId: string; className: string; subjectId: string; periodId: string }) =>
  `${b.yearId}|${b.className}|${b.subjectId}|${b.periodId}`;

// ------------------------------------------------------------------- the page's view of them

let drafts: GradeDraft[] = [];
let sending = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

async function reload() {
  const userId = getSession()?.id;
  drafts = userId ? await (await db()).getAllFromIndex('grades', 'byUser', userId) : [];
  notify();
}

/** Keeps a typed score (null: the cell emptied) at once, and sends it unless the caller sends a moment later. */
export async function keepScore(book: string, body: GradeCell, sendNow = true): Promise<void> {
  const userId = getSession()?.id;
  if (!userId) return;
  const draft: GradeDraft = {
    key: `${userId}|${body.evaluation_id}|${body.enrollment_id}`,
    userId,
    book,
    body,
    idempotencyKey: crypto.randomUUID(),
    state: 'pending',
    typedAt: new Date().toISOString(),
  };
  await (await db()).put('grades', draft);
  await reload();
  if (sendNow) void sendDrafts();
}

/** Withdraws a refused score (the teacher has seen it). */
export async function dropDraft(key: string): Promise<void> {
  await (await db()).delete('grades', key);
  await reload();
}

/** Another try for refused scores (after the teacher fixed the cause). */
export async function retryDraft(key: string): Promise<void> {
  const store = await db();
  const draft = await store.get('grades', key);
  if (!draft) return;
  await store.put('grades', { ...draft, state: 'pending', idempotencyKey: crypto.randomUUID(), error: undefined });
  await reload();
  void sendDrafts();
}

type Outcome = 'sent' | 'stop';
const saved = new Set<(book: string, answer: SavedGrade) => void>();

/** Told of each score the server took (the open book patches its data). */
export function onSaved(listener: (book: string, answer: SavedGrade) => void): () => void {
  saved.add(listener);
  return () => {
    saved.delete(listener);
  };
}

async function sendOne(draft: GradeDraft, created: Set<string>): Promise<Outcome> {
  const store = await db();
  // Once its first grade made the evaluation, the others only name it: if it is deleted
  // meanwhile they are refused, not used to bring it back.
  const body = created.has(draft.body.evaluation_id) ? { ...draft.body, new_evaluation: false } : draft.body;
  try {
    const answer = await api.post<SavedGrade>('/grades', body, { draftKey: draft.idempotencyKey });
    created.add(draft.body.evaluation_id);
    // Remove the draft unless a newer value was typed while this one was on its way.
    const now = await store.get('grades', draft.key);
    if (now?.idempotencyKey === draft.idempotencyKey) await store.delete('grades', draft.key);
    saved.forEach((l) => l(draft.book, answer));
    return 'sent';
  } catch (error) {
    if (error instanceof NetworkError) return 'stop';
    if (
      error instanceof ApiError &&
      (error.status >= 500 || error.status === 401 || error.status === 429 || error.status === 503)
    )
      return 'stop';
    const message = error instanceof Error ? error.message : String(error);
    const now = await store.get('grades', draft.key);
    if (now?.idempotencyKey === draft.idempotencyKey)
      await store.put('grades', { ...now, state: 'refused', error: message });
    return 'sent';
  }
}

/** Sends the account's pending drafts, oldest first, one at a time; stops at the first network failure. */
export async function sendDrafts(): Promise<void> {
  if (sending) return;
  const userId = getSession()?.id;
  if (!userId) return;
  sending = true;
  try {
    const created = new Set<string>();
    for (;;) {
      const pending = (await (await db()).getAllFromIndex('grades', 'byUser', userId))
        .filter((d) => d.state === 'pending')
        .sort((a, b) => a.typedAt.localeCompare(b.typedAt));
      if (!pending.length) break;
      let progressed = false;
      for (const draft of pending) {
        if ((await sendOne(draft, created)) === 'stop') return;
        progressed = true;
      }
      if (!progressed) break;
    }
  } finally {
    sending = false;
    await reload();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The account's drafts, kept up to date; sends pending ones on load, when the network returns and every 20 s. */
export function useGradeDrafts(): GradeDraft[] {
  useEffect(() => {
    void reload().then(() => sendDrafts());
    const retry = () => void sendDrafts();
    window.addEventListener('online', retry);
    const timer = window.setInterval(() => {
      if (drafts.some((d) => d.state === 'pending')) retry();
    }, 20_000);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => drafts);
}
