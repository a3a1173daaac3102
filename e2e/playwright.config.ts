import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The end-to-end suite drives Debian's Chromium (never a downloaded browser) against the built site
// served by the same server entry `npm start` uses, on a throwaway PGlite data folder.
// The config is evaluated by the runner and by each worker: the env vars set here are inherited.
const root = resolve(import.meta.dirname, '..');
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'lotus-e2e-'));
process.env.E2E_PORT ??= String(18000 + Math.floor(Math.random() * 2000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// The test SMTP server (support/global-setup.ts) that receives the server's mail; specs read the
// messages from E2E_MAIL_DIR (support/smtp.ts).
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 2000);
process.env.E2E_MAIL_DIR ??= mkdtempSync(join(tmpdir(), 'lotus-e2e-mail-'));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1, // the specs change site configuration; one at a time keeps them independent
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
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: root,
    url: `${baseURL}/wps/system/status`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The canonical origin of links in mails (the reset link opens on the site under test).
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      SMTP_FROM: 'Lotus <no-reply@lotus.example>',
    },
  },
});
