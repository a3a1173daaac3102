/**
 * A fresh idempotency key for one money action (8-40 of [A-Za-z0-9_-]): the server answers a repeated key
 * with the first result, so a retried send never moves money twice.
 */
export const newRequestKey = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`)
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 40);
