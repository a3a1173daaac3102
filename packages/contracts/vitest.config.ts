import { defineConfig } from 'vitest/config';

/** Pure unit tests of the shared contracts (e.g. the customer-service cipher). */
export default defineConfig({
  test: { name: 'contracts', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: 2 },
});
