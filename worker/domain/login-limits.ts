// The sign-in limits (docs/decisions/040-login-throttling.md): growing delays per (account,
// client address), a second growing delay per account for clients it has never seen succeed,
// and a ceiling per client address over all accounts. Every attempt is counted when it starts,
// before its password is checked, so parallel attempts are counted too; a success takes its own
// attempt back. Pure functions over plain state: the LoginThrottle Durable Object stores it.

export const LOGIN_LIMITS = {
  /** Failures a client may make on an account before each further try waits. */
  freeFailures: 5,
  /** Failures from clients the account does not know before they all wait. */
  strangerFreeFailures: 10,
  /** The first wait; each further failure doubles it, up to maxDelayMs. */
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** A client's failures on an account are forgotten after a day without attempts. */
  forgetMs: 24 * 60 * 60 * 1000,
  /** Failures of unknown clients on an account count for a day. */
  strangerWindowMs: 24 * 60 * 60 * 1000,
  /** A network where the account signed in stays known this long. */
  knownForMs: 90 * 24 * 60 * 60 * 1000,
  maxKnownNetworks: 20,
  /** The most clients an account remembers (the oldest are dropped first). */
  maxClients: 200,
  /** At most this many password checks per client address per hour, over all accounts. */
  addressCeiling: 100,
  addressWindowMs: 60 * 60 * 1000,
} as const;

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Client {
  /** The exact address (an IPv6 address by its /64). */
  address: string;
  /** The network it belongs to (IPv4 /24, IPv6 /48): what 'known' remembers. */
  network: string;
}

export interface AccountLimitState {
  clients: Record<string, { failures: number; last: number }>;
  known: Record<string, number>;
  strangers: { id: string; at: number }[];
}

export interface AddressLimitState {
  attempts: { id: string; at: number }[];
}

export const emptyAccountState = (): AccountLimitState => ({ clients: {}, known: {}, strangers: [] });
export const emptyAddressState = (): AddressLimitState => ({ attempts: [] });

/** The wait before the next try after `failures` failures, of which `free` cost nothing. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(LOGIN_LIMITS.firstDelayMs * 2 ** Math.min(failures - free, 30), LOGIN_LIMITS.maxDelayMs);
}

const refusal = (waitMs: number): Verdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
});

function pruned(state: AccountLimitState, now: number): AccountLimitState {
  const L = LOGIN_LIMITS;
  const clients = Object.entries(state.clients)
    .filter(([, c]) => now - c.last < L.forgetMs)
    .sort(([, a], [, b]) => b.last - a.last)
    .slice(0, L.maxClients);
  const known = Object.entries(state.known)
    .filter(([, at]) => now - at < L.knownForMs)
    .sort(([, a], [, b]) => b - a)
    .slice(0, L.maxKnownNetworks);
  return {
    clients: Object.fromEntries(clients),
    known: Object.fromEntries(known),
    strangers: state.strangers.filter((s) => now - s.at < L.strangerWindowMs),
  };
}

/**
 * One sign-in attempt on an account starts: refused while the client, or (for a client whose
 * network the account does not know) the account's unknown clients together, must still wait;
 * otherwise counted as a failure until `accountSuccess` takes it back.
 */
export function accountAttempt(
  previous: AccountLimitState,
  client: Client,
  attemptId: string,
  now: number,
): { state: AccountLimitState; verdict: Verdict } {
  const state = pruned(previous, now);
  const own = state.clients[client.address] ?? { failures: 0, last: 0 };
  const ownWait = own.last + delayAfter(own.failures, LOGIN_LIMITS.freeFailures) - now;
  const known = Object.hasOwn(state.known, client.network);
  const lastStranger = state.strangers.reduce((latest, s) => Math.max(latest, s.at), 0);
  const strangerWait = known
    ? 0
    : lastStranger + delayAfter(state.strangers.length, LOGIN_LIMITS.strangerFreeFailures) - now;
  const wait = Math.max(ownWait, strangerWait);
  if (wait > 0) return { state, verdict: refusal(wait) };
  state.clients[client.address] = { failures: own.failures + 1, last: now };
  if (!known) state.strangers.push({ id: attemptId, at: now });
  return { state, verdict: { allowed: true } };
}

/** The attempt gave the right password: the client's failures are forgotten and its network known. */
export function accountSuccess(
  previous: AccountLimitState,
  client: Client,
  attemptId: string,
  now: number,
): AccountLimitState {
  const state = pruned(previous, now);
  delete state.clients[client.address];
  state.known[client.network] = now;
  state.strangers = state.strangers.filter((s) => s.id !== attemptId);
  return state;
}

/** One password check from a client address starts, under the address's hourly ceiling. */
export function addressAttempt(
  previous: AddressLimitState,
  attemptId: string,
  now: number,
): { state: AddressLimitState; verdict: Verdict } {
  const attempts = previous.attempts.filter((a) => now - a.at < LOGIN_LIMITS.addressWindowMs);
  if (attempts.length >= LOGIN_LIMITS.addressCeiling) {
    const oldest = Math.min(...attempts.map((a) => a.at));
    return { state: { attempts }, verdict: refusal(oldest + LOGIN_LIMITS.addressWindowMs - now) };
  }
  return { state: { attempts: [...attempts, { id: attemptId, at: now }] }, verdict: { allowed: true } };
}

/** A started check that did not happen (refused by the account) or succeeded gives its place back. */
export const addressRelease = (state: AddressLimitState, attemptId: string): AddressLimitState => ({
  attempts: state.attempts.filter((a) => a.id !== attemptId),
});

/**
 * The client of a request, from the address Cloudflare gives (CF-Connecting-IP). An IPv6 client
 * owns a whole /64, so that is its address. Without the header (local runs) every request is one
 * client.
 */
export function clientOf(ip: string | null | undefined): Client {
  const value = (ip ?? '')
    .trim()
    .toLowerCase()
    .replace(/^::ffff:(?=\d+\.)/, '');
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(value)) {
    return { address: value, network: `${value.split('.').slice(0, 3).join('.')}.0/24` };
  }
  if (value.includes(':')) {
    const groups = expandIpv6(value);
    if (groups)
      return { address: `${groups.slice(0, 4).join(':')}::/64`, network: `${groups.slice(0, 3).join(':')}::/48` };
  }
  return { address: 'unknown', network: 'unknown' };
}

function expandIpv6(value: string): string[] | null {
  const [head = '', tail, extra] = value.split('::');
  if (extra !== undefined) return null;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.replace(/^0+(?=.)/, ''));
}
