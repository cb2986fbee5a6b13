// The screens' code on its way: each lazily loaded screen (routes.tsx) is counted while its chunk
// loads, so the route's progress bar shows (RouteProgress) and stays while the previous screen
// is still shown (navigations are transitions: the screen changes once its code is there).
import { useSyncExternalStore } from 'react';

let loading = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Counts `load` until it settles; answers it. */
export function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  loading++;
  changed();
  return load.finally(() => {
    loading--;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while a screen's code loads. */
export const useScreenLoading = () => useSyncExternalStore(subscribe, () => loading > 0);
