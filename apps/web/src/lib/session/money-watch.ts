import { useSyncExternalStore } from 'react';

/**
 * Money in flight (docs/adr/0073): after the member sends a deposit or a withdrawal, or comes back from a
 * payment provider, the outcome (an operator's approval, the provider's callback, a payout or a rejection)
 * reaches the page as a platform message. For a while the unread count that brings it is asked every few
 * seconds instead of every 30, so the balance and its toast follow the decision at once.
 */
export const MONEY_WATCH_MS = 15 * 60_000;
/** How often the unread count is asked while money is in flight. */
export const MONEY_WATCH_POLL_MS = 3_000;
const KEY = 'moneyWatchUntil';
const listeners = new Set<() => void>();

function read(): number {
  try {
    return Number(sessionStorage.getItem(KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** Marks money in flight for the next 15 minutes (a deposit or withdrawal was sent, a payment page returned). */
export function watchMoney(now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, String(now + MONEY_WATCH_MS));
  } catch {
    // Storage unavailable (private mode quota): the 30 s poll still brings the message.
  }
  listeners.forEach((l) => l());
}

/** Whether money is in flight now. */
export function moneyWatched(now = Date.now()): boolean {
  return read() > now;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Money in flight, for a component (re-rendered when a new watch starts; the end is seen at the next render). */
export function useMoneyWatched(): boolean {
  return useSyncExternalStore(subscribe, () => moneyWatched(), () => false);
}
