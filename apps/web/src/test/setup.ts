import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18nReady } from '@/i18n/i18n';

// findBy*/waitFor wait on a condition; their 1 s default bound is a timing assumption that a busy two-core
// machine breaks (a first render that loads its modules took 1.8 s with CI beside it). The bound only
// matters when the test would fail anyway.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The texts of both bundled languages (loaded on demand in the app, src/i18n/i18n.ts) are in
// before any test renders.
await i18nReady;
