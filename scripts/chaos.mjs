// `npm run test:chaos` (issue 8, part of `npm test` when PostgreSQL is reachable): money survives crashes.
//
// A production-mode server on a fresh PostgreSQL database takes signed vendor bets, wins and rollbacks from
// concurrent clients; every request is sent 2-10 times (staggered, some at once) and some rollbacks arrive
// before their bets. Meanwhile the server is killed with SIGKILL and restarted several times, and its
// PostgreSQL connections are terminated mid-transaction. Clients keep resending a request (same body, fresh
// signature) until it gets a definite answer, and log what was acknowledged.
//
// Afterwards: `ledger:verify` finds 0 violations; every acknowledged operation is in the ledger exactly
// once (and every refused one not at all); and each player's balance is exactly what the acknowledged
// operations imply. Rounds are either bet+win or bet+rollback, so the expected balance does not depend on
// the order the server saw them in: a bet with its rollback nets to zero whether the rollback came first
// (tombstone: the bet is refused) or second (refund).
//
// Env: TEST_DATABASE_URL / CHAOS_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// CHAOS_SECONDS (load duration, default 45), CHAOS_CLIENTS (default 32), CHAOS_KILLS (default 4).
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureServerBuilt, log, root, serverEntry } from './lib.mjs';

ensureInstalled();
ensureServerBuilt({ quiet: true });
const { default: pg } = await import('pg');
const { tsImport } = await import('tsx/esm/api');
const { prepareWalletServer, signedHeaders } = await import('./bench/wallet.mjs');

const baseUrl = process.env.CHAOS_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const seconds = Number(process.env.CHAOS_SECONDS ?? 45);
const clients = Number(process.env.CHAOS_CLIENTS ?? 32);
const kills = Number(process.env.CHAOS_KILLS ?? 4);
const PLAYERS = 16;
const VENDOR = 'CHAOS';
const SECRET = randomBytes(24).toString('hex');
const FUND = 100_000_000n;

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
const dbName = `lotus_chaos_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-chaos-'));
const port = 22000 + randomInt(1000);
const url = `http://127.0.0.1:${port}`;

let server = null;
let killing = false;
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
      PUBLIC_URL: 'http://127.0.0.1',
      LOTUS_MASTER_KEY: masterKey,
      ALLOW_SANDBOX_TRANSPORTS: '1',
      ALLOW_SANDBOX_PSP: '1',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child.once('exit', (code, signal) => {
    // Only our SIGKILL (or the final stop) may end it: a server that dies from a cut connection is a bug.
    if (!killing && server === child && !finished) {
      failures.push(`the server exited by itself (${signal ?? code})`);
      startServer();
    }
  });
  server = child;
  return child;
}
const masterKey = randomBytes(32).toString('base64');

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

