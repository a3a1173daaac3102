import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own config (environment, setup).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/ledger', 'apps/server', 'apps/web', 'apps/games', 'apps/backoffice'],
    // Server test files each build their own database; two files at a time fits a 2-core machine. Each project's
    // config says so too: projects do not inherit this (vitest 5 then runs one file at a time on 2 cores).
    maxWorkers: 2,
  },
});
