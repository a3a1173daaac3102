import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { e2eServerEnv } from './server-env';

const root = resolve(import.meta.dirname, '../..');

/** Debian's libfaketime (`apt-get install -y faketime`): the multi-threaded build, for Node's worker threads (scripts/lib.mjs `findLibfaketime` looks in the same places). */
const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1',
].find((p) => existsSync(p));

/** The clock server's port: one per e2e worker, beside the worker's own server (playwright.config.ts). */
const portOf = () => Number(process.env.E2E_BASE_PORT) + 100 + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Where this worker's clock server answers (for `test.use({ baseURL })`, known before it starts). */
export const clockServerURL = () => `http://127.0.0.1:${portOf()}`;

export interface ClockServer {
  baseURL: string;
  dataDir: string;
  /** The server's wall clock now (its offset from the real one applied). */
  now(): Date;
  /** Moves the server's wall clock to `to` (forward only), once the server's answers show it. */
  moveTo(to: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A platform server of its own whose wall clock the test moves (issue 28: periods that end at a Bangkok midnight
 * settle in a test of minutes). The server is the compiled one every e2e server runs, on its own PGlite data
 * folder and port; its clock is the real one plus an offset that libfaketime reads from a file, so moving it is
 * writing the file: the process (its PGlite included, whose `now()` is the same clock), not the product, is told
 * another time. Timers and timeouts keep the real monotonic clock (FAKETIME_DONT_FAKE_MONOTONIC).
 */
export async function startClockServer(startAt: Date): Promise<ClockServer> {
  if (!LIBFAKETIME)
    throw new Error('libfaketime is missing: apt-get install -y faketime (.ci/run installs it)');
  const port = portOf();
  const dataDir = mkdtempSync(join(tmpdir(), 'lotus-e2e-clock-'));
  const clockFile = join(dataDir, 'faketime.rc');
  let offsetS = Math.round((startAt.getTime() - Date.now()) / 1000);
  writeFileSync(clockFile, `+${offsetS}\n`);
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/server.js'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        LD_PRELOAD: LIBFAKETIME,
        FAKETIME_TIMESTAMP_FILE: clockFile,
        // The file is read again at most once a second; monotonic time (timers) stays real.
        FAKETIME_CACHE_DURATION: '1',
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
        ...e2eServerEnv(port, dataDir),
        // A period that began is looked for every 2 s (not 30): the test waits on the settlement, not on the check.
        JOB_SCHEDULE_CHECK_SECONDS: '2',
      },
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clock server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/wps/system/status`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the clock server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    now: () => new Date(Date.now() + offsetS * 1000),
    async moveTo(to: Date) {
      const next = Math.ceil((to.getTime() - Date.now()) / 1000);
      if (next < offsetS) throw new Error('the clock only moves forward');
      offsetS = next;
      writeFileSync(clockFile, `+${offsetS}\n`);
      // The server reads the file again within a second: wait until its own answers (the Date header) say so.
      const second = Math.floor(to.getTime() / 1000) * 1000;
      for (const deadline = Date.now() + 10_000; ;) {
        const date = (await fetch(`${baseURL}/wps/system/status`)).headers.get('date');
        if (date && Date.parse(date) >= second) break;
        if (Date.now() > deadline)
          throw new Error(`the server's clock did not move to ${to.toISOString()} (it says ${date})`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
