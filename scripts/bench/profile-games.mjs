// Profiles the server under the games bench's load (a developer tool, not part of `npm run bench`):
//   node scripts/bench/profile-games.mjs [postgres|pglite] [seconds]
// Starts the server (with --cpu-prof unless NO_PROFILE=1; profile in PROFILE_DIR, default
// /tmp/lotus-profile), publishes the 20,000 bench games through the signed games/sync, runs
// GCSGAME_gameList at 50 connections (the same query mix as `npm run bench -- --only=games`), stops the
// server and prints the throughput and the CPU time per request of the server, PostgreSQL and the load
// generator (this process), read from /proc before and after the run. ACCEPT_ENCODING (e.g. 'gzip, deflate, br')
// sends that header with every request, as a browser does.
import autocannon from 'autocannon';
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as g from './games.mjs';

const root = resolve(import.meta.dirname, '../..');
// SERVER_ROOT: run the server of another checkout (a before/after comparison in the same run).
const serverRoot = process.env.SERVER_ROOT ? resolve(process.env.SERVER_ROOT) : root;
const kind = process.argv[2] ?? 'postgres';
const seconds = Number(process.argv[3] ?? 10);
const profileDir = process.env.PROFILE_DIR ?? '/tmp/lotus-profile';
mkdirSync(profileDir, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'lotus-prof-games-'));
let env = {};
let drop = async () => {};
if (kind === 'postgres') {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `lotus_prof_games_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
    PUBLIC_URL: 'http://127.0.0.1',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_TRANSPORTS: '1',
    ALLOW_SANDBOX_PSP: '1',
  };
  drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  };
}
const port = 19000 + Math.floor(Math.random() * 1000);
const profile = process.env.NO_PROFILE ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: serverRoot,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DATA_DIR: dir, ...env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  if (child.exitCode !== null) throw new Error('server exited during start');
  try {
    if ((await fetch(`${url}/wps/system/status`)).ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}
try {
  const codes = await g.seedGames({ url, dataDir: dir, log: () => {} });
  // CPU time (clock ticks of 10 ms) of the server, of PostgreSQL's processes and of this process.
  const ticks = (pid) => {
    try {
      const f = execSync(`cat /proc/${pid}/stat`).toString().split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const cpu = () => {
    const pgPids = execSync('pgrep -x postgres || true').toString().trim().split(/\s+/).filter(Boolean);
    return { server: ticks(child.pid), postgres: pgPids.reduce((s, p) => s + ticks(p), 0), bench: ticks(process.pid) };
  };
  // A short warm-up (JIT, caches), then the measured run.
  const headers = process.env.ACCEPT_ENCODING ? { 'accept-encoding': process.env.ACCEPT_ENCODING } : {};
  await g.loadGameList({ autocannon, url, codes, connections: 50, duration: 2, headers });
  const before = cpu();
  const r = await g.loadGameList({ autocannon, url, codes, connections: 50, duration: seconds, headers });
  const after = cpu();
  const per = (k) => (((after[k] - before[k]) * 10 * 1000) / r.total).toFixed(0);
  console.log(`CPU per request (microseconds): server ${per('server')}, postgres ${per('postgres')}, load generator ${per('bench')}`);
  console.log(JSON.stringify({ ...r, cpuPerRequestUs: { server: Number(per('server')), postgres: Number(per('postgres')), loadGenerator: Number(per('bench')) } }));
} finally {
  await new Promise((res) => {
    child.once('exit', res);
    child.kill('SIGTERM');
  });
  await drop();
  rmSync(dir, { recursive: true, force: true });
}
