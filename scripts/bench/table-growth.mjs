#!/usr/bin/env node
// How much each table grows with play, measured (issue 26, docs/scaling.md): a fresh PostgreSQL database; the
// server started on it as the bench starts it (NODE_ENV=production, a master key, the sandbox vendors);
// `--players` members made and logged in through the API; then `--pairs` signed bet+win pairs through the vendor
// protocol (the wallet's real write path: /vendor/v1/wallet/bet and /win, group commit, ledger_game_ops); then
// `--spins` house-slot spins (/house/api/spin: the house's rounds, seeds and jackpot, and a signed bet and win
// each). Before and after each phase: every table's heap, index and total size (pg_relation_size,
// pg_indexes_size, pg_total_relation_size) and exact row count, the WAL written (pg_current_wal_lsn) and the CPU
// time of the server process and of the database's backends (/proc). At the end: HOT updates, dead rows, the
// sizes after VACUUM FULL, and a pg_dump -Fc / pg_restore of the database, timed. Prints Markdown tables;
// `--json=<file>` writes the raw figures. The database is dropped at the end.
//
//   node scripts/bench/table-growth.mjs [--pairs=20000] [--spins=2000] [--players=200] [--concurrency=32] [--json=out.json]
//
// Env: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin connection, default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { prepareHousePlayers } from './house.mjs';
import { prepareWalletServer, signedHeaders } from './wallet.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const PAIRS = Number(arg('pairs', 20_000));
const SPINS = Number(arg('spins', 2_000));
const PLAYERS = Number(arg('players', 200));
const CONCURRENCY = Number(arg('concurrency', 32));
const JSON_OUT = arg('json', null);
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line) => process.stderr.write(`${line}\n`);

// ---------- the database and the server ----------

const dbName = `lotus_growth_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const dbUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const db = new pg.Client({ connectionString: dbUrl });
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-growth-'));
let server = null;

async function startServer() {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: dbUrl,
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
      if ((await fetch(`${url}/wps/system/status`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error('the server exited during start');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start in 120 s');
}

// ---------- measuring ----------

async function sizes() {
  const { rows } = await db.query(`
    select n.nspname as schema, c.relname as name, pg_relation_size(c.oid)::bigint as heap,
      pg_indexes_size(c.oid)::bigint as indexes, pg_total_relation_size(c.oid)::bigint as total
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    order by 1, 2`);
  const out = {};
  for (const r of rows) {
    const qualified = `${r.schema === 'public' ? '' : `${r.schema}.`}${r.name}`;
    const rowsIn = Number((await db.query(`select count(*) as n from "${r.schema}"."${r.name}"`)).rows[0].n);
    out[qualified] = { heap: Number(r.heap), indexes: Number(r.indexes), total: Number(r.total), rows: rowsIn };
  }
  return out;
}

async function indexSizes(tables) {
  const { rows } = await db.query(
    `select i.indrelid::regclass::text as "table", i.indexrelid::regclass::text as "index", pg_relation_size(i.indexrelid)::bigint as bytes
     from pg_index i where i.indrelid::regclass::text = any($1) order by 1, 2`,
    [tables],
  );
  return rows.map((r) => ({ table: r.table, index: r.index, bytes: Number(r.bytes) }));
}

const walLsn = async () => (await db.query('select pg_current_wal_lsn()::text as l')).rows[0].l;
const walBytes = async (from, to) => Number((await db.query('select pg_wal_lsn_diff($1, $2)::bigint as b', [to, from])).rows[0].b);

const TICKS = 100; // USER_HZ on Linux
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime + stime, seconds
  } catch {
    return null;
  }
}

/**
 * CPU seconds of the server process and of this database's backends over a phase: the backends are looked up
 * every 250 ms (a pooled connection may close and another open), each counted from its first sight.
 */
function cpuMeter(serverPid) {
  const backends = new Map(); // pid -> { first, last }
  const serverStart = cpuOf(serverPid);
  const others = new Set();
  let stopped = false;
  const look = async () => {
    const { rows } = await db.query('select pid, datname, state from pg_stat_activity where backend_type = $1', ['client backend']);
    for (const r of rows) {
      if (r.datname !== dbName) {
        if (r.state === 'active' && r.pid !== undefined) others.add(`${r.datname}:${r.pid}`);
        continue;
      }
      const now = cpuOf(r.pid);
      if (now === null) continue;
      const seen = backends.get(r.pid);
      if (seen) seen.last = now;
      else backends.set(r.pid, { first: now, last: now });
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await look();
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await look();
      let database = 0;
      for (const b of backends.values()) database += b.last - b.first;
      return { server: cpuOf(serverPid) - serverStart, database, otherActiveBackends: others.size };
    },
  };
}

// ---------- the load ----------

async function post(url, path, raw) {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: signedHeaders(path, raw), body: raw });
  return res.json();
}

/** `pairs` signed bet (1.00) + win (0.50) pairs, `concurrency` at a time, each worker on its own player. */
async function betPairs(url, players, pairs, concurrency) {
  const run = randomBytes(4).toString('hex');
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let k = 0; ; k++) {
        const i = next++;
        if (i >= pairs) return;
        const p = players[(w + concurrency * k) % players.length];
        const round = `g${run}-${i}`;
        const bet = JSON.stringify({ requestId: `qb${run}-${i}`, playerId: p.playerId, sessionToken: p.sessionToken, transactionId: `b${run}-${i}`, roundId: round, gameCode: 'slot-1', amount: '100', currency: p.currency });
        const win = JSON.stringify({ requestId: `qw${run}-${i}`, playerId: p.playerId, transactionId: `w${run}-${i}`, roundId: round, gameCode: 'slot-1', amount: '50', currency: p.currency });
        if ((await post(url, '/vendor/v1/wallet/bet', bet)).status !== 'OK') refused += 1;
        if ((await post(url, '/vendor/v1/wallet/win', win)).status !== 'OK') refused += 1;
      }
    }),
  );
  return refused;
}

/** `spins` house spins at the lowest line bet, one player per worker (a player's spins are sequential). */
async function houseSpins(url, players, spins) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    players.map(async (p) => {
      while (next++ < spins) {
        const res = await fetch(`${url}/house/api/spin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: p.cookie, 'x-forwarded-for': p.ip, 'user-agent': 'lotus-bench' },
          body: JSON.stringify({ lineBet: 1 }),
        });
        if (!(await res.text()).includes('"status":"settled"')) failed += 1;
      }
    }),
  );
  return failed;
}

