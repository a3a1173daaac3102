import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nReady } from '@/i18n/i18n';

// findBy*/waitFor wait on a condition; their 1 s default bound is a timing assumption that a busy two-core
// machine breaks (a first render that loads its modules took 1.8 s with CI beside it). The bound only
// matters when the test would fail anyway.
configure({ asyncUtilTimeout: 10_000 });

// The layout's live channel (lib/live-updates.ts) would open a real socket to the test page's origin (Node has a
// WebSocket client): in these tests it is a socket the server closes at once with "no session" (4401), so the
// page stops asking. lib/live-updates.test.ts drives the channel itself with a socket of its own.
class ClosedLiveSocket extends EventTarget {
  constructor(readonly url: string) {
    super();
    queueMicrotask(() => this.dispatchEvent(new CloseEvent('close', { code: 4401 })));
  }
  send() {}
  close() {}
}
// Before each test: tests unstub their globals afterwards (test/render.tsx).
beforeEach(() => {
  vi.stubGlobal('WebSocket', ClosedLiveSocket);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The texts of both bundled languages (loaded on demand in the app, src/i18n/i18n.ts) are in
// before any test renders.
await i18nReady;
