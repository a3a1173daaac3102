import { defineConfig } from 'vitest/config';

/** The house vendor: pure tests of the mathematics and the fairness, and the verify route through app.inject. */
export default defineConfig({
  test: {
    name: 'games',
    // A project does not inherit the root's maxWorkers: without its own, vitest 5 takes cores - 1 (one file at
    // a time on the 2-core CI machine).
    maxWorkers: 2,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // A house database is created and migrated before each test that needs one: seconds on a busy machine.
    hookTimeout: 60_000,
  },
});
