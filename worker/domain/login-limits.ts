// The sign-in limits (docs/decisions/040-login-throttling.md). An account counts wrong passwords
// per device it has proven (a device that signed in to it) and, together, for everything else
// (new devices, strangers, wrong current passwords on a password change): at most 10 in a rolling
// hour each, the last five after growing waits. An address is slowed only for the accounts and
// devices it has not proven: its failures there count, and past 100 in an hour each further such
// attempt waits (10 s, doubling up to a minute). So a correct password on an account that is not under attack, from a device or a
// network that account knows, always signs in whatever else came from the same address.
// Every attempt is counted when it starts, before its password is checked (parallel attempts are
// counted like sequential ones); a success takes its own attempt back. Pure functions over plain
// state: the LoginThrottle Durable Object stores it.

export const LOGIN_LIMITS = {
  /** Wrong passwords in a rolling hour: per proven device of an account, and for all its other attempts together. */
  failuresPerHour: 10,
  /** Failures before each further try waits. */
  freeFailures: 5,
  /** The first wait; it doubles with each further failure (30 s, 1, 2, 4, 8 min). */
  firstDelayMs: 30_000,
  windowMs: 60 * 60 * 1000,
  /** A device or network that signed in to an account stays proven this long after its last success. */
  provenForMs: 90 * 24 * 60 * 60 * 1000,
  /** The most proven devices and networks an account remembers (the oldest are dropped first). */
  maxDevices: 50,
  maxNetworks: 20,
  /** Failures from one address, on accounts and devices it has not proven, in an hour before it is slowed. */
  addressFreeFailures: 100,
  /** Then each further such attempt waits this long after the last failure, doubling up to addressMaxDelayMs. */
  addressFirstDelayMs: 10_000,
  addressMaxDelayMs: 60_000,
} as const;

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface Client {
  /** The exact address (an IPv6 address by its /64). */
  address: string;
  /** The network it belongs to (IPv4 /24, IPv6 /48). */
  network: string;
}

/** Who tries: the address, and the device cookie the browser sent (null: none, or a password change). */
export interface Attempter extends Client {
  device: string | null;
}

/** An attempt under way or failed, by its id (a success removes its own). */
export interface Failure {
  id: string;
  at: number;
}

export interface AccountLimitState {
  /** Proven devices: when they last signed in, and their own failures of the last hour. */
  devices: Record<string, { provenAt: number; failures: Failure[] }>;
  /** Networks the account signed in from, with the time of the last success. */
  networks: Record<string, number>;
  /** Failures of every attempt from a device the account has not proven, in the last hour. */
  others: Failure[];
}

export interface AddressLimitState {
  /** Failures (and attempts under way) on accounts and devices the address has not proven, last hour. */
  failures: Failure[];
}

export const emptyAccountState = (): AccountLimitState => ({ devices: {}, networks: {}, others: [] });
export const emptyAddressState = (): AddressLimitState => ({ failures: [] });

/** A stored state, whatever version wrote it (the first version's known networks are kept). */
export function accountStateOf(stored: unknown): AccountLimitState {
  const raw = (stored ?? {}) as Partial<AccountLimitState> & { known?: Record<string, number> };
  return { devices: raw.devices ?? {}, networks: raw.networks ?? raw.known ?? {}, others: raw.others ?? [] };
}

export const addressStateOf = (stored: unknown): AddressLimitState => ({
  failures: (stored as Partial<AddressLimitState> | undefined)?.failures ?? [],
});

const refusal = (waitMs: number): Verdict => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
});

/** How long the next try must wait after these failures (all within the last hour). */
export function accountWait(failures: readonly Failure[], now: number): number {
  const L = LOGIN_LIMITS;
  if (failures.length >= L.failuresPerHour) {
    // The hour's allowance is spent: the next try when the oldest failure leaves the window.
    const oldest = failures[failures.length - L.failuresPerHour]!.at;
    return oldest + L.windowMs - now;
  }
  if (failures.length < L.freeFailures) return 0;
  const last = failures[failures.length - 1]!.at;
  return last + L.firstDelayMs * 2 ** (failures.length - L.freeFailures) - now;
}

