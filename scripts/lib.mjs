// Helpers shared by the root scripts (start, test, bench). Only Node built-ins here: these run
// before `npm install` on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function log(msg) {
  process.stdout.write(`\x1b[36m[lotus]\x1b[0m ${msg}\n`);
}

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
    err.exitCode = r.status ?? 1;
    throw err;
  }
}

export function runAsync(cmd, args, opts = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    max = Math.max(max, newestMtime(join(path, entry)));
  }
  return max;
}

/** The Node.js major the project runs on: Node 24 LTS, installed from the npm registry as the `node` dev dependency. */
export const RUNTIME_MAJOR = 24;

/**
 * Runs this script again on the project's Node 24 when it started on an older system Node (a fresh
 * machine's `npm start` or `npm test` before the first install; `npm run` puts node_modules/.bin first in
 * PATH, so later runs start on Node 24 already). Resolves when this process is already on Node 24;
 * otherwise the process ends with the re-run's exit code. Children find the same Node through PATH.
 */
export async function ensureRuntime() {
  if (Number(process.versions.node.split('.')[0]) >= RUNTIME_MAJOR) return;
  const bin = join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(bin)) {
    log(`Node ${process.versions.node} is older than ${RUNTIME_MAJOR} and node_modules/.bin/node is missing; carrying on with it.`);
    return;
  }
  const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH ?? ''}` };
  const child = spawn(bin, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolvePromise) => child.on('exit', (c, signal) => resolvePromise(c ?? (signal ? 1 : 0))));
  process.exit(code);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const marker = join(root, 'node_modules', '.package-lock.json');
  const installed = existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs - 1000);
  if (installed) return;
  log('Installing dependencies (first run)...');
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
  run('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], { env });
}

/**
 * The compiled server (scripts/build-server.mjs, ADR 0089): apps/server/dist/<name>.js for `server`, `ops`,
 * `backup` and `house`. Compiled again when any server-side source is newer than the last build (about a
 * second); an image without the sources (the container) runs what it was built with.
 */
export const SERVER_DIST = join(root, 'apps/server/dist');
const SERVER_SOURCES = ['apps/server/src', 'apps/games/src', 'packages/contracts/src', 'packages/ledger/src', 'scripts/build-server.mjs'];

export function ensureServerBuilt({ force = false, quiet = false } = {}) {
  const marker = join(SERVER_DIST, 'server.js');
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(...SERVER_SOURCES.map((dir) => newestMtime(join(root, dir))));
  if (!force && built > 0 && built >= sources) return;
  if (!quiet) log('Compiling the server...');
  run(process.execPath, [join(root, 'scripts/build-server.mjs')], quiet ? { stdio: ['ignore', 'ignore', 'inherit'] } : {});
}

/**
 * The young generation's semi-spaces of the long-running server, in MB (issue 26, idle memory): V8 grows them
 * up to 16 MB each (48 MB reserved with the copy space) and keeps them; 4 MB held the status and list rates
 * and took the idle RSS from about 300 MB to about 175 MB on PostgreSQL (docs/benchmarks.md). The container
 * image's CMD passes the same flag.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** The arguments that run a compiled entry with stack traces mapped back to the TypeScript sources. */
export function serverEntry(name) {
  return ['--enable-source-maps', ...(name === 'server' ? SERVER_NODE_FLAGS : []), join(SERVER_DIST, `${name}.js`)];
}

/**
 * Runs a compiled command-line entry (`ops`, `backup`) with these arguments, inheriting stdio and passing its
 * exit code (or signal) through; compiled first when its sources changed.
 */
export function runCompiledCommand(name, args, label) {
  try {
    ensureServerBuilt({ quiet: true });
  } catch (error) {
    process.stderr.write(`${label}: could not compile the server: ${error.message}\n`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [...serverEntry(name), ...args], { cwd: root, stdio: 'inherit', env: process.env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  child.on('error', (error) => {
    process.stderr.write(`${label}: could not start: ${error.message}\n`);
    process.exit(1);
  });
}

/** Builds the web app when its sources are newer than the last build. */
export function ensureWebBuilt({ force = false } = {}) {
  const index = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newestMtime(join(root, 'apps/web/src')),
    newestMtime(join(root, 'apps/web/index.html')),
    newestMtime(join(root, 'apps/web/vite.config.ts')),
    newestMtime(join(root, 'apps/web/public')),
    newestMtime(join(root, 'packages/contracts/src')),
  );
  const media = join(root, 'apps/server/media-built');
  const mediaBuilt = existsSync(media) && newestMtime(media) >= newestMtime(join(root, 'apps/server/media/banners'));
  if (!force && mediaBuilt && existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('Building the web app and the banner rasters...');
  run('npm', ['run', 'build']);
}

/** The operator console (apps/backoffice, served under /backoffice/): built when its sources changed. */
export function ensureBackofficeBuilt({ force = false } = {}) {
  const index = join(root, 'apps/backoffice/dist/index.html');
  const sources = Math.max(
    newestMtime(join(root, 'apps/backoffice/src')),
    newestMtime(join(root, 'apps/backoffice/index.html')),
    newestMtime(join(root, 'apps/backoffice/vite.config.ts')),
    newestMtime(join(root, 'packages/contracts/src')),
  );
  if (!force && existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('Building the operator console...');
  run('npm', ['run', 'build', '-w', '@lotus/backoffice']);
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/**
 * Debian's libfaketime (`apt-get install -y faketime`), which the agents' e2e journey preloads into a server whose
 * wall clock it moves (e2e/support/clock-server.ts looks in the same places), or null.
 */
export function findLibfaketime() {
  const candidates = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1'];
  return candidates.find((p) => existsSync(p)) ?? null;
}
