import { defineConfig } from 'vitest/config';

/** The house vendor: pure tests of the mathematics and the fairness, and the verify route through app.inject. */
export default defineConfig({
  test: {
    name: 'games',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // A house database is created and migrated before each test that needs one: seconds on a busy machine.
    hookTimeout: 60_000,
  },
});
