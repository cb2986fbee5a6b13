// The one data hook of the screens: loads a GET, tells whether the answer came from the offline
// copy, and lets the screen patch its data after a queued write. Offline, a screen may build
// the answer of a read the device never stored from what it did store (`offline`). When the
// service worker has sent queued writes, every open read is made again in place (the data on
// screen stays until the new answer comes; issue 28).
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../components/toast';
import { api, errorMessage, NetworkError } from './client';
import { onSynced } from './pending';

export interface ApiState<T> {
  /** The GET read (under /api), null while the screen has nothing to read. */
  path: string | null;
  data: T | null;
  loading: boolean;
  error: string | null;
  /** The data was built offline from the stored copy (`offline` option), not read. */
  stored: boolean;
  reload: () => void;
  /** Replace the data locally (optimistic update after a queued write). */
  setData: (update: (data: T) => T) => void;
}

export interface ApiOptions<T> {
  /** When the network fails and no copy of this read is stored: the answer built from others. */
  offline?: () => Promise<T | null>;
}

export function useApi<T>(path: string | null, options: ApiOptions<T> = {}): ApiState<T> {
  const [data, setState] = useState<T | null>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState(false);
  const [version, setVersion] = useState(0);
  const shown = useRef(false);
  const offline = useRef(options.offline);
  useEffect(() => {
    offline.current = options.offline;
  });

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const show = (result: T, fromStore: boolean) => {
      shown.current = true;
      setState(result);
      setStored(fromStore);
      setError(null);
    };
    setLoading(true);
    api
      .get<T>(path, { signal: controller.signal, fresh: version > 0 })
      .then((result) => show(result, false))
      .catch(async (e: unknown) => {
        if (controller.signal.aborted) return;
        const built = e instanceof NetworkError ? await offline.current?.().catch(() => null) : null;
        if (controller.signal.aborted) return;
        if (built) return show(built, true);
        // The screen shows `error` where its data would be; a toast says it only when older
        // data stays on screen (one notice, not two).
        if (e instanceof NetworkError && shown.current) toast.warning(e.message);
        setError(errorMessage(e));
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => onSynced(reload), [reload]);
  const setData = useCallback((update: (d: T) => T) => setState((d) => (d === null ? d : update(d))), []);
  return { path, data, loading, error, stored, reload, setData };
}
