import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from '@/i18n/i18n';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The texts of both bundled languages (loaded on demand in the app, src/i18n/i18n.ts) are in
// before any test renders.
await i18nReady;