let finished = false;
try {
  startServer();
  await waitUp();
  const players = await prepareWalletServer({ url, dataDir, players: PLAYERS, log, tsImport, vendorCode: VENDOR, secret: SECRET, fund: String(FUND) });

  // ---------- the load ----------
  /** Acknowledged answers by transaction id: { kind, player, amount, round, answer }. */
  const acknowledged = new Map();
  const expectedDelta = new Map(players.map((p) => [p.playerId, 0n]));
  let sent = 0;
  let retries = 0;
  let stop = false;

  /** Sends one request until it gets a definite answer (200 with OK or ERROR); returns that answer. */
  async function definite(path, body) {
    const raw = JSON.stringify(body);
    for (;;) {
      sent += 1;
      try {
        const res = await fetch(`${url}${path}`, { method: 'POST', headers: signedHeaders(path, raw, SECRET, VENDOR), body: raw });
        if (res.status === 200) {
          const answer = await res.json();
          if (answer.status === 'OK' || (answer.status === 'ERROR' && answer.code !== 'INTERNAL_ERROR')) return answer;
        }
      } catch {
        /* the server is down or the connection was cut: send again */
      }
      retries += 1;
      await new Promise((r) => setTimeout(r, 20 + randomInt(80)));
    }
  }

  /** The same request 2-10 times: some at once, some staggered; all answers must agree. */
  async function duplicated(path, body) {
    const copies = 2 + randomInt(9);
    const answers = await Promise.all(
      Array.from({ length: copies }, async (_, i) => {
        if (i > 0 && randomInt(2) === 0) await new Promise((r) => setTimeout(r, randomInt(50)));
        return definite(path, body);
      }),
    );
    const first = answers[0];
    for (const a of answers) {
      if (a.status !== first.status || a.code !== first.code || a.platformTransactionId !== first.platformTransactionId) {
        failures.push(`copies of ${body.transactionId} answered differently: ${JSON.stringify(answers)}`);
        break;
      }
    }
    return first;
  }

  let seq = 0;
  async function client(c) {
    while (!stop) {
      const p = players[(c + seq) % players.length];
      seq += 1;
      const round = `c${c}r${seq}`;
      const bet = { requestId: `${round}-b`, playerId: p.playerId, sessionToken: p.sessionToken, transactionId: `${round}-b`, roundId: round, gameCode: 'slot-1', amount: String(100 + randomInt(900)), currency: p.currency };
      if (randomInt(3) === 0) {
        // bet + rollback; half of the time the rollback is sent first, racing the bet's copies.
        const rollback = { requestId: `${round}-x`, playerId: p.playerId, transactionId: `${round}-x`, referenceTransactionId: bet.transactionId, roundId: round };
        let betAnswer;
        let rollbackAnswer;
        if (randomInt(2) === 0) {
          [rollbackAnswer, betAnswer] = await Promise.all([
            duplicated('/vendor/v1/wallet/rollback', rollback),
            new Promise((r) => setTimeout(r, randomInt(20))).then(() => duplicated('/vendor/v1/wallet/bet', bet)),
          ]);
        } else {
          betAnswer = await duplicated('/vendor/v1/wallet/bet', bet);
          rollbackAnswer = await duplicated('/vendor/v1/wallet/rollback', rollback);
        }
        acknowledged.set(bet.transactionId, { kind: 'bet', player: p.playerId, answer: betAnswer });
        acknowledged.set(rollback.transactionId, { kind: 'rollback', player: p.playerId, answer: rollbackAnswer });
        if (rollbackAnswer.status !== 'OK') failures.push(`rollback ${rollback.transactionId} refused: ${rollbackAnswer.code}`);
        // Net zero either way: the late bet refused (tombstone), or the debit and its refund.
      } else {
        const win = { requestId: `${round}-w`, playerId: p.playerId, transactionId: `${round}-w`, roundId: round, gameCode: 'slot-1', amount: String(randomInt(2000)), currency: p.currency, betTransactionId: bet.transactionId };
        const betAnswer = await duplicated('/vendor/v1/wallet/bet', bet);
        const winAnswer = await duplicated('/vendor/v1/wallet/win', win);
        acknowledged.set(bet.transactionId, { kind: 'bet', player: p.playerId, answer: betAnswer });
        acknowledged.set(win.transactionId, { kind: 'win', player: p.playerId, answer: winAnswer });
        if (betAnswer.status !== 'OK') failures.push(`bet ${bet.transactionId} refused: ${betAnswer.code}`);
        if (winAnswer.status !== 'OK') failures.push(`win ${win.transactionId} refused: ${winAnswer.code}`);
        expectedDelta.set(p.playerId, expectedDelta.get(p.playerId) - BigInt(bet.amount) + BigInt(win.amount));
      }
    }
  }

  // ---------- the chaos ----------
  async function chaos() {
    const interval = (seconds * 1000) / (kills + 1);
    for (let k = 0; k < kills; k++) {
      await new Promise((r) => setTimeout(r, interval * (0.6 + Math.random() * 0.4)));
      // Cut the server's database connections mid-transaction, then kill the server outright.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]);
      await new Promise((r) => setTimeout(r, 300 + randomInt(700)));
      const dying = server;
      const exited = new Promise((r) => dying.once('exit', r));
      killing = true;
      dying.kill('SIGKILL');
      await exited;
      killing = false;
      log(`chaos: SIGKILL ${k + 1}/${kills}; restarting`);
      startServer();
      await waitUp();
    }
  }

  log(`chaos: ${clients} clients for ${seconds} s, every request 2-10 times, ${kills} kills of the server and cut database connections...`);
  const started = Date.now();
  const load = Array.from({ length: clients }, (_, c) => client(c));
  await chaos();
  const left = seconds * 1000 - (Date.now() - started);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
  stop = true;
  await Promise.all(load);

  // ---------- the checks ----------
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  // A refusal keeps its transaction id with its answer (issue 23 #1): a `refused` row, no entries, that moves
  // nothing. Applied counts the rows that moved money; a refused row must carry the code the client was told.
  const rows = (
    await db.query(
      `select key, (count(*) filter (where kind <> 'refused'))::int as n, max(reason) filter (where kind = 'refused') as refused
         from ledger_transactions where op = 'game' and actor_id = $1 group by key`,
      [VENDOR],
    )
  ).rows;
  const recorded = new Map(rows.map((r) => [r.key, r.n]));
  const refusedCode = new Map(rows.map((r) => [r.key, r.refused]));
  let applied = 0;
  for (const [txid, ack] of acknowledged) {
    const n = recorded.get(`${VENDOR}:${ack.player}:${txid}`) ?? 0;
    if (ack.answer.status === 'OK') {
      applied += 1;
      if (n !== 1) failures.push(`acknowledged ${txid} is in the ledger ${n} times`);
    } else if (n !== 0) failures.push(`refused ${txid} (${ack.answer.code}) is in the ledger ${n} times`);
    else {
      const code = refusedCode.get(`${VENDOR}:${ack.player}:${txid}`);
      if (code && code !== ack.answer.code) failures.push(`refused ${txid} answered ${ack.answer.code} but recorded as ${code}`);
    }
  }
  for (const p of players) {
    const r = await db.query(`select balance::text from ledger_accounts where code = $1`, [`m:${p.playerId}:main`]);
    const balance = BigInt(r.rows[0]?.balance ?? '0');
    const expected = FUND + expectedDelta.get(p.playerId);
    if (balance !== expected) failures.push(`player ${p.playerId}: balance ${balance}, acknowledged operations imply ${expected}`);
    if (balance < 0n) failures.push(`player ${p.playerId} below zero`);
  }
  await db.end();
  const { token } = JSON.parse((await import('node:fs')).readFileSync(join(dataDir, 'ops.json'), 'utf8'));
  const verify = await (await fetch(`${url}/ops/ledger/verify`, { headers: { authorization: `Bearer ${token}` } })).json();
  if (!verify.success) failures.push(`ledger:verify failed to run: ${verify.message}`);
  else if (!verify.value.ok) failures.push(`ledger:verify: ${JSON.stringify(verify.value.violations)}`);
  log(
    `chaos: ${acknowledged.size} operations acknowledged (${applied} applied), ${sent} requests sent (${retries} resent after a cut or a kill), ` +
      `${kills} kills; ledger:verify ${verify.value?.entries ?? '?'} entries, ${verify.value?.violations?.length ?? '?'} violations; ${failures.length} failures`,
  );
} catch (error) {
  failures.push(`chaos run failed: ${error instanceof Error ? error.stack : error}`);
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
log('chaos: PASS (0 violations, every acknowledged operation exactly once, every balance as acknowledged)');
