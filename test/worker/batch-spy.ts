// Races made deterministic: run something while a route's write batch waits to be sent, between
// the route's reads and its batch, where a guard (decision 041) must catch what changed.
import { env } from 'cloudflare:workers';
import { vi } from 'vitest';

/** A write's batch (it starts with its guards), as opposed to the reads before it. */
const isWriteBatch = (statements: D1PreparedStatement[]) =>
  String((statements[0] as unknown as { statement?: string } | undefined)?.statement).startsWith(
    'insert into "write_guards"',
  );

/**
 * Runs `meanwhile` once, just before the next write batch is sent; `ran()` tells whether it did.
 * Batches sent by `meanwhile` itself pass through. Call `restore()` in a `finally`.
 */
export function beforeNextWrite(meanwhile: () => Promise<unknown>) {
  const batch = env.DB.batch.bind(env.DB);
  let ran = false;
  const spy = vi.spyOn(env.DB, 'batch').mockImplementation(async (statements) => {
    if (!ran && isWriteBatch(statements)) {
      ran = true;
      await meanwhile();
    }
    return batch(statements);
  });
  return { ran: () => ran, restore: () => spy.mockRestore() };
}
