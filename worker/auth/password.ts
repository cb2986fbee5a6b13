// Password hashing with scrypt (node:crypto, available in Workers with nodejs_compat), at OWASP's
// minimum for it: of its equivalent sets (N=2^17 r=8 p=1, 2^16/8/2, 2^15/8/3, 2^14/8/5, 2^13/8/10)
// the one that costs a Worker least CPU, N=2^13 r=8 p=10 (8 MiB at a time instead of 32: half the
// CPU of 2^15/8/3, measured in docs/decisions/232). Parameters are stored in the hash: hashes made
// with others still verify, and are made again at the next sign-in (`needsRehash`).
// One hash at a time per isolate: scrypt holds the isolate's thread while it runs, so 50 sign-ins
// at once would hold every other request behind all of them; queued, a request waits for one at
// most. This file imports nothing but node:crypto: the Node scripts (seed, first superadmin) use it too.
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

const N = 8192;
const R = 8;
const P = 10;
const KEY_LENGTH = 64;
const MAXMEM = 64 * 1024 * 1024;

/** The hashes waiting for the one under way (FIFO: a sign-in is never passed over). */
let queue: Promise<unknown> = Promise.resolve();

/** Lets the isolate answer what arrived meanwhile (a timer is a turn of the event loop, not a microtask). */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Runs `task` once every hash queued before it is done, after a turn of the event loop. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const start = () => nextTurn().then(task);
  const run = queue.then(start, start);
  queue = run.catch(() => undefined);
  return run;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  return oneAtATime(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, { N: n, r, p, maxmem: MAXMEM }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P, KEY_LENGTH);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Today's parameters, in words (the bench's report). */
export const PASSWORD_PARAMETERS = `scrypt N=2^${Math.log2(N)} r=${R} p=${P}`;

/** A hash made with other parameters than today's: made again at the next sign-in. */
export const needsRehash = (stored: string) => !stored.startsWith(`scrypt$${N}$${R}$${P}$`);

/** A hash no password matches, verified against for unknown users so both answers take as long. */
export const DECOY_HASH = `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$${'A'.repeat(86)}==`;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '#@%+=!?';

/** A temporary password that meets the policy and avoids look-alike characters (shown once). */
export function generateTemporaryPassword(length = 14): string {
  const all = LOWER + UPPER + DIGITS + SPECIAL;
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
