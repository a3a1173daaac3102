import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** Runs `npm run ops -- <args>` against the e2e server's data folder, as an operator would. */
export function ops(...args: string[]): string {
  const r = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Puts the site back to normal operation after a spec changed it. */
export function resetSite(): void {
  ops('maintenance', 'stop');
  ops('region', 'clear');
  ops('flag', 'LOGINREQHOME3', 'off');
}
