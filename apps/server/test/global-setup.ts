import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Global setup of the server tests: a folder for this run's migrated PGlite snapshots
 * (openMigratedPglite in helper.ts), removed at the end. A fresh folder per run, so a snapshot
 * never outlives a change of the migrations or the seed. Test workers inherit the variable.
 */
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-pglite-snapshots-'));
  process.env.LOTUS_PGLITE_SNAPSHOTS = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
