// The one API client: bearer token, JSON, Idempotency-Key on writes, French errors, the access
// token renewed from the device session before it ends and once at a 401 (session/renew.ts),
// session expiry on a 401 that renewal cannot cure, and the maintenance event on 503.
import { offlineText } from '../i18n/offline';
import { shellText } from '../i18n/shell';
import { toast } from '../components/toast';
import { trackRead } from './activity';
import { keepCopy } from './cache';
import { refreshPending } from './pending';
import { reportNetworkDown, reportNetworkUp } from '../session/connectivity';
import { emit } from '../session/events';
import { ensureFreshToken, renewSession } from '../session/renew';
import { getSession, renewable, signOutCount } from '../session/session';
import { shownLanguageNow, textsNow } from '../session/language';
import { DEFAULT_LANGUAGE, LANGUAGE_HEADER } from '../../worker/domain/language';
import type { ApiErrorBody } from '../../worker/contract/endpoint';
import type { MaintenanceLevel } from '../../worker/contract/platform';
import { NOT_QUEUED_HEADER } from '../sw/protocol';

/** What an error answer may hold: the one error shape, and a maintenance answer's extras. */
type ErrorAnswer = Partial<ApiErrorBody> & { maintenance?: boolean; level?: MaintenanceLevel };

/** The refusals of a whole school (worker/auth/session.ts). */
const SCHOOL_LOCKED = new Set(['school_suspended', 'school_expired']);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** The whole error body, for answers that carry more than a message (a 409 with the current data). */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The network could not be reached (offline or the server is down). */
export class NetworkError extends Error {
  constructor(message: string = textsNow('shell', shellText).errors.network) {
    super(message);
  }
}

export interface Queued {
  queued: true;
}

export const isQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;

/** How a call is made (see each option). */
export interface RequestOptions {
  /** The login call: a 401 is a wrong password, a 503 only flags the failed attempt. */
  anonymous?: boolean;
  signal?: AbortSignal;
  /**
   * A write the page keeps itself until it lands (the grade book's drafts): sent with this
   * Idempotency-Key, the same for every attempt of one change.
   */
  draftKey?: string;
  /**
   * Never queued by the service worker (marked with NOT_QUEUED_HEADER): offline, a failure comes
   * back as a NetworkError. Set by web/api/calls.ts from the endpoint's declaration on the
   * contract (`offline: 'never' | 'draft'`, decision 351), not by the screens.
   */
  notQueued?: boolean;
  /**
   * A read the app makes for later, not for the screen (app/working-data.ts): no progress bar, no
   * notice and no change of the connectivity indicator; failures throw as usual.
   */
  background?: boolean;
  /** Sent again after a renewal of the access token (at most once). */
  renewed?: boolean;
  /** A read asked again on purpose (a screen's reload): never answered by the one just made. */
  fresh?: boolean;
  /** A POST that writes nothing (several reads in one request): the reads just made stay shared. */
  readOnly?: boolean;
}

/**
 * After a 401 on a signed-in call: renews the access token once. True when the call should be
 * sent again; otherwise the session has ended and the shell signs out.
 */
async function renewedAfter401(options: RequestOptions, signOuts: number): Promise<boolean> {
  // The user was signed out while the call was on its way: that sign-out said why.
  if (signOutCount() !== signOuts) return false;
  const session = getSession();
  if (!options.renewed && session && renewable(session)) {
    const outcome = await renewSession();
    if (outcome === 'renewed') return true;
    // The server could not be reached to renew: not a sign-out (the next call tries again).
    if (outcome === 'offline') return false;
  }
  // Signed out while the renewal was on its way: as above.
  if (signOutCount() !== signOuts) return false;
  emit('session-expired');
  return false;
}

// Requests made during maintenance wait here until it ends (document 1 §4: "stalls requests").
let stalled: Promise<void> | null = null;
let release: (() => void) | null = null;

export function endMaintenanceStall() {
  release?.();
  stalled = null;
  release = null;
}

