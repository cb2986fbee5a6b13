// The screens' code on its way: each lazily loaded screen (routes.tsx) is counted while its chunk
// loads, so the route's progress bar shows (RouteProgress) while the previous screen is still
// shown (navigations are transitions: the screen changes once its code is there). Listeners hear
// of a change after the render that started the load (a store changed during a transition's render
// would turn it into a blocking update, hiding the screen behind the loading notice).
import { useEffect, useState } from 'react';

let loading = 0;
const listeners = new Set<() => void>();
const changed = () => setTimeout(() => listeners.forEach((listener) => listener()), 0);

/** Counts `load` until it settles; answers it. */
export function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  loading++;
  changed();
  return load.finally(() => {
    loading--;
    changed();
  });
}

/** True while a screen's code loads. */
export function useScreenLoading(): boolean {
  const [now, setNow] = useState(loading > 0);
  useEffect(() => {
    const listener = () => setNow(loading > 0);
    listeners.add(listener);
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return now;
}
