#!/usr/bin/env node
// `npm run db:backup -- <folder>` and `npm run db:restore -- <folder>` (docs/backup.md): runs
// apps/server/src/db/backup-cli.ts with `backup` or `restore` and the same arguments, inheriting stdio
// and passing its exit code through.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/server/src/db/backup-cli.ts');

const child = spawn(process.execPath, ['--import', 'tsx', cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
child.on('error', (error) => {
  process.stderr.write(`db: could not start the backup command: ${error.message}\n`);
  process.exit(1);
});
