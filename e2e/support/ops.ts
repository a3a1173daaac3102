import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const cli = resolve(root, 'apps/server/src/ops/cli.ts');

/**
 * Runs the operator command line against a worker's e2e server data folder (as `npm run ops -- <args>`
 * does: scripts/ops.mjs starts this same file; without npm and the wrapper, a call is about a
 * second shorter). Throws with the output when it fails.
 */
function opsWith(env: Record<string, string>, ...args: string[]): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, ...env },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`ops ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The operator command line with the operator credential the server wrote to its data folder. */
export const ops = (...args: string[]): string => opsWith({}, ...args);

/** The command line with another operator's token (LOTUS_OPS_TOKEN, docs/adr/0055). */
export const opsAs = (token: string, ...args: string[]): string => opsWith({ LOTUS_OPS_TOKEN: token }, ...args);

let approverToken: string | null = null;
/** A second admin with an API token (one per test process), the approver of four-eyes requests. */
function approver(): string {
  if (approverToken) return approverToken;
  const name = `e2e-approver-${process.pid}`;
  ops('operator', 'create', name, '--role', 'admin');
  const lines = ops('operator', 'token', 'create', name).trim().split('\n');
  approverToken = lines[lines.findIndex((l) => l.includes('It is shown once')) + 1]!.trim();
  return approverToken;
}

/**
 * A command that is a four-eyes request with an API token (maintenance start, region rules): run
 * with a reason, then approved by a second admin from the command line, as two operators would.
 */
export function opsApproved(...args: string[]): string {
  const out = ops(...args, '--reason', 'end-to-end test');
  const id = /Request (\d+) is pending/.exec(out)?.[1];
  if (!id) return out;
  return `${out}${opsAs(approver(), 'approval', 'approve', id)}`;
}

/** Puts the site back to normal operation after a spec changed it. */
export function resetSite(): void {
  ops('maintenance', 'stop');
  // Clearing the region rules is a four-eyes change: only when something is blocked.
  const region = JSON.parse(ops('config', 'get', 'region')) as { blockedCountries: string[]; blockedCidrs: string[] };
  if (region.blockedCountries.length > 0 || region.blockedCidrs.length > 0) opsApproved('region', 'clear');
  ops('flag', 'LOGINREQHOME3', 'off');
}
