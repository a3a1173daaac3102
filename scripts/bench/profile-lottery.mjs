// Profiles the compiled server while members buy lottery tickets (a developer tool, not part of `npm run bench`):
//   node scripts/bench/profile-lottery.mjs [seconds]
// Starts the compiled server on a new PostgreSQL database with --cpu-prof (profile in PROFILE_DIR, default
// /tmp/lotus-profile; NO_PROFILE=1: none), launches 50 members into the lottery, buys tickets on 50 connections
// exactly as the bench does (autocannon), and prints the rate, the latencies and the CPU per ticket of the server, of
// PostgreSQL's backends serving this run's database and of the load generator. The profile's heaviest functions
// are printed by scripts/bench/profile-top.mjs.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverEntry } from '../lib.mjs';
import * as l from './lottery.mjs';

const root = resolve(import.meta.dirname, '../..');
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const profileDir = process.env.PROFILE_DIR ?? '/tmp/lotus-profile';
mkdirSync(profileDir, { recursive: true });
const dir = mkdtempSync(join(tmpdir(), 'lotus-prof-'));
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
const dbName = `lotus_prof_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
if (process.env.LOG_STATEMENTS) await admin.query(`ALTER DATABASE ${dbName} SET log_statement = 'all'`);
const port = 19000 + Math.floor(Math.random() * 1000);
const profile = process.env.NO_PROFILE ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
const child = spawn(process.execPath, [...profile, ...serverEntry('server')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATA_DIR: dir,
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}`,
    PUBLIC_URL: 'http://127.0.0.1',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_TRANSPORTS: '1',
    ALLOW_SANDBOX_PSP: '1',
  },
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
const players = await l.prepareLotteryPlayers({ url, dataDir: dir, players: connections, log: console.log, tsImport });
const draw = await l.openNorthDraw(url, players[0]);

const ticks = (pid) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
};
const backends = async () =>
  (await admin.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName])).rows.map((r) => r.pid);
const cpu = (pgPids) => ({ server: ticks(child.pid), postgres: pgPids.reduce((s, p) => s + ticks(p), 0), bench: ticks(process.pid) });
// A short warm-up opens the pools' connections, so the backends measured are all of them.
await l.loadTickets({ autocannon, url, players, connections, drawNo: draw.drawNo, seconds: 2 });
const pgPids = await backends();
const before = cpu(pgPids);
const bought = await l.loadTickets({ autocannon, url, players, connections, drawNo: draw.drawNo, seconds });
const after = cpu(pgPids);
const n = bought.acknowledged;
const per = (k) => Math.round(((after[k] - before[k]) * 10 * 1000) / Math.max(n, 1));
console.log(
  `Purchase: ${Math.round(n / seconds)} tickets/s, p50 ${Math.round(bought.p50)} ms, p99 ${Math.round(bought.p99)} ms, refused ${JSON.stringify(bought.refused)}; ${pgPids.length} backends`,
);
console.log(`CPU per ticket (microseconds): server ${per('server')}, postgres ${per('postgres')}, load generator ${per('bench')}`);
if (process.env.PAY) {
  // The payment: the draw closed, the real XSMB of 12 May 2023 entered and confirmed by two operators, then the
  // CPU per ticket paid (every ticket of the draw, the warm-up's too) until the draw is settled.
  const { token: opsToken } = JSON.parse(readFileSync(join(dir, 'ops.json'), 'utf8'));
  const secret = await l.lotterySecret({ url, opsToken });
  const result = JSON.parse(readFileSync(join(root, 'apps/games/src/lottery/fixtures/vn-north-2023-05-12.json'), 'utf8')).result;
  await l.lotteryOps(url, secret, 'draws/move', { gameCode: 'VN_MB', drawNo: draw.drawNo, drawAt: new Date(Date.now() + 1_000).toISOString(), operator: 'bench-1' });
  await l.lotteryOps(url, secret, 'results/enter', { gameCode: 'VN_MB', drawNo: draw.drawNo, result, source: 'xoso.com.vn', operator: 'bench-1' });
  await l.lotteryOps(url, secret, 'results/confirm', { gameCode: 'VN_MB', drawNo: draw.drawNo, operator: 'bench-2' });
  const house = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:5432/${dbName}` });
  await house.connect();
  const state = async () =>
    (
      await house.query(
        `select d.status, (select count(*) from house_lotto_tickets t where t.draw_id = d.id and t.status = 'paid')::int as paid,
                (select count(*) from house_lotto_tickets t where t.draw_id = d.id)::int as tickets
           from house_lotto_draws d where d.game_code = 'VN_MB' and d.draw_no = $1`,
        [draw.drawNo],
      )
    ).rows[0];
  while ((await state()).paid === 0) await new Promise((r) => setTimeout(r, 20));
  const started = performance.now();
  const payBefore = cpu(await backends());
  let last;
  while ((last = await state()).status !== 'settled') await new Promise((r) => setTimeout(r, 50));
  const payPids = await backends();
  const payAfter = cpu(payPids);
  const secs = (performance.now() - started) / 1000;
  const perPay = (k) => Math.round(((payAfter[k] - payBefore[k]) * 10 * 1000) / last.tickets);
  console.log(`Payment: ${last.tickets} tickets paid in ${secs.toFixed(1)} s (${Math.round(last.tickets / secs)} tickets/s)`);
  console.log(`CPU per ticket paid (microseconds): server ${perPay('server')}, postgres ${perPay('postgres')}`);
  await house.end();
}
await new Promise((res) => {
  child.once('exit', res);
  child.kill('SIGTERM');
});
if (process.env.KEEP_DB) console.log(`kept database ${dbName}`);
else await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
