// `npm run test:lottery-chaos` (issue 27; run on its own, not by `npm test`: its purchases alone take minutes): a lottery draw's
// settlement survives kills.
//
// A production-mode server on a fresh PostgreSQL database runs the house lottery in process as vendor LOTT (the
// embedded demo's way, ALLOW_SANDBOX_PSP=1). Real members buy LOTTERY_CHAOS_TICKETS tickets (default 10,000;
// the issue's 100,000 with LOTTERY_CHAOS_TICKETS=100000) on the open North draw, each a signed bet on the wallet.
// The draw is then moved to now (sales closed), the real XSMB of 12 May 2023 entered by one operator and confirmed
// by another through the lottery's signed operator calls, and while the house settles it (wins computed in
// chunks, then one signed win per ticket) the server is SIGKILLed and restarted LOTTERY_CHAOS_KILLS times (default
// 3) and its PostgreSQL connections cut.
//
// Afterwards: the draw is settled and every ticket paid; every acknowledged ticket's bet and win are in the ledger
// exactly once; each player's balance is its funding less its tickets' costs plus their wins as computed by the
// house; `ledger:verify` finds 0 violations.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureServerBuilt, log, root, serverEntry } from './lib.mjs';

ensureInstalled();
ensureServerBuilt({ quiet: true });
const { default: pg } = await import('pg');
const { tsImport } = await import('tsx/esm/api');
const { buyTickets, lotteryOps, lotterySecret, openNorthDraw, prepareLotteryPlayers, LOTTERY_VENDOR } = await import('./bench/lottery.mjs');

const baseUrl = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TICKETS = Number(process.env.LOTTERY_CHAOS_TICKETS ?? 10_000);
const KILLS = Number(process.env.LOTTERY_CHAOS_KILLS ?? 3);
const PLAYERS = 16;
const FUND = 100_000_000n; // 1,000,000.00 each
const RESULT = JSON.parse(readFileSync(join(root, 'apps/games/src/lottery/fixtures/vn-north-2023-05-12.json'), 'utf8')).result;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const dbName = `lotus_lottery_chaos_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-lottery-chaos-'));
const port = 23000 + randomInt(1000);
const url = `http://127.0.0.1:${port}`;
const masterKey = randomBytes(32).toString('base64');

