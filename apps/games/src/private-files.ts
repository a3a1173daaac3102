import fs from 'node:fs';
import path from 'node:path';

/**
 * The house data folder holds its PGlite database and, when it runs alone, its seed key: the folder is
 * 0700 and everything in it 0600 (issue 23 #5), as the platform does for DATA_DIR (security #8). The
 * house never imports platform code, hence its own copy of these few lines.
 */

/** Creates the folder (and missing parents) 0700, whatever the umask; an existing one is tightened. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') fs.chmodSync(dir, 0o700);
}

/** Writes a file readable by its owner only (0600, whatever the umask). */
export function writePrivateFile(file: string, content: string, flag: 'w' | 'wx' = 'w'): void {
  fs.writeFileSync(file, content, { mode: 0o600, flag });
  if (process.platform !== 'win32') fs.chmodSync(file, 0o600);
}

/**
 * Runs `open` with the umask 077 so files a library creates (PGlite's) are private from the start,
 * then takes group and world bits off everything under `dir` (files of an earlier version).
 */
export async function withPrivateFiles<T>(dir: string, open: () => Promise<T>): Promise<T> {
  let previous: number | null = null;
  try {
    previous = process.umask(0o077);
  } catch {
    previous = null; // worker threads cannot change the umask; the chmod below still applies
  }
  try {
    return await open();
  } finally {
    if (previous !== null) process.umask(previous);
    tightenTree(dir);
  }
}

/** chmod go-rwx on a folder and everything in it (symbolic links are not followed). */
export function tightenTree(dir: string): void {
  if (process.platform === 'win32' || !fs.existsSync(dir)) return;
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    const stat = fs.lstatSync(current);
    if (stat.isSymbolicLink()) continue;
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(current, stat.mode & 0o700);
    if (stat.isDirectory()) for (const name of fs.readdirSync(current)) stack.push(path.join(current, name));
  }
}
