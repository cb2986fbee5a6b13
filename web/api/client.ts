// The one API client: bearer token, JSON, Idempotency-Key on writes, French errors,
// session expiry on 401 and the maintenance event on 503.
import { offlineText } from '../i18n/offline';
import { shellText } from '../i18n/shell';
import { toast } from '../components/toast';
import { trackRead } from './activity';
import { keepCopy } from './cache';
import { refreshPending } from './pending';
import { reportNetworkDown, reportNetworkUp } from '../session/connectivity';
import { emit } from '../session/events';
import { getSession } from '../session/session';
import type { ApiErrorBody } from '../../worker/contract/endpoint';
import type { MaintenanceLevel } from '../../worker/contract/platform';

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
  constructor(message: string = shellText.errors.network) {
    super(message);
  }
}

export interface Queued {
  queued: true;
}

export const isQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;

interface Options {
  /** The login call: a 401 is a wrong password, a 503 only flags the failed attempt. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

// Requests made during maintenance wait here until it ends (document 1 §4: "stalls requests").
let stalled: Promise<void> | null = null;
let release: (() => void) | null = null;

export function endMaintenanceStall() {
  release?.();
  stalled = null;
  release = null;
}

async function request<T>(method: string, path: string, body?: unknown, options: Options = {}): Promise<T> {
  if (stalled && !options.anonymous) await stalled;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = getSession();
  if (session && !options.anonymous) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['Idempotency-Key'] = crypto.randomUUID();

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
    reportNetworkDown();
    throw new NetworkError();
  }

  // No service worker saw this read (none controls the page yet): the page keeps its copy.
  const copy = method === 'GET' && response.status === 200 && !navigator.serviceWorker?.controller ? response.clone() : null;
  const data: unknown = await response.json().catch(() => null);
  if (copy) void keepCopy(path, copy, headers.Authorization ? session!.token : null);
  // What the service worker answered in the server's place (sw.ts): its offline copy after a
  // failed request ('offline'), its copy after a gateway error ('error'), 'never visited', or a
  // queued write. Anything else is the server's own answer.
  const fromCache = response.headers.get('X-From-Cache');
  const error = data as ErrorAnswer | null;
  const code = error?.code;
  const queued = response.status === 202 && isQueued(data);
  // The screens mark what a queued write concerns 'en attente' (pending.ts).
  if (queued) void refreshPending();
  if (fromCache === 'offline' || code === 'offline_uncached' || queued) {
    reportNetworkDown();
  } else if (!fromCache) {
    reportNetworkUp();
  }
  if (fromCache === 'offline') toast.info(offlineText.cachedRead);
  else if (fromCache === 'error') toast.warning(offlineText.networkErrorCached);
  if (response.ok) return data as T;
  if (code === 'offline_uncached') throw new NetworkError(offlineText.neverVisited);

  const message = error?.message ?? shellText.errors.server(response.status);
  // The shell signs out (to /login, then clears the session and the offline copy).
  if (response.status === 401 && !options.anonymous) emit('session-expired');
  // A suspended school, or one locked after its grace period: its users are signed out with the reason.
  if (response.status === 403 && SCHOOL_LOCKED.has(code ?? '') && !options.anonymous) emit('session-expired', message);
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

/** A read, counted while on its way (the app shell's progress bar). */
async function read<T>(path: string, options?: Options): Promise<T> {
  const done = trackRead();
  try {
    return await request<T>('GET', path, undefined, options);
  } finally {
    done();
  }
}

export const api = {
  get: <T>(path: string, options?: Options) => read<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, body?: unknown, options?: Options) => request<T>('DELETE', path, body, options),
};

/** The French message to show for any failure. */
export const errorMessage = (error: unknown, fallback: string = shellText.errors.unexpected) =>
  error instanceof ApiError || error instanceof NetworkError ? error.message : fallback;
