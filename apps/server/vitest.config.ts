import { defineConfig } from 'vitest/config';

/**
 * Server tests: pure-logic unit tests beside the code (src/**\/*.test.ts) and integration tests
 * through app.inject against a real database (test/**\/*.test.ts): PGlite in memory by default,
 * a fresh PostgreSQL database when TEST_DB=postgres (TEST_DATABASE_URL).
 */
export default defineConfig({
  test: {
    name: 'server',
    // A project does not inherit the root's maxWorkers: without its own, vitest 5 takes cores - 1 (one file at
    // a time on the 2-core CI machine).
    maxWorkers: 2,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
