import { useSyncExternalStore } from 'react';

/*
 * One clock for every countdown on the page: a single 1-second interval, running only while something
 * listens, instead of one timer per card.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const read = () => now;

/** The time now, moving once a second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, read, read);
}
