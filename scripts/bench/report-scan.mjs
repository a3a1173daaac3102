#!/usr/bin/env node
// What the daily report costs as the ledger grows (issue 26, docs/scaling.md "Read replicas for reports"): a fresh
// PostgreSQL database migrated by the server's own code, `--pairs` game rounds (a bet and a win each: 2 ledger
// transactions, 4 entries) over `--players` members, spread evenly over `--days` Bangkok days, written with
// set-based SQL (the bench measures the read, not the write path), ANALYZEd. Then the wallet's own `periodFigures`
// (what GET /ops/reports/daily runs) for one day, three times, with the plan of its main read; then again with an
// index on ledger_transactions (created_at). Dropped at the end.
//
//   node scripts/bench/report-scan.mjs [--pairs=500000] [--players=10000] [--days=30]
//
// Env: BENCH_DATABASE_URL or TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const arg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const PAIRS = arg('pairs', 500_000);
const PLAYERS = arg('players', 10_000);
const DAYS = arg('days', 30);
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line) => process.stderr.write(`${line}\n`);

const { tsImport } = await import('tsx/esm/api');
const { openDatabase } = await tsImport('../../apps/server/src/db/client.ts', import.meta.url);
const { migrateAndSeed } = await tsImport('../../apps/server/src/db/migrate.ts', import.meta.url);
const { buildApp } = await tsImport('../../apps/server/src/app.ts', import.meta.url);
const { readEnv } = await tsImport('../../apps/server/src/env.ts', import.meta.url);

const dbName = `lotus_report_scan_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-report-scan-'));
let database = null;
let app = null;
const lines = [];
const plans = [];
try {
  database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await migrateAndSeed(database, { seedDemo: false });
  const sql = async (text) => (await database.raw.pool.query(text)).rows;
  // The first Bangkok day starts 2026-11-01 00:00 +07:00; the rounds are spread evenly over DAYS days.
  const start = '2026-11-01 00:00:00+07';
  const base = 5_000_000;
  log(`Report scan: seeding ${PAIRS} rounds (${PAIRS * 2} transactions, ${PAIRS * 4} entries) over ${DAYS} days...`);
  const t0 = performance.now();
  await sql(`insert into ledger_accounts (code, member_id, class, currency)
    select 'm:' || g || ':main', g, 'real', 'THB' from generate_series(${base}, ${base + PLAYERS - 1}) g`);
  await sql(`insert into ledger_accounts (code, member_id, class, currency) values ('s:vendor:SEED', null, 'real', 'THB')`);
  await sql(`insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, ref_key, memo, amount, created_at)
    select 'game', 'SEED:' || (${base} + g % ${PLAYERS}) || ':' || v.k || g, v.k, md5(g::text) || md5(v.k || g), 'vendor', 'SEED',
           'SEED:' || g, case when v.k = 'win' then 'SEED:' || (${base} + g % ${PLAYERS}) || ':bet' || g end, 'slot-' || (g % 20),
           case when v.k = 'bet' then 100 else 150 end,
           timestamptz '${start}' + (g::double precision / ${PAIRS}) * interval '${DAYS} days'
    from generate_series(1, ${PAIRS}) g cross join (values ('bet'), ('win')) v(k)`);
  await sql(`insert into ledger_entries (transaction_id, account_id, amount, created_at)
    select t.id, a.id, case when t.kind = 'bet' then -t.amount else t.amount end, t.created_at
    from ledger_transactions t join ledger_accounts a on a.code = 'm:' || split_part(t.key, ':', 2) || ':main'
    where t.actor_id = 'SEED'`);
  await sql(`insert into ledger_entries (transaction_id, account_id, amount, created_at)
    select t.id, (select id from ledger_accounts where code = 's:vendor:SEED'), case when t.kind = 'bet' then t.amount else -t.amount end, t.created_at
    from ledger_transactions t where t.actor_id = 'SEED'`);
  await sql('analyze');
  const seeded = (performance.now() - t0) / 1000;
  const size = (await sql(`select pg_size_pretty(pg_total_relation_size('ledger_transactions')) as t, pg_size_pretty(pg_total_relation_size('ledger_entries')) as e`))[0];
  const version = (await sql('show server_version'))[0].server_version;
  lines.push(
    `PostgreSQL ${version}; ${PAIRS} rounds over ${DAYS} days (${PAIRS * 2} transactions, ${size.t}; ${PAIRS * 4} entries, ${size.e}), seeded in ${seeded.toFixed(0)} s`,
  );

  app = await buildApp({
    db: database,
    env: readEnv({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, LOTUS_MASTER_KEY: randomBytes(32).toString('base64') }),
  });
  // Day 15 in Bangkok time, as the report's `bangkokDayRange` gives it.
  const from = new Date(Date.parse('2026-11-15T00:00:00+07:00'));
  const to = new Date(from.getTime() + 86_400_000);
  // Each statement's time (the pool's query, as drizzle calls it: games, players, money, first deposits).
  const pool = database.raw.pool;
  const query = pool.query.bind(pool);
  const NAMES = ['games', 'players', 'money', 'first deposits'];
  let trace = null;
  let firstStatement = null;
  pool.query = async (...args) => {
    const t = performance.now();
    try {
      return await query(...args);
    } finally {
      if (trace) {
        if (trace.length === 0) firstStatement = { text: args[0]?.text ?? args[0], values: args[0]?.values ?? args[1] };
        trace.push(`${NAMES[trace.length] ?? '?'} ${((performance.now() - t) / 1000).toFixed(2)} s`);
      }
    }
  };
  const timeReport = async (label) => {
    const times = [];
    let figures = null;
    let statements = [];
    for (let i = 0; i < 3; i++) {
      trace = [];
      const t = performance.now();
      figures = await app.services.wallet.periodFigures(from, to);
      times.push(performance.now() - t);
      statements = trace;
      trace = null;
    }
    const plan = (
      await sql(`explain (analyze, buffers) select count(*) from ledger_transactions t
        where t.op = 'game' and t.created_at >= '${from.toISOString()}'::timestamptz and t.created_at < '${to.toISOString()}'::timestamptz`)
    ).map((r) => r['QUERY PLAN'].trim());
    const rounds = figures.games.reduce((s, g) => s + g.rounds, 0);
    const gamesPlan = (await query({ text: `explain (analyze, costs off) ${firstStatement.text}`, values: firstStatement.values })).rows.map((r) =>
      r['QUERY PLAN'].trimEnd(),
    );
    plans.push(`#### ${label}: the games statement\n\n\`\`\`\n${gamesPlan.join('\n')}\n\`\`\``);
    lines.push(
      `- ${label}: periodFigures for one day (${rounds} rounds) ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (last run by statement: ${statements.join(', ')}); its range read: ${plan.filter((l) => /Scan|Execution|Buffers/.test(l)).slice(0, 4).join(' / ')}`,
    );
  };
  log('Report scan: the daily figures without an index on created_at...');
  await timeReport('no index on created_at');
  log('Report scan: with an index on ledger_transactions (created_at)...');
  const ti = performance.now();
  await sql('create index ledger_transactions_created_idx on ledger_transactions (created_at)');
  await sql('analyze ledger_transactions');
  const indexSize = (await sql(`select pg_size_pretty(pg_relation_size('ledger_transactions_created_idx')) as s`))[0].s;
  lines.push(`- the index on created_at: ${indexSize}, built in ${((performance.now() - ti) / 1000).toFixed(1)} s`);
  await timeReport('with the index');
} finally {
  await app?.close().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`${lines.join('\n')}\n\n${plans.join('\n\n')}\n`);
