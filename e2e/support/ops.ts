import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
// The compiled command line, as `npm run ops -- <args>` runs it (scripts/ops.mjs starts this file; the e2e servers
// run the same build, compiled before the suite by playwright.config.ts). Through tsx a call cost 0.26 s more CPU,
// over some 200 calls of a run.
const cli = resolve(root, 'apps/server/dist/ops.js');

/**
 * Runs the operator command line against a worker's e2e server data folder (as `npm run ops -- <args>`
 * does, without npm and the wrapper). Throws with the output when it fails.
 */
function opsWith(env: Record<string, string>, ...args: string[]): string {
  const r = spawnSync(process.execPath, ['--enable-source-maps', cli, ...args], {
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

/**
 * A second admin with an API token, the approver of four-eyes requests: one per e2e server (its
 * token kept in the server's data folder, so a restarted worker finds it). Made while the owner is
 * the only admin who can act (the bootstrap, docs/adr/0080), and before any request it approves: an
 * admin the requester makes while a request is pending could not approve it.
 */
export function approverToken(): string {
  const file = resolve(process.env.E2E_DATA_DIR ?? '.', 'e2e-approver.token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const name = 'e2e-approver';
  ops('operator', 'create', name, '--role', 'admin');
  const lines = ops('operator', 'token', 'create', name).trim().split('\n');
  const token = lines[lines.findIndex((l) => l.includes('It is shown once')) + 1]!.trim();
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

/** Approves request `id` as the e2e approver; answers the command's output (secrets it revealed included). */
export const approveAsSecondAdmin = (id: string | number): string => opsAs(approverToken(), 'approval', 'approve', String(id));

/** The secret an approval revealed to its approver (another operator's token or one-time password). */
export function revealedSecret(output: string, name: 'token' | 'temporaryPassword'): string {
  const lines = output.trim().split('\n');
  const at = lines.findIndex((l) => l.startsWith(`${name} (shown once`));
  if (at < 0) throw new Error(`no ${name} in:\n${output}`);
  return lines[at + 1]!.trim();
}

/**
 * A command that is a four-eyes request with an API token (maintenance start, region rules): run
 * with a reason, then approved by a second admin from the command line, as two operators would.
 */
export function opsApproved(...args: string[]): string {
  approverToken();
  const out = ops(...args, '--reason', 'end-to-end test');
  const id = /Request (\d+) is pending/.exec(out)?.[1];
  if (!id) return out;
  return `${out}${approveAsSecondAdmin(id)}`;
}

/**
 * An operator of `role` with a one-time console password, made by the owner from the command line:
 * an admin, and another operator's credentials, are four-eyes requests the e2e approver approves
 * (docs/adr/0080); the password is revealed to that approver. Answers the password.
 */
export function operatorWithConsolePassword(username: string, role: 'admin' | 'finance' | 'support' | 'read_only'): string {
  opsApproved('operator', 'create', username, '--role', role);
  const out = opsApproved('operator', 'console-password', username);
  return /\(shown once\): (\S+)/.exec(out)?.[1] ?? revealedSecret(out, 'temporaryPassword');
}

/**
 * Approves a deposit as the cashier desk does (docs/adr/0081): the owner approves it; one without a
 * slip or above the threshold becomes a four-eyes request the e2e approver applies. Answers the output.
 */
export function approveDeposit(id: string): string {
  approverToken();
  const out = ops('deposit', 'approve', id, '--note', 'statement checked in e2e');
  const request = /Request (\d+) is pending/.exec(out)?.[1];
  return request ? `${out}${approveAsSecondAdmin(request)}` : out;
}

/** Pays a withdrawal out as the second admin: never the operator who approved the deposit that funded it (docs/adr/0081). */
export const payAsSecondAdmin = (id: string): string => opsAs(approverToken(), 'withdrawal', 'pay', id);

/** A new operator of `role` with an API token, made by the owner and approved by the e2e approver (docs/adr/0080). */
export function operatorWithToken(username: string, role: 'admin' | 'finance' | 'support' | 'read_only'): string {
  opsApproved('operator', 'create', username, '--role', role);
  return revealedSecret(opsApproved('operator', 'token', 'create', username), 'token');
}

/** Puts the site back to normal operation after a spec changed it. */
export function resetSite(): void {
  ops('maintenance', 'stop');
  // Clearing the region rules is a four-eyes change: only when something is blocked.
  const region = JSON.parse(ops('config', 'get', 'region')) as { blockedCountries: string[]; blockedCidrs: string[] };
  if (region.blockedCountries.length > 0 || region.blockedCidrs.length > 0) opsApproved('region', 'clear');
  ops('flag', 'LOGINREQHOME3', 'off');
}
