import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    name: 'backoffice',
    // A project does not inherit the root's maxWorkers: without its own, vitest 5 takes cores - 1 (one file at
    // a time on the 2-core CI machine).
    maxWorkers: 2,
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'happy-dom',
    // One happy-dom per worker instead of one per file, each file still in its own context: the web
    // project ran 70 s -> 28 s on the 2-core CI machine (docs/benchmarks.md, CI time).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
});