async function request<T>(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // A write may change what any read answered: the next reads ask the server.
  if (method !== 'GET' && !options.readOnly) justRead.clear();
  if (stalled && !options.anonymous) await stalled;
  // An ended device session shows at the server's 401 below.
  if (!options.anonymous) await ensureFreshToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = getSession();
  const signOuts = signOutCount();
  if (session && !options.anonymous) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = options.draftKey ?? crypto.randomUUID();
  if (options.notQueued) headers[NOT_QUEUED_HEADER] = '1';
  // A screen's reload asks the server, whatever the phone revalidated a moment ago (sw/set.ts).
  if (method === 'GET' && options.fresh) headers['Cache-Control'] = 'no-cache';
  // The page's language, when it is not French: the server answers a pupil in it (decision 340).
  const language = shownLanguageNow();
  if (language !== DEFAULT_LANGUAGE) headers[LANGUAGE_HEADER] = language;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (!options.background) reportNetworkDown();
    throw new NetworkError();
  }

  // No service worker saw this read (none controls the page yet): the page keeps its copy.
  const copy =
    method === 'GET' && response.status === 200 && !navigator.serviceWorker?.controller ? response.clone() : null;
  const data: unknown = await response.json().catch(() => null);
  if (copy) void keepCopy(path, copy, headers.Authorization ? session!.id : null);
  // What the service worker answered in the server's place (sw.ts): its offline copy after a
  // failed request ('offline'), its copy after a gateway error ('error'), 'never visited', or a
  // queued write. Anything else is the server's own answer.
  const fromCache = response.headers.get('X-From-Cache');
  const error = data as ErrorAnswer | null;
  const code = error?.code;
  const queued = response.status === 202 && isQueued(data);
  // The screens mark what a queued write concerns 'en attente' (pending.ts).
  if (queued) void refreshPending();
  // A background read is not the screen's: it says nothing.
  if (!options.background) {
    if (fromCache === 'offline' || code === 'offline_uncached' || queued) reportNetworkDown();
    else if (!fromCache) reportNetworkUp();
    if (fromCache === 'offline') toast.info(textsNow('offline', offlineText).cachedRead);
    else if (fromCache === 'error') toast.warning(textsNow('offline', offlineText).networkErrorCached);
  }
  if (response.ok) return data as T;
  if (code === 'offline_uncached') throw new NetworkError(textsNow('offline', offlineText).neverVisited);

  const message = error?.message ?? textsNow('shell', shellText).errors.server(response.status);
  // An ended access token is renewed and the call sent again; otherwise the shell signs out (to
  // /login, then clears the session and the offline copy).
  if (response.status === 401 && !options.anonymous && (await renewedAfter401(options, signOuts))) {
    return request<T>(method, path, body, { ...options, renewed: true });
  }
  // A suspended school, or one locked after its grace period: its users are signed out with the reason.
  if (response.status === 403 && SCHOOL_LOCKED.has(code ?? '') && !options.anonymous && signOutCount() === signOuts)
    emit('session-expired', message);
  if (response.status === 503 && error?.maintenance) {
    const level = error.level ?? 'standard';
    emit('maintenance', { message, level, fromLogin: Boolean(options.anonymous) });
    if (!options.anonymous) {
      stalled ??= new Promise<void>((resolve) => (release = resolve));
      await stalled;
      return request<T>(method, path, body, options);
    }
  }
  throw new ApiError(response.status, message, code, (data ?? {}) as Record<string, unknown>);
}

/**
 * How long a read's answer also answers the same read (same address, same account): a screen and
 * the working data, or a screen mounting twice, reading the same thing at once send one request
 * on a slow line (issue 29). Short, so that another person's change shows at the next visit.
 */
const JUST_READ_MS = 5_000;
/** The reads under way or answered within JUST_READ_MS, by account and address; a write empties it. */
const justRead = new Map<string, { at: number; answer: Promise<unknown> }>();

/** `answer`, or an AbortError as soon as `signal` aborts (the shared read itself goes on for the others). */
function abortable<T>(answer: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** A read, counted while on its way (the app shell's progress bar), shared with the same read made a moment before. */
async function read<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const key = `${getSession()?.id ?? ''} ${path}`;
  const shared = justRead.get(key);
  if (!options.fresh && shared && Date.now() - shared.at < JUST_READ_MS) {
    // A copy: the screens may hold and patch their data.
    return structuredClone(await abortable(shared.answer, options.signal)) as T;
  }
  const done = options.background ? () => undefined : trackRead();
  const { signal, ...unsignalled } = options;
  const answer = request<T>('GET', path, undefined, unsignalled).finally(done);
  const entry = { at: Date.now(), answer };
  // Only the last moment's reads are kept: a long session does not hold every answer it read.
  for (const [k, e] of justRead) if (entry.at - e.at >= JUST_READ_MS) justRead.delete(k);
  justRead.set(key, entry);
  // A failed read is not shared after it failed: the next one asks again.
  answer.catch(() => justRead.get(key) === entry && justRead.delete(key));
  return structuredClone(await abortable(answer, signal)) as T;
}

/** A poll's answer: unchanged (304, no body) or the new data with its ETag. */
export type Polled<T> = { changed: false } | { changed: true; data: T; etag: string | null };

/**
 * A poll (the chat's): sends the ETag of what the page holds, so that an unchanged answer is a
 * 304 without a body. Failures throw like any read (the caller only logs them).
 */
async function poll<T>(path: string, etag: string | null, signal?: AbortSignal, renewed = false): Promise<Polled<T>> {
  await ensureFreshToken();
  const session = getSession();
  const signOuts = signOutCount();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  if (etag) headers['If-None-Match'] = etag;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (response.status === 304) return { changed: false };
  // The service worker's stored copy: worth showing only to a page that has nothing yet.
  if (response.headers.get('X-From-Cache') && (etag || !response.ok)) throw new NetworkError();
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && (await renewedAfter401({ renewed }, signOuts)))
      return poll(path, etag, signal, true);
    const error = data as ErrorAnswer | null;
    throw new ApiError(
      response.status,
      error?.message ?? textsNow('shell', shellText).errors.server(response.status),
      error?.code,
    );
  }
  return {
    changed: true,
    data: data as T,
    etag: response.headers.get('X-From-Cache') ? null : response.headers.get('ETag'),
  };
}

export const api = {
  poll,
  get: <T>(path: string, options?: RequestOptions) => read<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
};

/** The French message to show for any failure. */
export const errorMessage = (error: unknown, fallback: string = textsNow('shell', shellText).errors.unexpected) =>
  error instanceof ApiError || error instanceof NetworkError ? error.message : fallback;
