import { defineConfig } from 'vitest/config';

/** Pure and property-based tests of the ledger rules. */
export default defineConfig({
  test: { name: 'ledger', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
});
