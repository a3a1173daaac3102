// Profiles the server under the wallet bench's load (a developer tool, not part of `npm run bench`):
//   node scripts/bench/profile-wallet.mjs [postgres|pglite] [seconds]
// Starts the server with --cpu-prof (profile in PROFILE_DIR, default /tmp/lotus-profile), prepares the
// bench players, runs 50 connections of signed bet+win, stops the server, prints the throughput.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
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
if (kind === 'postgres') {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const db = `lotus_prof_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  env = {
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${db}`,
    PUBLIC_URL: 'http://127.0.0.1',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_TRANSPORTS: '1',
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
const { execSync } = await import('node:child_process');
// CPU seconds used by the server, by PostgreSQL's processes and by this process (the load generator).
const cpu = () => {
  const ticks = (pid) => { try { const f = execSync(`cat /proc/${pid}/stat`).toString().split(') ')[1].split(' '); return Number(f[11]) + Number(f[12]); } catch { return 0; } };
  const pgPids = execSync("pgrep -x postgres || true").toString().trim().split(/\s+/).filter(Boolean);
  return { server: ticks(child.pid), postgres: pgPids.reduce((s, p) => s + ticks(p), 0), bench: ticks(process.pid) };
};
const before = cpu();
const r = await w.loadWallet({ autocannon, url, players, connections: 50, duration: seconds });
const after = cpu();
const per = (k) => ((after[k] - before[k]) * 10 / r.total * 1000).toFixed(0);
console.log(`CPU per operation (microseconds): server ${per('server')}, postgres ${per('postgres')}, load generator ${per('bench')}`);
console.log(JSON.stringify(r));
await new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); });
await drop();
