import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Global setup of the server tests: the compiled server, and a folder for this run's migrated PGlite snapshots
 * (openMigratedPglite in helper.ts), removed at the end. A fresh folder per run, so a snapshot
 * never outlives a change of the migrations or the seed. Test workers inherit the variable.
 */
export default function setup(): () => void {
  // The operator command line the tests run (scripts/ops.mjs) is the compiled one (ADR 0089): compiled once
  // here, when the sources changed, rather than by the first of several test files at the same time.
  const root = path.resolve(import.meta.dirname, '../../..');
  const built = spawnSync(process.execPath, ['-e', "import('./scripts/lib.mjs').then((m) => m.ensureServerBuilt({ quiet: true }))"], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the server could not be compiled (scripts/build-server.mjs)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-pglite-snapshots-'));
  process.env.LOTUS_PGLITE_SNAPSHOTS = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