const count = async (text) => Number((await db.query(text)).rows[0].n);

async function waitForWinsCopied(timeoutMs = 150_000) {
  const start = Date.now();
  for (;;) {
    const wins = await count(`select count(*) as n from ledger_transactions where op = 'game' and kind = 'win' and amount > 0`);
    const copied = await count('select count(*) as n from game_wins');
    if (copied >= wins || Date.now() - start > timeoutMs) return { wins, copied };
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

function delta(before, after) {
  const out = {};
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { heap: 0, indexes: 0, total: 0, rows: 0 };
    const d = { heap: a.heap - b.heap, indexes: a.indexes - b.indexes, total: a.total - b.total, rows: a.rows - b.rows };
    if (d.total !== 0 || d.rows !== 0) out[name] = d;
  }
  return out;
}

// ---------- the run ----------

const report = { machine: null, args: { PAIRS, SPINS, PLAYERS, CONCURRENCY }, phases: {} };
try {
  await db.connect();
  const version = (await db.query('show server_version')).rows[0].server_version;
  report.machine = {
    cpus: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: version,
    settings: Object.fromEntries(
      (await db.query(`select name, setting, unit from pg_settings where name in ('shared_buffers', 'wal_level', 'synchronous_commit', 'fsync', 'full_page_writes', 'max_wal_size', 'checkpoint_timeout', 'autovacuum')`)).rows.map((r) => [
        r.name,
        `${r.setting}${r.unit ? ` ${r.unit}` : ''}`,
      ]),
    ),
    at: new Date().toISOString(),
  };
  log(`Table growth: server on ${dbName} (PostgreSQL ${version})...`);
  server = await startServer();
  const { tsImport } = await import('tsx/esm/api');

  log(`Table growth: ${PLAYERS} members made and logged in through the API...`);
  const s0 = await sizes();
  const players = await prepareWalletServer({ url: server.url, dataDir, players: PLAYERS, log, tsImport });
  const s1 = await sizes();
  report.phases.members = { members: PLAYERS, delta: delta(s0, s1) };

  log(`Table growth: ${PAIRS} bet+win pairs through /vendor/v1 (concurrency ${CONCURRENCY})...`);
  const wal1 = await walLsn();
  const meter1 = cpuMeter(server.child.pid);
  const t1 = performance.now();
  const refused = await betPairs(server.url, players, PAIRS, CONCURRENCY);
  const seconds1 = (performance.now() - t1) / 1000;
  const cpu1 = await meter1.stop();
  const wal2 = await walLsn();
  const wins = await waitForWinsCopied();
  const s2 = await sizes();
  report.phases.bets = {
    pairs: PAIRS,
    operations: PAIRS * 2,
    refused,
    seconds: seconds1,
    opsPerSecond: (PAIRS * 2) / seconds1,
    walBytes: await walBytes(wal1, wal2),
    cpu: cpu1,
    winsCopiedToGameWins: wins,
    delta: delta(s1, s2),
  };

  log(`Table growth: ${SPINS} house spins...`);
  const housePlayers = await prepareHousePlayers({ url: server.url, dataDir, players: 20, log, tsImport });
  const s3 = await sizes();
  const wal3 = await walLsn();
  const meter2 = cpuMeter(server.child.pid);
  const t2 = performance.now();
  const failed = await houseSpins(server.url, housePlayers, SPINS);
  const seconds2 = (performance.now() - t2) / 1000;
  const cpu2 = await meter2.stop();
  const wal4 = await walLsn();
  await waitForWinsCopied();
  const s4 = await sizes();
  report.phases.spins = {
    spins: SPINS,
    failed,
    seconds: seconds2,
    spinsPerSecond: SPINS / seconds2,
    walBytes: await walBytes(wal3, wal4),
    cpu: cpu2,
    delta: delta(s3, s4),
  };

  // The same tables compacted (VACUUM FULL rewrites each without its dead row versions): the lower bound.
  const stats = (await db.query(`select relname, n_live_tup::bigint as live, n_dead_tup::bigint as dead from pg_stat_user_tables where n_dead_tup > 0 order by n_dead_tup desc`)).rows;
  report.deadTuplesBeforeVacuum = stats.map((r) => ({ table: r.relname, live: Number(r.live), dead: Number(r.dead) }));
  // Updated rows: how many updates were HOT (heap-only: no index entry written, the page pruned in place).
  report.updates = (
    await db.query(`select relname, n_tup_upd::bigint as upd, n_tup_hot_upd::bigint as hot from pg_stat_user_tables where n_tup_upd > 0 order by n_tup_upd desc limit 8`)
  ).rows.map((r) => ({ table: r.relname, updates: Number(r.upd), hot: Number(r.hot) }));
  report.indexes = await indexSizes(['ledger_transactions', 'ledger_entries', 'ledger_accounts', 'game_wins', 'house_rounds', 'house_seed_pairs', 'house_jackpot_shards', 'sessions', 'vendor_sessions', 'ops_audit_log', 'outbox']);
  report.asWritten = s4;
  log('Table growth: VACUUM FULL for the compacted sizes...');
  await db.query('vacuum full analyze');
  report.compacted = await sizes();
  // A logical backup of it (docs/backup.md): pg_dump -Fc, then pg_restore into a new database, timed.
  const dumpFile = join(dataDir, 'growth.pgdump');
  const timed = async (command, args) => {
    const start = performance.now();
    await new Promise((res, rej) => {
      const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('error', rej);
      child.on('exit', (code) => (code === 0 ? res() : rej(new Error(`${command} exited with ${code}`))));
    });
    return (performance.now() - start) / 1000;
  };
  const dumpSeconds = await timed('pg_dump', ['--format=custom', `--file=${dumpFile}`, `--dbname=${dbUrl}`]);
  const restoredName = `${dbName}_restored`;
  await admin.query(`create database ${restoredName}`);
  const restoredUrl = dbUrl.replace(new RegExp(`/${dbName}$`), `/${restoredName}`);
  let restoreSeconds;
  try {
    restoreSeconds = await timed('pg_restore', ['--exit-on-error', '--single-transaction', `--dbname=${restoredUrl}`, dumpFile]);
  } finally {
    await admin.query(`drop database if exists ${restoredName} with (force)`);
  }
  report.logicalBackup = {
    dumpBytes: statSync(dumpFile).size,
    databaseBytes: Number((await db.query('select pg_database_size(current_database()) as b')).rows[0].b),
    dumpSeconds,
    restoreSeconds,
  };
  // How the daily report reads the ledger at this size (docs/scaling.md: read replicas).
  report.dailyReportPlan = (
    await db.query(`explain select count(*) from ledger_transactions t where t.op = 'game' and t.created_at >= now() - interval '1 day' and t.created_at < now()`)
  ).rows.map((r) => r['QUERY PLAN']);
} finally {
  if (server) {
    await new Promise((res) => {
      server.child.once('exit', res);
      server.child.kill('SIGTERM');
    });
  }
  await db.end().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------- the report ----------

const kb = (n) => (n / 1024).toFixed(1);
const perMillion = (bytes, events) => ((bytes / events) * 1e6) / 2 ** 30; // GiB per million events
const lines = [];
lines.push(`Machine: ${report.machine.cpus}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}, PostgreSQL ${report.machine.postgres} (${Object.entries(report.machine.settings).map(([k, v]) => `${k}=${v}`).join(', ')}), ${report.machine.at}`);
for (const [phase, events, unit] of [
  ['members', PLAYERS, 'member'],
  ['bets', PAIRS, 'bet+win pair'],
  ['spins', SPINS, 'house spin'],
]) {
  const p = report.phases[phase];
  lines.push('');
  if (phase === 'members') lines.push(`### ${PLAYERS} members, each made by an operator, logged in (slider, password change), launched into a vendor and funded`);
  else
    lines.push(
      `### ${phase === 'bets' ? `${PAIRS} bet+win pairs through /vendor/v1` : `${SPINS} house spins`} (${p.seconds.toFixed(1)} s, ${phase === 'bets' ? `${p.opsPerSecond.toFixed(0)} wallet ops/s` : `${p.spinsPerSecond.toFixed(0)} spins/s`}; WAL ${(p.walBytes / 2 ** 20).toFixed(1)} MiB = ${(p.walBytes / events).toFixed(0)} B per ${unit}; CPU per ${unit}: server ${((p.cpu.server / events) * 1e6).toFixed(0)} us, PostgreSQL backends ${((p.cpu.database / events) * 1e6).toFixed(0)} us; other databases' active backends seen: ${p.cpu.otherActiveBackends})`,
    );
  lines.push('');
  lines.push(`| Table | Rows added | Rows per ${unit} | Heap B/row | Index B/row | Total B per ${unit} | GiB per million ${unit}s |`);
  lines.push('|---|---|---|---|---|---|---|');
  const rows = Object.entries(p.delta).sort((a, b) => b[1].total - a[1].total);
  let sum = 0;
  for (const [name, d] of rows) {
    sum += d.total;
    const perRow = (x) => (d.rows > 0 ? (x / d.rows).toFixed(0) : '-');
    lines.push(`| ${name} | ${d.rows} | ${(d.rows / events).toFixed(3)} | ${perRow(d.heap)} | ${perRow(d.indexes)} | ${(d.total / events).toFixed(0)} | ${perMillion(d.total, events).toFixed(3)} |`);
  }
  lines.push(`| **all** | | | | | **${(sum / events).toFixed(0)}** | **${perMillion(sum, events).toFixed(2)}** |`);
}
lines.push('');
lines.push('### Compacted (after VACUUM FULL) against as written, whole database');
lines.push('');
lines.push('| Table | Rows | As written (KiB) | Compacted heap / indexes / total (KiB) |');
lines.push('|---|---|---|---|');
for (const [name, c] of Object.entries(report.compacted).sort((a, b) => b[1].total - a[1].total).slice(0, 16)) {
  const w = report.asWritten[name];
  lines.push(`| ${name} | ${c.rows} | ${kb(w?.total ?? 0)} | ${kb(c.heap)} / ${kb(c.indexes)} / ${kb(c.total)} |`);
}
lines.push('');
lines.push('### Indexes (as written)');
lines.push('');
for (const i of report.indexes) lines.push(`- ${i.index} (${i.table}): ${kb(i.bytes)} KiB`);
lines.push('');
lines.push(`Updates (HOT of all): ${report.updates.map((u) => `${u.table} ${u.hot}/${u.updates}`).join(', ')}`);
lines.push('');
lines.push(`Dead row versions before VACUUM: ${report.deadTuplesBeforeVacuum.slice(0, 8).map((d) => `${d.table} ${d.dead} (live ${d.live})`).join(', ')}`);
lines.push('');
const lb = report.logicalBackup;
lines.push(`Logical backup of the whole database after VACUUM FULL (${(lb.databaseBytes / 2 ** 20).toFixed(1)} MiB): pg_dump -Fc ${(lb.dumpBytes / 2 ** 20).toFixed(1)} MiB in ${lb.dumpSeconds.toFixed(1)} s, pg_restore --single-transaction in ${lb.restoreSeconds.toFixed(1)} s`);
lines.push('');
lines.push(`The daily report's range read at this size: ${report.dailyReportPlan.join(' / ')}`);
process.stdout.write(`${lines.join('\n')}\n`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
