import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Shared by the command-line tests: run `npm run ops` and the server entry as real processes. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export type Run = { code: number | null; stdout: string; stderr: string };

export function ops(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/ops.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * The server as `npm start` runs it: the compiled entry (apps/server/dist/server.js, compiled by the tests'
 * global setup; ADR 0089) with source maps. `nodeArgs` go before the entry (e.g. an `--import` hook).
 */
export function startServer(
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const entry = path.join(ROOT, 'apps/server/dist/server.js');
    const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', entry], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      output += d;
      const match = /Site\s+(http:\/\/\S+)/.exec(output);
      if (match?.[1] && output.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    });
    child.stderr!.on('data', (d) => (output += d));
    child.on('exit', (code) => reject(new Error(`server exited ${code}:\n${output}`)));
  });
}

export const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
