import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from '../lib/data-dir';

/**
 * PGlite is a single-process database: two processes on one data folder would corrupt it. The
 * process that opens the folder (the server, or the ops command line in direct mode) holds
 * DATA_DIR/pglite.lock with its pid; others refuse while that pid is alive.
 */
export type DataLock = { pid: number; owner: string; startedAt: string };

export const lockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live holder of the lock, if any (a stale lock of a dead process counts as none). */
export function readDataLock(dataDir: string): DataLock | null {
  try {
    const lock = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as DataLock;
    if (typeof lock.pid !== 'number' || lock.pid === process.pid) return null;
    return isAlive(lock.pid) ? lock : null;
  } catch {
    return null;
  }
}

/** Takes the lock or throws naming the process that holds it. Returns a release function. */
export function acquireDataLock(dataDir: string, owner: string): () => void {
  const holder = readDataLock(dataDir);
  if (holder) {
    throw new Error(
      `The data folder ${dataDir} is in use by ${holder.owner} (pid ${holder.pid}, since ${holder.startedAt}). ` +
        'Stop it first, or use DATABASE_URL for several processes.',
    );
  }
  ensurePrivateDir(dataDir);
  const lock: DataLock = { pid: process.pid, owner, startedAt: new Date().toISOString() };
  fs.writeFileSync(lockPath(dataDir), JSON.stringify(lock), { mode: 0o600 });
  return () => {
    try {
      const current = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as DataLock;
      if (current.pid === process.pid) fs.rmSync(lockPath(dataDir), { force: true });
    } catch {
      // already gone
    }
  };
}