let server = null;
let killing = false;
let finished = false;
const failures = [];
function startServer() {
  const child = spawn(process.execPath, serverEntry('server'), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl.toString(),
      PUBLIC_URL: url,
      LOTUS_MASTER_KEY: masterKey,
      ALLOW_SANDBOX_TRANSPORTS: '1',
      ALLOW_SANDBOX_PSP: '1',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    if (!killing && server === child && !finished) {
      failures.push(`the server exited by itself (${signal ?? code})`);
      startServer();
    }
  });
  server = child;
  return child;
}

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/wps/system/status`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not come up in 60 s');
}

/** One query on a connection of its own (the chaos cuts the server's connections, never this script's). */
async function query(text, params = []) {
  const client = new pg.Client({ connectionString: dbUrl.toString(), application_name: 'lottery-chaos' });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

try {
  startServer();
  await waitUp();
  const players = await prepareLotteryPlayers({ url, dataDir, players: PLAYERS, log, tsImport, fund: String(FUND) });
  const { token: opsToken } = JSON.parse(readFileSync(join(dataDir, 'ops.json'), 'utf8'));
  const secret = await lotterySecret({ url, opsToken });
  const draw = await openNorthDraw(url, players[0]);

  log(`lottery chaos: buying ${TICKETS} tickets on VN_MB ${draw.drawNo} on 32 connections...`);
  const started = Date.now();
  const bought = await buyTickets({ url, players, connections: 32, drawNo: draw.drawNo, count: TICKETS });
  log(`lottery chaos: ${bought.acknowledged.length} tickets bought in ${((Date.now() - started) / 1000).toFixed(1)} s (refused: ${JSON.stringify(bought.refused)})`);
  if (bought.acknowledged.length === 0) throw new Error('no ticket bought');

  // Close the sales now, then two operators: one enters the published result, another confirms it.
  const moved = await lotteryOps(url, secret, 'draws/move', { gameCode: 'VN_MB', drawNo: draw.drawNo, drawAt: new Date(Date.now() + 2_000).toISOString(), operator: 'chaos-op-1' });
  if (!moved.body.ok) throw new Error(`move: ${JSON.stringify(moved.body)}`);
  const entered = await lotteryOps(url, secret, 'results/enter', { gameCode: 'VN_MB', drawNo: draw.drawNo, result: RESULT, source: 'xoso.com.vn', operator: 'chaos-op-1' });
  if (!entered.body.ok) throw new Error(`enter: ${JSON.stringify(entered.body)}`);
  const refusedConfirm = await lotteryOps(url, secret, 'results/confirm', { gameCode: 'VN_MB', drawNo: draw.drawNo, operator: 'chaos-op-1' });
  if (refusedConfirm.body.error !== 'lottery_result_same_operator') failures.push(`the enterer confirmed: ${JSON.stringify(refusedConfirm.body)}`);
  const confirmed = await lotteryOps(url, secret, 'results/confirm', { gameCode: 'VN_MB', drawNo: draw.drawNo, operator: 'chaos-op-2' });
  if (!confirmed.body.ok) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);

  // The settlement runs in the lottery's 5-second tick; kill the server while it pays.
  const progress = async () =>
    (
      await query(
        `select d.status, d.settle_computed_at is not null as computed,
                (select count(*)::int from house_lotto_tickets t where t.draw_id = d.id and t.status = 'paid') as paid
           from house_lotto_draws d where d.game_code = 'VN_MB' and d.draw_no = $1`,
        [draw.drawNo],
      )
    ).rows[0];
  for (let k = 0; k < KILLS; k++) {
    // Wait until the settlement is under way (outcomes computing or wins being paid), then cut and kill.
    for (let i = 0; i < 600; i++) {
      const p = await progress();
      if (p.status === 'settled') break;
      if (p.computed && p.paid > (k * bought.acknowledged.length) / (KILLS + 1)) break;
      if (!p.computed && k === 0 && i > 20) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name <> 'lottery-chaos'`, [dbName]);
    await new Promise((r) => setTimeout(r, 200 + randomInt(500)));
    const dying = server;
    const exited = new Promise((r) => dying.once('exit', r));
    killing = true;
    dying.kill('SIGKILL');
    await exited;
    killing = false;
    const p = await progress().catch(() => null);
    log(`lottery chaos: SIGKILL ${k + 1}/${KILLS} (${p ? `${p.paid} paid, draw ${p.status}` : 'progress unknown'}); restarting`);
    startServer();
    await waitUp();
  }

  // Wait for the end of the settlement.
  let last = null;
  for (let i = 0; i < 3_000; i++) {
    last = await progress();
    if (last.status === 'settled') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (last?.status !== 'settled') failures.push(`the draw did not settle: ${JSON.stringify(last)}`);

  // ---------- the checks ----------
  const tickets = new Map(
    (await query(`select t.id, t.status, coalesce(w.win, 0)::text as win from house_lotto_tickets t left join house_lotto_wins w on w.ticket_id = t.id`)).rows.map(
      (r) => [r.id, r],
    ),
  );
  const keys = new Map(
    (
      await query(
        `select key, (count(*) filter (where kind <> 'refused'))::int as n from ledger_transactions where op = 'game' and actor_id = $1 group by key`,
        [LOTTERY_VENDOR],
      )
    ).rows.map((r) => [r.key, r.n]),
  );
  const expected = new Map(players.map((p) => [p.playerId, FUND]));
  let wins = 0n;
  for (const ticket of bought.acknowledged) {
    const row = tickets.get(ticket.id);
    if (!row) {
      failures.push(`acknowledged ticket ${ticket.id} is not in the house`);
      continue;
    }
    if (row.status !== 'paid') failures.push(`ticket ${ticket.id} is ${row.status}, not paid`);
    const bet = keys.get(`${LOTTERY_VENDOR}:${ticket.playerId}:${ticket.id}`) ?? 0;
    const win = keys.get(`${LOTTERY_VENDOR}:${ticket.playerId}:${ticket.id}-win`) ?? 0;
    if (bet !== 1) failures.push(`ticket ${ticket.id}: its bet is in the ledger ${bet} times`);
    if (win !== 1) failures.push(`ticket ${ticket.id}: its win is in the ledger ${win} times`);
    wins += BigInt(row.win);
    expected.set(ticket.playerId, expected.get(ticket.playerId) - ticket.cost + BigInt(row.win));
  }
  for (const p of players) {
    const r = await query(`select balance::text from ledger_accounts where code = $1`, [`m:${p.playerId}:main`]);
    const balance = BigInt(r.rows[0]?.balance ?? '0');
    if (balance !== expected.get(p.playerId)) failures.push(`player ${p.playerId}: balance ${balance}, the tickets imply ${expected.get(p.playerId)}`);
  }
  const verify = await (await fetch(`${url}/ops/ledger/verify`, { headers: { authorization: `Bearer ${opsToken}` } })).json();
  if (!verify.success) failures.push(`ledger:verify failed to run: ${verify.message}`);
  else if (!verify.value.ok) failures.push(`ledger:verify: ${JSON.stringify(verify.value.violations)}`);
  log(
    `lottery chaos: ${bought.acknowledged.length} tickets, ${wins} satang won, ${KILLS} kills during the settlement; ` +
      `ledger:verify ${verify.value?.entries ?? '?'} entries, ${verify.value?.violations?.length ?? '?'} violations; ${failures.length} failures`,
  );
} catch (error) {
  failures.push(`lottery chaos run failed: ${error instanceof Error ? error.stack : error}`);
} finally {
  finished = true;
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  for (const f of failures.slice(0, 30)) console.error(`FAIL ${f}`);
  process.exit(1);
}
log('lottery chaos: PASS (the draw settled, every ticket paid once, every balance as bought and won, 0 violations)');
