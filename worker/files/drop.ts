// Replaced or orphaned R2 objects (old logos, old photos, uploads of a refused write) are deleted
// once the answer is on its way: nothing stays public or stored after its record moved on.
import type { Context } from 'hono';
import type { AppBindings } from '../env';

export function dropFiles<E extends AppBindings>(c: Context<E>, keys: (string | null | undefined)[]) {
  const list = keys.filter((k): k is string => Boolean(k));
  if (list.length === 0) return;
  const work = c.env.FILES.delete(list).catch((e: unknown) => console.error(`file clean-up failed: ${String(e)}`));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // no execution context (tests calling the app directly): the promise still runs
  }
}