/** How long an address must wait before its next attempt on an account or device it has not proven. */
export function addressWait(failures: readonly Failure[], now: number): number {
  const L = LOGIN_LIMITS;
  if (failures.length < L.addressFreeFailures) return 0;
  const extra = Math.min(failures.length - L.addressFreeFailures, 30);
  const last = failures[failures.length - 1]!.at;
  return last + Math.min(L.addressFirstDelayMs * 2 ** extra, L.addressMaxDelayMs) - now;
}

const recent = (failures: readonly Failure[], now: number) =>
  failures.filter((f) => now - f.at < LOGIN_LIMITS.windowMs).sort((a, b) => a.at - b.at);

function newest<T>(record: Record<string, T>, time: (value: T) => number, keep: (value: T) => boolean, max: number) {
  return Object.fromEntries(
    Object.entries(record)
      .filter(([, value]) => keep(value))
      .sort(([, a], [, b]) => time(b) - time(a))
      .slice(0, max),
  );
}

function pruned(state: AccountLimitState, now: number): AccountLimitState {
  const L = LOGIN_LIMITS;
  const devices = newest(
    state.devices,
    (d) => d.provenAt,
    (d) => now - d.provenAt < L.provenForMs,
    L.maxDevices,
  );
  for (const [id, device] of Object.entries(devices))
    devices[id] = { provenAt: device.provenAt, failures: recent(device.failures, now) };
  return {
    devices,
    networks: newest(
      state.networks,
      (at) => at,
      (at) => now - at < L.provenForMs,
      L.maxNetworks,
    ),
    others: recent(state.others, now),
  };
}

/**
 * One attempt on an account starts. A device the account has proven counts on its own; any other
 * attempt counts with the account's others. Refused while that count must wait; otherwise counted
 * as a failure until `accountSuccess` takes it back. `proven` tells the caller whether the address
 * may hold the attempt back (never for a device or network the account knows).
 */
export function accountAttempt(
  previous: AccountLimitState,
  who: Attempter,
  attemptId: string,
  now: number,
): { state: AccountLimitState; verdict: Verdict; proven: boolean } {
  const state = pruned(previous, now);
  const device = who.device ? state.devices[who.device] : undefined;
  const proven = Boolean(device) || Object.hasOwn(state.networks, who.network);
  const failures = device ? device.failures : state.others;
  const wait = accountWait(failures, now);
  if (wait > 0) return { state, verdict: refusal(wait), proven };
  failures.push({ id: attemptId, at: now });
  return { state, verdict: { allowed: true }, proven };
}

/** The attempt gave the right password: the device is proven (its failures forgotten), the network known. */
export function accountSuccess(
  previous: AccountLimitState,
  who: Attempter,
  attemptId: string,
  now: number,
): AccountLimitState {
  const state = pruned(previous, now);
  state.others = state.others.filter((f) => f.id !== attemptId);
  if (who.device) state.devices[who.device] = { provenAt: now, failures: [] };
  state.networks[who.network] = now;
  return state;
}

/** An attempt that did not happen (the address refused it) or checked a password right gives its count back. */
export function accountRelease(previous: AccountLimitState, attemptId: string, now: number): AccountLimitState {
  const state = pruned(previous, now);
  state.others = state.others.filter((f) => f.id !== attemptId);
  for (const device of Object.values(state.devices))
    device.failures = device.failures.filter((f) => f.id !== attemptId);
  return state;
}

/** One attempt from an address on an account or device it has not proven starts. */
export function addressAttempt(
  previous: AddressLimitState,
  attemptId: string,
  now: number,
): { state: AddressLimitState; verdict: Verdict } {
  const failures = recent(previous.failures, now);
  const wait = addressWait(failures, now);
  if (wait > 0) return { state: { failures }, verdict: refusal(wait) };
  return { state: { failures: [...failures, { id: attemptId, at: now }] }, verdict: { allowed: true } };
}

/** A started attempt that the account refused, or whose password was right, gives its place back. */
export const addressRelease = (state: AddressLimitState, attemptId: string): AddressLimitState => ({
  failures: state.failures.filter((f) => f.id !== attemptId),
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
