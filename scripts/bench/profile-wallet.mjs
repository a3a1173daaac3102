// Profiles the server under the wallet bench's load (a developer tool, not part of `npm run bench`):
//   node scripts/bench/profile-wallet.mjs [postgres|pglite] [seconds]
// Starts the server with --cpu-prof (profile in PROFILE_DIR, default /tmp/lotus-profile; NO_PROFILE=1: none),
// prepares the bench players, runs 50 connections of signed bet+win, stops the server, prints the throughput
// and the CPU per operation of the server, of PostgreSQL's backends serving this run's database (not the
// other databases of a shared machine) and of the load generator. On PostgreSQL it then does the same for the
// floor (floor-server.mjs on the same database) and prints the CPU ratio floor / wallet: the throughput
// ratio the two would have on an idle machine where CPU is the limit, which a busy machine's ops/s hide.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as w from './wallet.mjs';

const root = resolve(import.meta.dirname, '../..');
const kind = process.argv[2] ?? 'postgres';
const seconds = Number(process.argv[3] ?? 10);
const profileDir = process.env.PROFILE_DIR ?? '/tmp/lotus-profile';
mkdirSync(profileDir, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'lotus-prof-'));
let env = {};
let drop = async () => {};
let admin;
let dbName;
if (kind === 'postgres') {
  const { default: pg } = await import('pg');
  admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `lotus_prof_${process.pid}`;
  dbName = db;
  await admin.query(`CREATE DATABASE ${db}`);
  env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
    PUBLIC_URL: 'http://127.0.0.1',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_TRANSPORTS: '1',
    ALLOW_SANDBOX_PSP: '1',
  };
  drop = async () => {
    if (process.env.KEEP_DB) return console.log(`kept database ${db}`), admin.end();
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin.end();
  };
}
const port = 19000 + Math.floor(Math.random() * 1000);
const profile = process.env.NO_PROFILE ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`${url}/wps/system/status`)).ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 200));
}
const { tsImport } = await import('tsx/esm/api');
const players = await w.prepareWalletServer({ url, dataDir: dir, players: 50, log: console.log, tsImport });

const ticks = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
/** The PostgreSQL backends connected to this run's database (the server's or the floor's pool). */
const backends = async () =>
  admin ? (await admin.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rows.map((r) => r.pid) : [];
/** CPU ticks (1/100 s) of `pid`, of the given backends and of this process (the load generator). */
const cpu = (pid, pgPids) => ({ server: ticks(pid), postgres: pgPids.reduce((s, p) => s + ticks(p), 0), bench: ticks(process.pid) });
const perOp = (before, after, total) => {
  const per = (k) => Math.round(((after[k] - before[k]) * 10 * 1000) / total);
  return { server: per('server'), postgres: per('postgres'), bench: per('bench') };
};
// A short warm-up opens the pool's connections, so the backends measured are all of them.
await w.loadWallet({ autocannon, url, players, connections: 50, duration: 2 });
let pgPids = await backends();
let before = cpu(child.pid, pgPids);
const r = await w.loadWallet({ autocannon, url, players, connections: 50, duration: seconds });
const wallet = perOp(before, cpu(child.pid, pgPids), r.total);
console.log(`Wallet: ${r.rps} ops/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors; ${pgPids.length} backends`);
console.log(`CPU per operation (microseconds): server ${wallet.server}, postgres ${wallet.postgres}, load generator ${wallet.bench}`);
await new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); });
if (admin && !process.env.NO_FLOOR) {
  const floor = await w.startFloor({ root, env: { FLOOR_DATABASE_URL: env.DATABASE_URL } });
  await floor.load({ autocannon, connections: 50, duration: 2 });
  pgPids = await backends();
  before = cpu(floor.pid, pgPids);
  const f = await floor.load({ autocannon, connections: 50, duration: seconds });
  const floorCpu = perOp(before, cpu(floor.pid, pgPids), f.total);
  console.log(`Floor: ${f.rps} ops/s, p50 ${f.p50} ms, p99 ${f.p99} ms`);
  console.log(`CPU per operation (microseconds): server ${floorCpu.server}, postgres ${floorCpu.postgres}, load generator ${floorCpu.bench}`);
  const sum = (c) => c.server + c.postgres + c.bench;
  console.log(`Ratio wallet / floor: ops/s ${(r.rps / f.rps).toFixed(2)} (this busy run), CPU per operation ${(sum(floorCpu) / sum(wallet)).toFixed(2)} (all three), ${((floorCpu.server + floorCpu.postgres) / (wallet.server + wallet.postgres)).toFixed(2)} (server and database)`);
  await floor.stop();
}
await drop();
