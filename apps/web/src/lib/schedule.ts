/**
 * Resolves in a later task, so the browser can paint and handle input in between (issue 10: no
 * long task on a phone's main thread): scheduler.yield where the browser has it, else a message to
 * ourselves (a chain of timers would be clamped to 4 ms each).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs `fn` when the main thread is idle (at the latest after `timeoutMs`), in a task of its own;
 * a short timer where the browser has no requestIdleCallback. Returns a cancel function.
 */
export function onIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 50);
  return () => window.clearTimeout(id);
}
