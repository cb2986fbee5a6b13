// The one data hook of the screens: loads a GET, tells whether the answer came from the offline
// copy, and lets the screen patch its data after a queued write.
import { useCallback, useEffect, useState } from 'react';
import { toast } from '../components/toast';
import { api, errorMessage, NetworkError } from './client';

export interface ApiState<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replace the data locally (optimistic update after a queued write). */
  setData: (update: (data: T) => T) => void;
}

export function useApi<T>(path: string | null): ApiState<T> {
  const [data, setState] = useState<T | null>(null);
  const [loading, setLoading] = useState(Boolean(path));
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .get<T>(path, { signal: controller.signal })
      .then((result) => {
        setState(result);
        setError(null);
      })
      .catch((e: unknown) => {
        if (controller.signal.aborted) return;
        if (e instanceof NetworkError) toast.warning(e.message);
        setError(errorMessage(e));
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [path, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const setData = useCallback((update: (d: T) => T) => setState((d) => (d === null ? d : update(d))), []);
  return { data, loading, error, reload, setData };
}
