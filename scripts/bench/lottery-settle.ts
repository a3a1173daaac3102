// The lottery settlement bench (issue 27): a draw's outcomes computed for `tickets` tickets on PostgreSQL, the
// house's own code on a database of its own. Tickets are written straight into the house's tables (a mix of the
// North's lô 2 and 3, đề and xiên 2 bets, 1 to 3 a ticket, random numbers), then the real XSMB of 12 May 2023 is
// entered and confirmed by two operators and `computeWins` runs; each chunk's transaction (the only lock a
// settlement takes) is timed. Paying the wins is the wallet's work, measured on a running server by bench.mjs.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openHouseDatabase } from '../../apps/games/src/db/client';
import { createHouseLottery } from '../../apps/games/src/lottery/lottery';

export async function benchSettlement(options: { baseUrl: string; tickets: number; log: (m: string) => void }) {
  const name = `lotus_bench_settle_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(options.baseUrl);
  url.pathname = `/${name}`;
  const database = await openHouseDatabase({ url: url.toString() });
  try {
    let clock = Date.parse('2026-12-07T01:01:00Z');
    const lottery = createHouseLottery({ db: database.db, now: () => clock });
    await lottery.draws.seedGames();
    await lottery.draws.plan();
    const draw = (await lottery.draws.findDraw('VN_MB', '20261207'))!.draw;
    const db = database.db;
    await db.execute(sql`insert into house_players (platform_player_id, currency, created_at) values ('bench', 'THB', now())`);
    options.log(`Lottery settlement bench: writing ${options.tickets} tickets...`);
    // Bet i of ticket n: its kind and numbers from hashes of n, so the mix is fixed from run to run.
    const bet = (k: number) => `
      case (abs(hashint4(n * 7 + ${k})) % 10)
        when 0 then jsonb_build_object('type', 'lo3', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 13 + ${k})) % 1000)::text, 3, '0')), 'stake', 100, 'rate', 90000, 'restricted', false)
        when 1 then jsonb_build_object('type', 'xien2', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 17 + ${k})) % 50)::text, 2, '0'), lpad((50 + abs(hashint4(n * 19 + ${k})) % 50)::text, 2, '0')), 'stake', 100, 'rate', 1500, 'restricted', false)
        when 2 then jsonb_build_object('type', 'xien2', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 23 + ${k})) % 50)::text, 2, '0'), lpad((50 + abs(hashint4(n * 29 + ${k})) % 50)::text, 2, '0')), 'stake', 100, 'rate', 1500, 'restricted', false)
        when 3 then jsonb_build_object('type', 'de', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 31 + ${k})) % 100)::text, 2, '0')), 'stake', 500, 'rate', 8000, 'restricted', false)
        when 4 then jsonb_build_object('type', 'de', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 37 + ${k})) % 100)::text, 2, '0')), 'stake', 500, 'rate', 8000, 'restricted', false)
        when 5 then jsonb_build_object('type', 'de', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 41 + ${k})) % 100)::text, 2, '0')), 'stake', 500, 'rate', 8000, 'restricted', false)
        else jsonb_build_object('type', 'lo2', 'numbers', jsonb_build_array(lpad((abs(hashint4(n * 43 + ${k})) % 100)::text, 2, '0')), 'stake', 100, 'rate', 8000, 'restricted', false)
      end`;
    const started = performance.now();
    for (let from = 1; from <= options.tickets; from += 100_000) {
      const to = Math.min(options.tickets, from + 99_999);
      await db.execute(
        sql.raw(`insert into house_lotto_tickets (id, draw_id, game_code, player_id, platform_player_id, currency, platform_session, bets, cost, status, created_at)
          select 'LT' || lpad(n::text, 9, '0'), ${draw.id}, 'VN_MB', 1, 'bench', 'THB', 's',
                 case (abs(hashint4(n)) % 3) when 0 then jsonb_build_array(${bet(1)})
                                            when 1 then jsonb_build_array(${bet(1)}, ${bet(2)})
                                            else jsonb_build_array(${bet(1)}, ${bet(2)}, ${bet(3)}) end,
                 1000, 'accepted', now()
            from generate_series(${from}, ${to}) n`),
      );
    }
    await db.execute(sql`vacuum analyze house_lotto_tickets`);
    options.log(`Lottery settlement bench: ${options.tickets} tickets written in ${((performance.now() - started) / 1000).toFixed(1)} s; settling...`);
    clock = Date.parse('2026-12-07T11:40:00Z');
    const fixture = JSON.parse(readFileSync(new URL('../../apps/games/src/lottery/fixtures/vn-north-2023-05-12.json', import.meta.url), 'utf8'));
    await lottery.draws.enterResult({ gameCode: 'VN_MB', drawNo: '20261207', result: fixture.result, source: 'xoso.com.vn', operator: 'bench-1' });
    await lottery.draws.confirmResult({ gameCode: 'VN_MB', drawNo: '20261207', operator: 'bench-2' });
    let maxTxMs = 0;
    let chunks = 0;
    let winners = 0;
    const t0 = performance.now();
    const computed = await lottery.tickets.computeWins(draw.id, 'vn-north', fixture.result, (c) => {
      chunks += 1;
      winners += c.winners;
      maxTxMs = Math.max(maxTxMs, c.txMs);
    });
    const seconds = (performance.now() - t0) / 1000;
    return { tickets: computed, winners, chunks, seconds, ticketsPerSecond: Math.round(computed / seconds), maxTxMs: Math.round(maxTxMs * 10) / 10 };
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
