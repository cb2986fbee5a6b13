// The one write path of the screens (document 1 §4 "Queued writes", §8): `write(endpoint, args,
// notices)` calls an endpoint of the contract (web/api/endpoints.ts) and, like `send` for a call
// already made, marks the screen busy, shows the spec's success notice for a real answer (then reloads the screen's data), the
// queued notice for a write kept offline (then patches the screen's data and its offline copy,
// instead of reloading), and the server's French message for a failure.
import { useCallback, useState } from 'react';
import { toast } from '../components/toast';
import { offlineText } from '../i18n/offline';
import { textsNow } from '../session/language';
import { updateCachedGet } from './cache';
import type { Answer, Endpoint } from '../../worker/contract/endpoint';
import { call } from './calls';
import { errorMessage, isQueued, type Queued, type RequestOptions } from './client';
import type { Args, Route } from './route';
import type { ApiState } from './useApi';

/** null: the write failed (its error was shown); otherwise sent (with the answer) or queued. */
export type WriteOutcome<A> = { queued: false; answer: A } | { queued: true } | null;

export interface WriteNotices<A, D> {
  /** The notice of a real answer; null when the screen shows the result itself. */
  success: string | ((answer: A) => string) | null;
  /** The notice of a queued write (default: the generic 'action queued'). */
  queued?: string;
  /** The screen's data as it will be once the queued write lands (applied at once, offline copy too). */
  offline?: (data: D) => D;
  /** Handles a failure itself (no error toast) when it answers true. */
  refused?: (error: unknown) => boolean;
}

/** The notices of deleting the row `id` of a list: `success`, and queued offline, the row leaves the list at once. */
export const removal = <A, T extends { id: string }>(id: string, success: string): WriteNotices<A, T[]> => ({
  success,
  queued: textsNow('offline', offlineText).queued.deletion,
  offline: (list) => list.filter((row) => row.id !== id),
});

type WriteData<D> = Pick<ApiState<D>, 'path' | 'setData' | 'reload'>;

export interface WriteOptions {
  /**
   * What a real answer refreshes (default: the screen's data); false when the screen keeps its
   * data and patches it from the answer itself.
   */
  reload?: (() => void) | false;
}

export function useWrite<D = never>(data?: WriteData<D> | null, options: WriteOptions = {}) {
  const [busy, setBusy] = useState(false);
  const setData = data?.setData;
  const path = data?.path;
  const reload = options.reload === undefined ? data?.reload : options.reload || undefined;

  /** Applies a change to the screen's data and to the offline copy of the same GET. */
  const patch = useCallback(
    (update: (data: D) => D) => {
      setData?.(update);
      if (path) void updateCachedGet(path, update);
    },
    [setData, path],
  );

  const send = async <A>(request: Promise<A | Queued>, notices: WriteNotices<A, D>): Promise<WriteOutcome<A>> => {
    setBusy(true);
    try {
      const answer = await request;
      if (isQueued(answer)) {
        if (notices.offline) patch(notices.offline);
        toast.info(notices.queued ?? textsNow('offline', offlineText).queued.action);
        return { queued: true };
      }
      const success = typeof notices.success === 'function' ? notices.success(answer) : notices.success;
      if (success) toast.success(success);
      reload?.();
      return { queued: false, answer };
    } catch (error) {
      if (!notices.refused?.(error)) toast.error(errorMessage(error));
      return null;
    } finally {
      setBusy(false);
    }
  };

  /** Calls an endpoint (its path parameters, query and body typed by the contract), with the notices above. */
  const write = <E extends Endpoint>(
    endpoint: Route<E>,
    args: Args<E>,
    notices: WriteNotices<Answer<E>, D>,
    options?: RequestOptions,
  ): Promise<WriteOutcome<Answer<E>>> => send(call(endpoint, args, options), notices);

  return { write, send, patch, busy };
}
