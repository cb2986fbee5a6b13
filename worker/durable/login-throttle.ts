// One object per (school, username): counts failed sign-ins and locks the account for a while.
// Unknown usernames are throttled exactly like real ones, so the answers reveal nothing.
import { DurableObject } from 'cloudflare:workers';

export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

interface State {
  failures: number[];
  lockedUntil: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class LoginThrottle extends DurableObject<Env> {
  private async state(): Promise<State> {
    return (await this.ctx.storage.get<State>('state')) ?? { failures: [], lockedUntil: 0 };
  }

  async check(now = Date.now()): Promise<ThrottleVerdict> {
    const { lockedUntil } = await this.state();
    if (lockedUntil > now) return { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) };
    return { allowed: true };
  }

  async recordFailure(now = Date.now()): Promise<ThrottleVerdict> {
    const state = await this.state();
    const failures = [...state.failures.filter((t) => now - t < WINDOW_MS), now];
    const lockedUntil = failures.length >= MAX_FAILURES ? now + LOCK_MS : state.lockedUntil;
    await this.ctx.storage.put<State>('state', {
      failures: failures.length >= MAX_FAILURES ? [] : failures,
      lockedUntil,
    });
    return lockedUntil > now ? { allowed: false, retryAfterSeconds: Math.ceil((lockedUntil - now) / 1000) } : { allowed: true };
  }

  async reset(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}

export const loginThrottle = (env: Env, instanceId: string | null, username: string) =>
  env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(`${instanceId ?? 'platform'}:${username.toLowerCase()}`));
