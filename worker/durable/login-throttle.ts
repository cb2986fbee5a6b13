// The sign-in limits of docs/decisions/040-login-throttling.md, kept by Durable Objects: one
// object per account name (school and username, or platform and username; unknown usernames too)
// and one per client address. A Durable Object runs one call at a time, so each call below checks
// and counts in one step: parallel attempts cannot all pass the check before any is counted.
// The rules themselves are pure (worker/domain/login-limits.ts).
import { DurableObject } from 'cloudflare:workers';
import {
  accountAttempt,
  type AccountLimitState,
  accountSuccess,
  addressAttempt,
  type AddressLimitState,
  addressRelease,
  type Client,
  emptyAccountState,
  emptyAddressState,
  type Verdict,
} from '../domain/login-limits';

export class LoginThrottle extends DurableObject<Env> {
  private async load<T>(empty: () => T): Promise<T> {
    return (await this.ctx.storage.get<T>('state')) ?? empty();
  }

  /** Account object: an attempt from `client` starts (counted as a failure until it succeeds). */
  async beginAccount(client: Client, attemptId: string, now = Date.now()): Promise<Verdict> {
    const { state, verdict } = accountAttempt(
      await this.load<AccountLimitState>(emptyAccountState),
      client,
      attemptId,
      now,
    );
    await this.ctx.storage.put('state', state);
    return verdict;
  }

  /** Account object: the attempt gave the right password. */
  async succeedAccount(client: Client, attemptId: string, now = Date.now()): Promise<void> {
    await this.ctx.storage.put(
      'state',
      accountSuccess(await this.load<AccountLimitState>(emptyAccountState), client, attemptId, now),
    );
  }

  /** Address object: a password check from this address starts, under the hourly ceiling. */
  async beginAddress(attemptId: string, now = Date.now()): Promise<Verdict> {
    const { state, verdict } = addressAttempt(await this.load<AddressLimitState>(emptyAddressState), attemptId, now);
    await this.ctx.storage.put('state', state);
    return verdict;
  }

  /** Address object: a started check gives its place back (refused by the account, or succeeded). */
  async releaseAddress(attemptId: string): Promise<void> {
    await this.ctx.storage.put(
      'state',
      addressRelease(await this.load<AddressLimitState>(emptyAddressState), attemptId),
    );
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
