import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False while React hydrates a prerendered page (the HTML was rendered without the visitor's
 * storage: light theme, no session), true on every later render and in a page rendered in the
 * browser. A component whose output depends on what only the browser knows renders the prerendered
 * value until then, so hydration sees the same tree (React error #418 otherwise; issue 25).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
