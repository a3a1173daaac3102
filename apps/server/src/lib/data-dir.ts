import fs from 'node:fs';
import path from 'node:path';

/**
 * The data folder (DATA_DIR) holds the embedded database, the server keys' master key and the
 * operator credential (security #8): it is created 0700 and its files 0600, and a folder other
 * users can enter is refused at start (startup-checks.ts).
 */

/** Creates the folder (and missing parents) with mode 0700; an existing folder is left as it is. */
export function ensurePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700); // mkdir's mode is filtered by the umask; be exact
}

/** Writes a file readable by its owner only (0600, whatever the umask). */
export function writePrivateFile(file: string, content: string, flag: 'w' | 'wx' = 'w'): void {
  fs.writeFileSync(file, content, { mode: 0o600, flag });
  fs.chmodSync(file, 0o600);
}

/** The problem with a folder's permissions, or null when only its owner can use it. */
export function dataDirProblem(dir: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null; // created 0700 on first start
    throw error;
  }
  if (!stat.isDirectory()) return `DATA_DIR ${dir} is not a folder.`;
  if (process.platform === 'win32') return null; // no POSIX modes
  const loose = stat.mode & 0o077;
  if (loose === 0) return null;
  return (
    `DATA_DIR ${dir} can be used by other users (mode ${(stat.mode & 0o777).toString(8).padStart(3, '0')}); ` +
    `it holds password hashes and keys. Run: chmod -R go-rwx ${quote(dir)}`
  );
}

const quote = (p: string) => (/^[\w./-]+$/.test(p) ? p : `'${p.replace(/'/g, `'\\''`)}'`);

/**
 * Runs `open` with the umask 077, so files another library creates (PGlite's data files) are
 * private from the start, then takes group and world bits off everything under `dir` (files made
 * by an earlier version, or where the umask cannot be set).
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
