// The agents bench (issue 28): a tree of BENCH_AGENT_MEMBERS members (default 100,000) under 1,000 agents in 5 levels,
// a Bangkok day of bets in the ledger (BENCH_AGENT_BETS, default 1,000,000 bets with a win in every third round),
// every agent on a daily-wage contract (the top level from the platform, each below from its upline at a lower rate),
// on PostgreSQL. Measured: the day's settlement (the period's bills computed over the whole tree, then the 1,000
// bills paid through the wallet top down), the team rollup of that day, and the team overview of a top agent.
// Members, accounts and bets are written straight into the tables (the fixture), the rest runs the server's code.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { openDatabase } from '../../apps/server/src/db/client';
import { migrateAndSeed } from '../../apps/server/src/db/migrate';
import { readEnv } from '../../apps/server/src/env';
import { periodAt } from '../../apps/server/src/modules/agent/contract.rules';

const LEVELS = [10, 40, 100, 250, 600];

export async function benchAgents(options: { baseUrl: string; members: number; bets: number; log: (m: string) => void }) {
  const name = `lotus_bench_agents_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(options.baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  try {
    await migrateAndSeed(database, { seed: true, seedDemo: false });
    const db = database.db;
    const now = Date.now();
    const day = periodAt('day', now - 86_400_000); // yesterday in Bangkok
    const agents = LEVELS.reduce((a, b) => a + b, 0);
    const players = options.members - agents;
    options.log(`Agents bench: writing ${agents} agents, ${players} members and ${options.bets} bets...`);
    const started = performance.now();
    // Agents 1..1000 by level (ids 1001..2000): agent i of a level hangs under agent (i mod size) of the level above.
    let first = 1;
    const firstOf: number[] = [];
    for (const size of LEVELS) {
      firstOf.push(first);
      first += size;
    }
    const uplineSql = LEVELS.map((size, L) =>
      L === 0
        ? `when n < ${firstOf[1]} then null`
        : `when n < ${(firstOf[L + 1] ?? agents + 1)} then 1000 + ${firstOf[L - 1]} + ((n - ${firstOf[L]}) % ${LEVELS[L - 1]})`,
    ).join(' ');
    await db.execute(
      sql.raw(`insert into members (id, username, password_hash, password_changed_at, referral_code, is_agent, upline_id, created_by, created_at)
        overriding system value
        select 1000 + n, 'ag' || n, 'x', now(), 'RA' || n, 1, case ${uplineSql} end, 'operator', now() - interval '30 days'
        from generate_series(1, ${agents}) n`),
    );
    // Members: each under an agent picked by a hash, at any level.
    await db.execute(
      sql.raw(`insert into members (id, username, password_hash, password_changed_at, referral_code, upline_id, created_at)
        overriding system value
        select 1000 + n, 'pl' || n, 'x', now(), 'RM' || n, 1001 + (abs(hashint4(n)) % ${agents}), now() - interval '30 days'
        from generate_series(${agents + 1}, ${options.members}) n`),
    );
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('members', 'id'), ${1000 + options.members})`));
    await db.execute(
      sql.raw(`insert into ledger_accounts (code, member_id, class, currency, balance)
        select 'm:' || (1000 + n) || ':main', 1000 + n, 'real', 'THB', 1000000 from generate_series(1, ${options.members}) n`),
    );
    await db.execute(sql`insert into ledger_accounts (code, class, currency) values ('s:vendor:BENCH', 'real', 'THB') on conflict do nothing`);
    // Bets spread over the day, each by a player picked by a hash; a win in every third round.
    const span = day.end - day.start;
    for (let from = 1; from <= options.bets; from += 200_000) {
      const to = Math.min(options.bets, from + 199_999);
      await db.execute(
        sql.raw(`with b as (
            select n, 1000 + ${agents + 1} + (abs(hashint4(n * 7)) % ${players}) as member,
              (100 + abs(hashint4(n * 11)) % 9900)::bigint as stake,
              to_timestamp(${day.start / 1000} + (n::float8 * ${span / 1000}) / ${options.bets}) as at
            from generate_series(${from}, ${to}) n),
          tx as (
            insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, amount, memo, created_at)
            select 'game', 'BENCH:b' || n, 'bet', 'bench', 'vendor', 'BENCH', 'BENCH:r:' || n, stake, 'SLOT', at from b
            returning id, amount, key),
          m as (select tx.id, tx.amount, a.id as account from tx join b on tx.key = 'BENCH:b' || b.n join ledger_accounts a on a.code = 'm:' || b.member || ':main')
          insert into ledger_entries (transaction_id, account_id, amount)
          select id, account, -amount from m
          union all select id, (select id from ledger_accounts where code = 's:vendor:BENCH'), amount from m`),
      );
      await db.execute(
        sql.raw(`with b as (
            select n, 1000 + ${agents + 1} + (abs(hashint4(n * 7)) % ${players}) as member,
              ((100 + abs(hashint4(n * 11)) % 9900) * 2)::bigint as win,
              to_timestamp(${day.start / 1000} + (n::float8 * ${span / 1000}) / ${options.bets} + 1) as at
            from generate_series(${from}, ${to}) n where n % 3 = 0),
          tx as (
            insert into ledger_transactions (op, key, kind, hash, actor_kind, actor_id, group_key, ref_key, amount, memo, created_at)
            select 'game', 'BENCH:w' || n, 'win', 'bench', 'vendor', 'BENCH', 'BENCH:r:' || n, 'BENCH:b' || n, win, 'SLOT', least(at, to_timestamp(${(day.end - 1) / 1000})) from b
            returning id, amount, key),
          m as (select tx.id, tx.amount, a.id as account from tx join b on tx.key = 'BENCH:w' || b.n join ledger_accounts a on a.code = 'm:' || b.member || ':main')
          insert into ledger_entries (transaction_id, account_id, amount)
          select id, account, amount from m
          union all select id, (select id from ledger_accounts where code = 's:vendor:BENCH'), -amount from m`),
      );
    }
    // Daily-wage contracts: 0.5 % / 0.8 % above 10,000.00 and 10 active at the top, 0.1 % less per level down.
    const decided = new Date(day.start + 60_000).toISOString();
    await db.execute(
      sql.raw(`insert into agent_contracts (agent_id, upline_id, kind, cycle, tiers, min_payout, status, offered_by, offered_at, decided_at)
        select m.id, m.upline_id, 'daily', 'day',
          jsonb_build_array(
            jsonb_build_object('minBase', '0', 'minActive', 0, 'rateBp', 50 - 10 * lvl),
            jsonb_build_object('minBase', '1000000', 'minActive', 10, 'rateBp', 80 - 10 * lvl)),
          0, 'active', 'bench', '${decided}', '${decided}'
        from (select id, upline_id, case ${LEVELS.map((_, L) => `when id < ${1000 + (firstOf[L + 1] ?? agents + 1)} then ${L}`).join(' ')} end as lvl
              from members where id <= ${1000 + agents}) m`),
    );
    await db.execute(sql`vacuum analyze`);
    options.log(`Agents bench: fixture written in ${((performance.now() - started) / 1000).toFixed(1)} s; settling the day...`);

    const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-agents-'));
    const app = await buildApp({
      db: database,
      env: readEnv({ LOG_LEVEL: 'silent', DATA_DIR: join(dir, 'data'), WEB_DIST: join(dir, 'none'), DATABASE_URL: url.toString() }),
      now: () => Date.now(),
      logger: false,
    });
    await app.ready();
    try {
      const contracts = app.services.agent.contracts;
      const t0 = performance.now();
      const written = await contracts.settlePeriod('daily', 'day', day.start, day.end);
      const t1 = performance.now();
      const run = await contracts.settleDue();
      const t2 = performance.now();
      const paidRows = ((await db.execute(sql`select coalesce(sum(amount), 0)::text as total from agent_bills where status = 'paid'`)) as unknown as { rows: { total: string }[] }).rows;
      options.log(`Agents bench: ${written} bills computed in ${(t1 - t0).toFixed(0)} ms, ${run.paid} paid in ${(t2 - t1).toFixed(0)} ms`);

      const r0 = performance.now();
      const windows = await app.services.agent.team.rollupDue();
      const r1 = performance.now();
      const samples: number[] = [];
      for (let i = 0; i < 300; i++) {
        const s = performance.now();
        await app.services.agent.team.overview(1001 + (i % LEVELS[0]!), i % 2 === 0 ? 'yesterday' : 'month');
        samples.push(performance.now() - s);
      }
      samples.sort((a, b) => a - b);
      const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
      const top = await app.services.agent.team.overview(1001, 'yesterday');
      return {
        members: options.members,
        agents,
        bets: options.bets,
        computeMs: Math.round(t1 - t0),
        payMs: Math.round(t2 - t1),
        settleMs: Math.round(t2 - t0),
        bills: written ?? 0,
        paid: run.paid,
        unpaid: run.unpaid,
        paidTotal: paidRows[0]?.total,
        rollupMs: Math.round(r1 - r0),
        rollupWindows: windows,
        overviewP50: Number(p(0.5).toFixed(1)),
        overviewP99: Number(p(0.99).toFixed(1)),
        topTeam: { members: top.members, active: top.activeMembers, stakes: top.stakes },
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => undefined);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
