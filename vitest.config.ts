import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own config (environment, setup).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/ledger', 'apps/server', 'apps/web', 'apps/games', 'apps/backoffice'],
    // Server test files each build their own database; two files at a time fits a 2-core machine.
    maxWorkers: 2,
  },
});
