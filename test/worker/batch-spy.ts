// Races made deterministic: run something while a route's write batch waits to be sent, between
// the route's reads and its batch, where a guard (decision 041) must catch what changed.
import { vi } from 'vitest';

/** A write's batch (it starts with its guards), as opposed to the reads before it. */
const isWriteBatch = (statements: D1PreparedStatement[]) =>
  String((statements[0] as unknown as { statement?: string } | undefined)?.statement).startsWith(
    'insert into "write_guards"',
  );

/**
 * Runs `meanwhile` once, just before the next write batch is sent to `d1` (the school's database,
 * `school.db`); `ran()` tells whether it did. Batches sent by `meanwhile` itself pass through.
 * Call `restore()` in a `finally`.
 */
export function beforeNextWrite(d1: D1Database, meanwhile: () => Promise<unknown>) {
  const batch = d1.batch.bind(d1);
  let ran = false;
  const spy = vi.spyOn(d1, 'batch').mockImplementation(async (statements: D1PreparedStatement[]) => {
    if (!ran && isWriteBatch(statements)) {
      ran = true;
      await meanwhile();
    }
    return batch(statements);
  });
  return { ran: () => ran, restore: () => spy.mockRestore() };
}
