import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project has its own config (environment, setup).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
