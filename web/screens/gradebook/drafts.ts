// The grade book's drafts (issue 14 'Offline grade entry'; architecture 'Offline protocol'): every
// score is written to IndexedDB the moment it is typed, then sent; it leaves the phone only when
// the server has it. A draft survives a reload or a closed tab and is sent when the network
// returns. Scores go together (decision 270): on a pause in typing, on leaving, the book's pending
// drafts leave in one POST /grades/batch, each score named by its own id. The batch is kept in the
// outbox until answered and sent again as it was, with its Idempotency-Key (a replay lands once);
// drafts typed meanwhile wait for the next batch. A score the server refuses stays, marked with
// the server's French message, until the teacher withdraws it: never lost in silence.
import { useEffect, useSyncExternalStore } from 'react';
import { send } from '../../api/calls';
import { ApiError, NetworkError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { GradeCell, SavedGrade, SavedScores, ScoresBatch } from '../../../worker/contract/grades';
import { getSession } from '../../session/session';
import { keyOf, type OpenKey, sealJson, unsealJson } from '../../vault/vault';
import { db, type GradeDraft, type Outbox, type StoredDraft } from './drafts-store';

export type { GradeDraft };
export { clearDrafts, pendingDraftsOf } from './drafts-store';

/** A stored draft opened with the key; null when its key is another (or absent). */
async function openDraft(open: OpenKey | null, stored: StoredDraft): Promise<GradeDraft | null> {
  if (!('sealed' in stored)) return stored;
  if (!open || open.id !== stored.keyId) return null;
  const { keyId: _keyId, sealed, ...rest } = stored;
  const inside = await unsealJson<Pick<GradeDraft, 'body' | 'error'>>(open, sealed).catch(() => null);
  return inside ? { ...rest, ...inside } : null;
}

/**
 * The drafts' two stores, sealing and opening with the data key of the draft's account (web/vault):
 * the same calls as the database's. Without the key (its account signed out here), a draft is
 * neither read nor written.
 */
async function store() {
  const d = await db();
  const keyFor = (userId: string | null | undefined) => keyOf(userId);
  return {
    async get(_: 'grades', key: string): Promise<GradeDraft | undefined> {
      const stored = await d.get('grades', key);
      return stored ? ((await openDraft(await keyFor(stored.userId), stored)) ?? undefined) : undefined;
    },
    async getAllFromIndex(_: 'grades', __: 'byUser', userId: string): Promise<GradeDraft[]> {
      const open = await keyFor(userId);
      const all = await Promise.all(
        (await d.getAllFromIndex('grades', 'byUser', userId)).map((s) => openDraft(open, s)),
      );
      return all.filter((x): x is GradeDraft => x !== null);
    },
    async put(_: 'grades', draft: GradeDraft): Promise<void> {
      const open = await keyFor(draft.userId);
      if (!open) return;
      const { body, error, ...rest } = draft;
      await d.put('grades', { ...rest, keyId: open.id, sealed: await sealJson(open, { body, error }) });
    },
    delete: (_: 'grades' | 'outbox', key: string) => d.delete(_, key),
    async getOutbox(userId: string): Promise<Outbox | undefined> {
      const stored = await d.get('outbox', userId);
      if (!stored) return undefined;
      if (!('sealed' in stored)) return stored;
      const open = await keyFor(userId);
      if (!open || open.id !== stored.keyId) return undefined;
      const inside = await unsealJson<Pick<Outbox, 'body' | 'drafts'>>(open, stored.sealed).catch(() => null);
      return inside ? { userId, key: stored.key, ...inside } : undefined;
    },
    async putOutbox(outbox: Outbox): Promise<void> {
      const open = await keyFor(outbox.userId);
      if (!open) return;
      const { body, drafts: sent, ...rest } = outbox;
      await d.put('outbox', { ...rest, keyId: open.id, sealed: await sealJson(open, { body, drafts: sent }) });
    },
  };
}

export const bookKey = (b: { yearId: string; className: string; subjectId: string; periodId: string }) =>
  `${b.yearId}|${b.className}|${b.subjectId}|${b.periodId}`;

// ------------------------------------------------------------------- the page's view of them

let drafts: GradeDraft[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

async function reload() {
  const userId = getSession()?.id;
  drafts = userId ? await (await store()).getAllFromIndex('grades', 'byUser', userId) : [];
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
  await (await store()).put('grades', draft);
  await reload();
  if (sendNow) void sendDrafts();
}

/** Withdraws a refused score (the teacher has seen it). */
export async function dropDraft(key: string): Promise<void> {
  await (await store()).delete('grades', key);
  await reload();
}

/** Another try for refused scores (after the teacher fixed the cause). */
export async function retryDraft(key: string): Promise<void> {
  const drafts = await store();
  const draft = await drafts.get('grades', key);
  if (!draft) return;
  await drafts.put('grades', { ...draft, state: 'pending', idempotencyKey: crypto.randomUUID(), error: undefined });
  await reload();
  void sendDrafts();
}

type Outcome = 'sent' | 'stop';
const saved = new Set<(book: string, answers: SavedGrade[]) => void>();

/** Told of the scores the server took, book by book (the open book patches its data once). */
export function onSaved(listener: (book: string, answers: SavedGrade[]) => void): () => void {
  saved.add(listener);
  return () => {
    saved.delete(listener);
  };
}

/** Scores per request: the server's limit (contract SCORES_PER_BATCH). */
const SCORES_PER_BATCH = 60;

/** A score's id in its batch: short (the answer lists them), unique in the batch. */
function scoreIds(drafts: GradeDraft[]): string[] {
  const used = new Set<string>();
  return drafts.map((d) => {
    const short = d.idempotencyKey.replace(/-/g, '').slice(0, 8);
    const id = used.has(short) ? d.idempotencyKey : short;
    used.add(id);
    return id;
  });
}

/**
 * The next batch: the oldest pending draft's book, its drafts among `pending` (oldest first, at
 * most a batch's worth), grouped by evaluation. An evaluation a batch of this round created is
 * only named by the next ones: deleted meanwhile, its scores are refused, not used to bring it back.
 */
function nextBatch(userId: string, pending: GradeDraft[], created: Set<string>): Outbox {
  const book = pending[0]!.book;
  const drafts = pending.filter((d) => d.book === book).slice(0, SCORES_PER_BATCH);
  const ids = scoreIds(drafts);
  const evaluations: ScoresBatch['evaluations'] = [];
  drafts.forEach((d, i) => {
    let e = evaluations.find((x) => x.id === d.body.evaluation_id);
    if (!e) {
      e = {
        id: d.body.evaluation_id,
        name: d.body.evaluation_name,
        max_score: d.body.max_score,
        new_evaluation: Boolean(d.body.new_evaluation) && !created.has(d.body.evaluation_id),
        scores: [],
      };
      evaluations.push(e);
    }
    e.scores.push({ id: ids[i]!, enrollment_id: d.body.enrollment_id, score: d.body.score });
  });
  const first = drafts[0]!.body;
  return {
    userId,
    key: crypto.randomUUID(),
    body: { subject_id: first.subject_id, period_id: first.period_id, evaluations },
    drafts: drafts.map((d, i) => ({ scoreId: ids[i]!, key: d.key, version: d.idempotencyKey, book: d.book })),
  };
}

/** Marks a draft refused with the server's message, unless a newer value was typed meanwhile. */
async function refuse(key: string, version: string, message: string) {
  const drafts = await store();
  const now = await drafts.get('grades', key);
  if (now?.idempotencyKey === version) await drafts.put('grades', { ...now, state: 'refused', error: message });
}

/** Sends one batch (again, as it was, when it is the outbox's); the drafts it carried leave or are marked refused. */
async function sendBatch(outbox: Outbox, created: Set<string>): Promise<Outcome> {
  const drafts = await store();
  let answer: SavedScores;
  try {
    // Never queued by the service worker (the endpoint is declared 'draft'): the outbox is the one copy; its key is the Idempotency-Key.
    answer = await send(endpoints.grades.saveScores, { body: outbox.body }, { draftKey: outbox.key });
  } catch (error) {
    // Not answered for good: the outbox stays, sent again as it is.
    if (error instanceof NetworkError) return 'stop';
    if (error instanceof ApiError && (error.status >= 500 || error.status === 401 || error.status === 429))
      return 'stop';
    // The whole batch refused (the course, the period, the session's rights): each score shows it.
    const message = error instanceof Error ? error.message : String(error);
    for (const d of outbox.drafts) await refuse(d.key, d.version, message);
    await drafts.delete('outbox', outbox.userId);
    return 'sent';
  }
  const evaluations = new Map(answer.evaluations.map((e) => [e.id, e]));
  for (const e of answer.evaluations) created.add(e.id);
  const refusals = new Map(answer.refused.map((r) => [r.id, r.message]));
  const bySaved = new Set(answer.saved);
  const landed = new Map<string, SavedGrade[]>();
  for (const d of outbox.drafts) {
    const message = refusals.get(d.scoreId);
    if (message !== undefined) {
      await refuse(d.key, d.version, message);
      continue;
    }
    if (!bySaved.has(d.scoreId)) continue;
    const now = await drafts.get('grades', d.key);
    // Removed unless a newer value was typed while this one was on its way.
    if (now?.idempotencyKey === d.version) await drafts.delete('grades', d.key);
    const body = outbox.body.evaluations.flatMap((e) =>
      e.scores.filter((s) => s.id === d.scoreId).map((s) => ({ e, s })),
    )[0];
    const evaluation = body && evaluations.get(body.e.id);
    if (!body || !evaluation) continue;
    const { s } = body;
    landed.set(d.book, [
      ...(landed.get(d.book) ?? []),
      {
        enrollment_id: s.enrollment_id,
        grade:
          s.score === null
            ? null
            : {
                id: `${evaluation.id}.${s.enrollment_id}`,
                evaluation_id: evaluation.id,
                evaluation_name: evaluation.name,
                score: s.score,
                max_score: evaluation.max_score,
              },
        evaluation,
        message: answer.message,
      },
    ]);
  }
  await drafts.delete('outbox', outbox.userId);
  for (const [book, answers] of landed) saved.forEach((l) => l(book, answers));
  return 'sent';
}

/** One round: the batch left unanswered first, then the drafts pending when the round began, book by book. */
async function sendRound(userId: string): Promise<Outcome> {
  const drafts = await store();
  const created = new Set<string>();
  const left = await drafts.getOutbox(userId);
  if (left && (await sendBatch(left, created)) === 'stop') return 'stop';
  const sentNow = new Set(left?.drafts.map((d) => `${d.key}|${d.version}`));
  const due = new Set(
    (await drafts.getAllFromIndex('grades', 'byUser', userId))
      .filter((d) => d.state === 'pending' && !sentNow.has(`${d.key}|${d.idempotencyKey}`))
      .map((d) => d.key),
  );
  while (due.size) {
    // The round's drafts still pending, as they are now (a value retyped since is sent as typed).
    const pending = (await drafts.getAllFromIndex('grades', 'byUser', userId))
      .filter((d) => d.state === 'pending' && due.has(d.key))
      .sort((a, b) => a.typedAt.localeCompare(b.typedAt));
    if (!pending.length) break;
    const outbox = nextBatch(userId, pending, created);
    await drafts.putOutbox(outbox);
    for (const d of outbox.drafts) due.delete(d.key);
    if ((await sendBatch(outbox, created)) === 'stop') return 'stop';
  }
  return 'sent';
}

let sending: Promise<void> | null = null;
let again = false;

/**
 * One send at a time across the phone's tabs (they share the drafts and the outbox): without it two
 * tabs could each put the same drafts in a batch of their own, and a score land twice.
 */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('portail-grade-drafts', work) as Promise<T>) : work();
}

/**
 * Sends the account's pending drafts: a batch per book (60 scores at most), oldest first; stops
 * at the first network failure (the unanswered batch waits in the outbox). A call while a send is
 * under way makes one more round after it, for the drafts typed since.
 */
export function sendDrafts(): Promise<void> {
  if (sending) {
    again = true;
    return sending;
  }
  sending = (async () => {
    try {
      for (;;) {
        again = false;
        const userId = getSession()?.id;
        if (!userId) return;
        if ((await oneTabAtATime(() => sendRound(userId))) === 'stop' || !again) return;
      }
    } finally {
      sending = null;
      await reload();
    }
  })();
  return sending;
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
    // Leaving (another app, the tab closed, the phone locked): what is typed goes now.
    const hidden = () => {
      if (document.visibilityState === 'hidden') retry();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', retry);
    const timer = window.setInterval(() => {
      if (drafts.some((d) => d.state === 'pending')) retry();
    }, 20_000);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', retry);
      window.clearInterval(timer);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => drafts);
}
