import { defineConfig } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2eServerEnv } from './support/server-env';

// The end-to-end suite drives Debian's Chromium (never a downloaded browser) against the built site
// served by the same server entry `npm start` uses, on a throwaway PGlite data folder.
// The config is evaluated by the runner and by each worker: the env vars set here are inherited.
const root = resolve(import.meta.dirname, '..');
// The servers run the compiled output `npm start` runs (ADR 0089): the runner (not its workers) compiles it
// when a server-side source is newer than the last build.
if (process.env.TEST_WORKER_INDEX === undefined) {
  const built = spawnSync(process.execPath, ['-e', "import('./scripts/lib.mjs').then((m) => m.ensureServerBuilt({ quiet: true }))"], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server could not be compiled (scripts/build-server.mjs)');
}
// Two workers, each with a server of its own (its own port and PGlite data folder): specs change
// site configuration (maintenance, region rules, flags), so two specs must never share a server.
// Two keep a 2-core machine busy (one left it 31 % idle; docs/adr/0065). E2E_WORKERS=1 runs one.
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
process.env.E2E_BASE_DIR ??= mkdtempSync(join(tmpdir(), 'lotus-e2e-'));
process.env.E2E_BASE_PORT ??= String(18000 + Math.floor(Math.random() * 2000));
const serverOf = (index: number) => ({
  port: Number(process.env.E2E_BASE_PORT) + index,
  dataDir: join(process.env.E2E_BASE_DIR!, `server-${index}`),
});
// The runner evaluates this file, then each worker does with its TEST_PARALLEL_INDEX (0 .. workers-1,
// kept by a worker that replaces a failed one): a worker's specs read their server from E2E_PORT and
// E2E_DATA_DIR.
const mine = serverOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
process.env.E2E_PORT = String(mine.port);
process.env.E2E_DATA_DIR = mine.dataDir;
const baseURL = `http://127.0.0.1:${mine.port}`;
// The test SMTP server (support/global-setup.ts) that receives both servers' mail; specs read the
// messages from E2E_MAIL_DIR (support/smtp.ts).
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_BASE_PORT) + 2000);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'lotus-e2e-mail-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false, // a spec file's tests run in order, in one worker
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: join(root, 'test-results'),
  globalSetup: './support/global-setup.ts',
  use: {
    baseURL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // A trace only for a retried test (CI retries a failure once): recording one for every test cost
    // about 12 % of the suite's time (shell + routes: 229 -> 202 s), with CI at 29.7 of its 30 minutes.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: Array.from({ length: workers }, (_, index) => {
    const server = serverOf(index);
    const url = `http://127.0.0.1:${server.port}`;
    return {
      command: 'node --enable-source-maps apps/server/dist/server.js',
      cwd: root,
      url: `${url}/wps/system/status`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: e2eServerEnv(server.port, server.dataDir),
    };
  }),
});
