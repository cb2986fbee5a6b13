// How many API reads are on their way, for the progress bar of the app shell: a screen that
// changes shows progress while its chunk and its data load.
import { useSyncExternalStore } from 'react';

let reads = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Counts a read until the returned function is called (once). */
export function trackRead(): () => void {
  reads++;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    reads--;
    emit();
  };
}

export const useReading = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reads > 0,
  );
