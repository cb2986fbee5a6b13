// A write from a screen, with its two outcomes (document 1 §4 "Queued writes", §8): a real
// answer shows the spec's success notice; a queued one shows the spec's queued notice and lets
// the screen patch its data and the offline copy instead of reloading. Failures show the
// server's French message as an error toast.
import { toast } from '../components/toast';
import { updateCachedGet } from './cache';
import { errorMessage, isQueued, type Queued } from './client';
import type { ApiState } from './useApi';

export type WriteOutcome<T> = { queued: false; answer: T } | { queued: true } | null;

export async function submitWrite<T>(
  send: Promise<T | Queued>,
  notices: {
    success: string | ((answer: T) => string) | null;
    queued: string;
    offline?: () => void;
    /** Handles a failure itself (no error toast) when it returns true. */
    refused?: (error: unknown) => boolean;
  },
): Promise<WriteOutcome<T>> {
  try {
    const answer = await send;
    if (isQueued(answer)) {
      notices.offline?.();
      toast.info(notices.queued);
      return { queued: true };
    }
    const success = typeof notices.success === 'function' ? notices.success(answer) : notices.success;
    if (success) toast.success(success);
    return { queued: false, answer };
  } catch (error) {
    if (!notices.refused?.(error)) toast.error(errorMessage(error));
    return null;
  }
}

/** Applies a change to a screen's data and to the cached answer of the same GET. */
export function patchData<T>(state: Pick<ApiState<T>, 'setData'>, path: string, update: (data: T) => T) {
  state.setData(update);
  void updateCachedGet(path, update);
}

/** Whether a write went through (sent or queued); a real answer reloads the screen's data. */
export function settled(outcome: WriteOutcome<unknown>, reload: () => void): boolean {
  if (outcome && !outcome.queued) reload();
  return outcome !== null;
}
