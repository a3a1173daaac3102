/**
 * What else ends with a session on this device (4.OUT.05): features register the UI they own
 * (the login popup, the slider, a forced password change) and `endSession` runs them after the
 * session store is cleared. Dependency-free so a store can register without loading the API client.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Runs `listener` whenever a session ends on this device; returns the unsubscribe. */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnd(): void {
  for (const listener of listeners) listener();
}
