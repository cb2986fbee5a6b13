// The sign-in limits of docs/decisions/040-login-throttling.md, kept by Durable Objects: one
// object per account name (school and username, or platform and username; unknown usernames too)
// and one per client address. A Durable Object runs one call at a time, so each call below checks
// and counts in one step: parallel attempts cannot all pass the check before any is counted.
// The rules themselves are pure (worker/domain/login-limits.ts).
import { DurableObject } from 'cloudflare:workers';
import {
  accountAttempt,
  accountRelease,
  accountStateOf,
  accountSuccess,
  addressAttempt,
  addressRelease,
  addressStateOf,
  type Attempter,
  type Client,
  type Verdict,
} from '../domain/login-limits';

export class LoginThrottle extends DurableObject<Env> {
  private async load<T>(read: (stored: unknown) => T): Promise<T> {
    return read(await this.ctx.storage.get('state'));
  }

  /**
   * Account object: an attempt starts (counted as a failure until it succeeds or is released);
   * `proven`: the attempt comes from a device or network the account knows.
   */
  async beginAccount(who: Attempter, attemptId: string, now = Date.now()): Promise<Verdict & { proven: boolean }> {
    const { state, verdict, proven } = accountAttempt(await this.load(accountStateOf), who, attemptId, now);
    await this.ctx.storage.put('state', state);
    return { ...verdict, proven };
  }

  /** Account object: the attempt gave the right password (its device, if any, is now proven). */
  async succeedAccount(who: Attempter, attemptId: string, now = Date.now()): Promise<void> {
    await this.ctx.storage.put('state', accountSuccess(await this.load(accountStateOf), who, attemptId, now));
  }

  /** Account object: a started attempt did not check a password (the address refused it). */
  async releaseAccount(attemptId: string, now = Date.now()): Promise<void> {
    await this.ctx.storage.put('state', accountRelease(await this.load(accountStateOf), attemptId, now));
  }

  /** Address object: an attempt on an account or device the address has not proven starts. */
  async beginAddress(attemptId: string, now = Date.now()): Promise<Verdict> {
    const { state, verdict } = addressAttempt(await this.load(addressStateOf), attemptId, now);
    await this.ctx.storage.put('state', state);
    return verdict;
  }

  /** Address object: a started attempt gives its place back (refused by the account, or succeeded). */
  async releaseAddress(attemptId: string): Promise<void> {
    await this.ctx.storage.put('state', addressRelease(await this.load(addressStateOf), attemptId));
  }
}

/** The object of an account name: a platform account's attempts count on every host together. */
export const accountThrottle = (env: Env, instanceId: string | null, username: string) =>
  env.LOGIN_THROTTLE.get(
    env.LOGIN_THROTTLE.idFromName(`account:${instanceId ?? 'platform'}:${username.toLowerCase()}`),
  );

/** The object of a client address, over every school and account. */
export const addressThrottle = (env: Env, client: Client) =>
  env.LOGIN_THROTTLE.get(env.LOGIN_THROTTLE.idFromName(`address:${client.address}`));
