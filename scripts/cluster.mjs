// `npm run test:cluster` (issue 26): three compiled instances behind Debian's HAProxy survive a SIGKILL, a
// SIGTERM (the drain) and a cut from PostgreSQL under load, without losing money, sessions or live updates.
//
// Set-up (root only: network namespaces): each instance (`node --enable-source-maps apps/server/dist/server.js`)
// runs in its own network namespace (10.210.N.2, a veth pair to the root namespace); PostgreSQL and Redis, which
// listen on 127.0.0.1, are reached through TCP relays on addresses of their own (scripts/cluster/relay.mjs,
// scripts/cluster/net.mjs); all three share one fresh database and Redis. HAProxy runs in the root namespace
// with deploy/haproxy/haproxy.cfg adapted to these addresses (scripts/cluster/haproxy.mjs). Instance 1 starts
// alone first (it migrates and writes the operator credential), then 2 and 3, one after the other.
//
// Load through the proxy: signed vendor wallet calls (bet+win or bet+rollback, each sent 1-3 times, resent
// until a definite answer, like scripts/chaos.mjs) and member calls (GET /wps/member/info and
// /wps/v2/wallets/balance with the member's session, each sent once and its outcome recorded). Meanwhile:
// platform-1 gets SIGKILL (restarted 4 s later), platform-2 gets SIGTERM (it drains for DRAIN_SECONDS and
// exits; restarted then), platform-3 is cut from PostgreSQL inside its namespace for 10 s.
//
// Checks: every acknowledged wallet operation is in the ledger exactly once and every balance is what they
// imply; ledger:verify finds 0 violations; no request the draining instance took failed; no instance exited by
// itself; each member session works afterwards through the proxy and on every instance directly; a deposit
// approved on platform-2 reaches the member's live channel on platform-1 within 1 s. Exits 1 with the list of
// what failed, 0 when all hold. The figures are printed as markdown for docs/benchmarks.md.
//
// Env: CLUSTER_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// CLUSTER_REDIS (default 127.0.0.1:6379), CLUSTER_SECONDS (load, default 40), CLUSTER_WALLET_CLIENTS
// (default 12), CLUSTER_WALLET_TIMEOUT_MS (a wallet attempt's time limit before it is sent again, default 5000),
// CLUSTER_MEMBER_CLIENTS (default 6), CLUSTER_KEEP=1 (keep the temporary folder with the instances' logs, HAProxy's
// configuration and log; it is always kept when a check fails).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureServerBuilt, log, root, serverEntry } from './lib.mjs';
import * as net from './cluster/net.mjs';
import { ensureHaproxy, serverStates, startHaproxy } from './cluster/haproxy.mjs';

if (process.getuid?.() !== 0) {
  console.error('test:cluster needs root (it creates network namespaces with `ip netns`).');
  process.exit(1);
}
ensureInstalled();
ensureServerBuilt({ quiet: true });
ensureHaproxy(log);
const { default: pg } = await import('pg');
const { tsImport } = await import('tsx/esm/api');
const { prepareWalletServer, signedHeaders } = await import('./bench/wallet.mjs');

const baseUrl =
  process.env.CLUSTER_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisTarget = process.env.CLUSTER_REDIS ?? '127.0.0.1:6379';
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 40);
const WALLET_CLIENTS = Number(process.env.CLUSTER_WALLET_CLIENTS ?? 12);
/** A vendor's time limit: an attempt without an answer by then is sent again (to whichever instance HAProxy picks). */
const WALLET_TIMEOUT_MS = Number(process.env.CLUSTER_WALLET_TIMEOUT_MS ?? 5000);
const MEMBER_CLIENTS = Number(process.env.CLUSTER_MEMBER_CLIENTS ?? 6);
const INSTANCES = 3;
const PLAYERS = 16;
const VENDOR = 'CLUSTER';
const SECRET = randomBytes(24).toString('hex');
const FUND = 100_000_000n;
const DRAIN_SECONDS = 10;
const CUT_SECONDS = 10;
const LIVE_LIMIT_MS = 1000;
const KILLED = 1;
const DRAINED = 2;
const CUT = 3;
const pgTarget = (() => {
  const u = new URL(baseUrl);
  return `${u.hostname}:${u.port || 5432}`;
})();

const failures = [];
const fail = (msg) => failures.push(msg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const work = mkdtempSync(join(tmpdir(), 'lotus-cluster-'));
const publicPort = 23000 + randomInt(1000);
const opsPort = publicPort + 1000;
const statsPort = publicPort + 2000;
const proxyUrl = `http://127.0.0.1:${publicPort}`;
const masterKey = randomBytes(32).toString('base64');
const dbName = `lotus_cluster_${process.pid}`;
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
dbUrl.hostname = net.PG_RELAY;
dbUrl.port = '5432';
let T0 = Date.now();
const rel = (at = Date.now()) => ((at - T0) / 1000).toFixed(1);
const timeline = [];
const mark = (what) => {
  timeline.push({ at: Date.now(), what });
  log(`cluster [t=${rel()} s] ${what}`);
};

// ---------- leftovers, clean-up on every way out ----------
let finished = false;
let dbCreated = false;
let haproxy = null;
let relay = null;
const instances = [];

function dropLeftoverDatabases() {
  const r = spawnSync(
    'psql',
    [baseUrl, '-Atc', "select datname from pg_database where datname like 'lotus_cluster_%'"],
    { encoding: 'utf8' },
  );
  for (const name of (r.stdout ?? '').split('\n').filter(Boolean)) {
    const pid = Number(name.slice('lotus_cluster_'.length));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      /* that run is gone */
    }
    if (!alive) spawnSync('psql', [baseUrl, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  }
}

/** Synchronous: children, the database, the namespaces. Runs at exit, whatever the way out. */
function hardCleanup() {
  for (const inst of instances) if (inst.child && inst.child.exitCode === null) inst.child.kill('SIGKILL');
  if (haproxy && haproxy.exitCode === null) haproxy.kill('SIGKILL');
  if (relay && relay.exitCode === null) relay.kill('SIGKILL');
  if (dbCreated) spawnSync('psql', [baseUrl, '-qc', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  net.cleanup();
}
process.on('exit', hardCleanup);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`test:cluster: ${signal}, cleaning up`);
    rmSync(work, { recursive: true, force: true });
    process.exit(130);
  });
}

// ---------- HAProxy's log: who took each request, and the servers' state changes ----------
/** X-Cluster-Req id -> { server, status, term, at } (public and operators frontends). */
const haLog = new Map();
/** Requests each server answered through the public frontend: { total, byStatus }. */
const served = {};
const stateChanges = [];
const haOther = [];
let haproxyLog = null;
function onHaproxyLine(line, at, stream) {
  haproxyLog?.write(`${at} ${stream} ${line}\n`);
  const m = /^req=(\S*) srv=(\S+)\/(\S+) st=(-?\d+) ts=(\S+) tt=(-?\d+)/.exec(line);
  if (m) {
    const [, id, backend, server, status, term] = m;
    if (id) haLog.set(id, { backend, server, status: Number(status), term, tt: Number(m[6]), at });
    if (backend === 'platform') {
      served[server] ??= { total: 0, byStatus: {} };
      served[server].total += 1;
      served[server].byStatus[status] = (served[server].byStatus[status] ?? 0) + 1;
    }
    return;
  }
  const s = /Server (platform|operators)\/(platform-\d+) is (UP|DOWN)/.exec(line);
  if (s && stream === 'stderr') return; // the same change, once more on stderr
  if (s) {
    stateChanges.push({ at, backend: s[1], server: s[2], state: s[3], line });
    if (s[1] === 'platform') log(`cluster [t=${rel(at)} s] HAProxy: ${s[2]} ${s[3]}`);
    return;
  }
  if (haOther.length < 50) haOther.push(line);
}

// ---------- instances ----------
function instanceEnv(inst) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: inst.address,
    PORT: '8080',
    LOG_LEVEL: 'warn',
    DATA_DIR: inst.dataDir,
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: `redis://${net.REDIS_RELAY}:6379`,
    PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
    LOTUS_MASTER_KEY: masterKey,
    // The sandbox mail and SMS outboxes (no real transports here); no sandbox PSP: deposits are bank transfers.
    ALLOW_SANDBOX_TRANSPORTS: '1',
    // The proxy connects from the root side of the veth (10.210.N.1); 127.0.0.1 stands for the load balancer in
    // front of HAProxy, so that each member keeps its own address (X-Forwarded-For), as behind a real one.
    TRUST_PROXY: '10.210.0.0/16,127.0.0.1',
    DRAIN_SECONDS: String(DRAIN_SECONDS),
  };
}

function startInstance(inst) {
  const fd = openSync(inst.logFile, 'a');
  const child = spawn(
    'ip',
    ['netns', 'exec', net.nsName(inst.n), process.execPath, ...serverEntry('server')],
    {
      cwd: root,
      env: instanceEnv(inst),
      stdio: ['ignore', fd, fd],
    },
  );
  closeSync(fd);
  inst.child = child;
  inst.starts += 1;
  inst.expectExit = false;
  child.once('exit', (code, signal) => {
    inst.exits.push({ at: Date.now(), code, signal });
    if (!inst.expectExit && !finished && inst.child === child) {
      fail(
        `${inst.name} exited by itself (${signal ?? `exit code ${code}`}) at t=${rel()} s; see ${inst.logFile}`,
      );
      mark(`${inst.name} exited by itself (${signal ?? code}): restarting`);
      startInstance(inst);
    }
  });
  return child;
}

async function waitReady(inst, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (inst.child?.exitCode !== null && inst.child?.exitCode !== undefined)
      throw new Error(`${inst.name} exited while starting; see ${inst.logFile}`);
    try {
      const res = await fetch(`${inst.url}/health/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error(`${inst.name} not ready after ${timeoutMs / 1000} s; see ${inst.logFile}`);
}

/** Waits until HAProxy's platform backend has every one of `names` UP (or the time is up: returns false). */
async function waitUp(names, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const states = await serverStates(statsPort);
      if (names.every((n) => states[n] === 'UP')) return true;
    } catch {
      /* stats not up yet */
    }
    await sleep(250);
  }
  return false;
}

function stopChild(child, signal, timeoutMs) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  return Promise.race([exited, sleep(timeoutMs)]);
}

// ---------- requests ----------
let reqSeq = 0;
const errorKind = (error) => {
  const code = error?.cause?.code ?? error?.code ?? '';
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return 'timeout';
  if (/ECONNRESET|UND_ERR_SOCKET|EPIPE|other side closed/i.test(`${code} ${error?.cause?.message ?? ''}`))
    return 'reset';
  if (/ECONNREFUSED/.test(code)) return 'refused';
  return `error ${code || error?.message}`;
};

/** One HTTP request with an id HAProxy logs; never throws: { id, t0, t1, status, body, server, error }. */
async function request(url, { method = 'GET', headers = {}, body, prefix, timeoutMs = 20_000 }) {
  const id = `${prefix}${++reqSeq}`;
  const t0 = Date.now();
  try {
    const res = await fetch(url, {
      method,
      headers: { 'x-cluster-req': id, ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON (a proxy's error page) */
    }
    return {
      id,
      t0,
      t1: Date.now(),
      status: res.status,
      body: json,
      server: res.headers.get('x-cluster-server'),
      error: null,
    };
  } catch (error) {
    return { id, t0, t1: Date.now(), status: 0, body: null, server: null, error: errorKind(error) };
  }
}

/** The live-update latency in words: the event may arrive before the approve call's own answer. */
const liveText = (live) =>
  `balance event ${live.ms >= 0 ? `${live.ms} ms after` : `${-live.ms} ms before`} the approve call's answer (${live.sinceSentMs} ms after the call was sent; the call took ${live.approveMs} ms)`;

// ---------- the run ----------
const figures = {};
const admin = new pg.Client({ connectionString: baseUrl });
let opsToken = null;
try {
  await admin.connect();
  dropLeftoverDatabases();
  net.setUp(INSTANCES);
  const cutMethod = net.cutMethod();
  log(
    `cluster: network namespaces ${Array.from({ length: INSTANCES }, (_, i) => net.nsName(i + 1)).join(', ')}; PostgreSQL cut by ${cutMethod}`,
  );

  relay = spawn(
    process.execPath,
    [
      join(root, 'scripts/cluster/relay.mjs'),
      `${net.PG_RELAY}:5432=${pgTarget}`,
      `${net.REDIS_RELAY}:6379=${redisTarget}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    relay.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    relay.once('exit', (code) => reject(new Error(`the relay exited ${code}`)));
  });

  await admin.query(`CREATE DATABASE ${dbName}`);
  dbCreated = true;

  for (let n = 1; n <= INSTANCES; n++) {
    instances.push({
      n,
      name: `platform-${n}`,
      address: net.instanceAddress(n),
      url: `http://${net.instanceAddress(n)}:8080`,
      dataDir: join(work, `data-${n}`),
      logFile: join(work, `platform-${n}.log`),
      child: null,
      starts: 0,
      exits: [],
      expectExit: false,
    });
  }
  const [first] = instances;
  // The first instance alone: it migrates the empty database and creates the operator `owner` (ops.json in its
  // DATA_DIR). Two starting together could both try to create `owner` (docs/deploy.md "The first operator").
  let started = Date.now();
  startInstance(first);
  await waitReady(first);
  for (let i = 0; i < 100 && !existsSync(join(first.dataDir, 'ops.json')); i++) await sleep(100);
  opsToken = JSON.parse(readFileSync(join(first.dataDir, 'ops.json'), 'utf8')).token;
  figures.firstStartMs = Date.now() - started;
  started = Date.now();
  for (const inst of instances.slice(1)) {
    startInstance(inst);
    await waitReady(inst);
  }
  figures.otherStartsMs = Date.now() - started;
  log(
    `cluster: ${first.name} up in ${(figures.firstStartMs / 1000).toFixed(1)} s (migrations), the other two in ${(figures.otherStartsMs / 1000).toFixed(1)} s`,
  );

  const servers = instances.map((i) => ({ name: i.name, address: i.address, port: 8080 }));
  haproxyLog = createWriteStream(join(work, 'haproxy.log'));
  const ha = startHaproxy({
    root,
    dir: work,
    servers,
    publicPort,
    opsPort,
    statsPort,
    onLine: onHaproxyLine,
  });
  haproxy = ha.child;
  haproxy.once('exit', (code, signal) => {
    if (!finished) fail(`HAProxy exited during the run (${signal ?? code})`);
  });
  if (!(await waitUp(instances.map((i) => i.name))))
    throw new Error(
      `HAProxy did not see the three instances UP: ${JSON.stringify(await serverStates(statsPort))}`,
    );
  log(
    `cluster: HAProxy ${proxyUrl} (stats http://127.0.0.1:${statsPort}/, config ${ha.file}): three servers UP`,
  );

  // Vendor, members (logged in, launched, funded) through instance 1: /ops answers on each instance's port here.
  const players = await prepareWalletServer({
    url: first.url,
    dataDir: first.dataDir,
    players: PLAYERS,
    log,
    tsImport,
    vendorCode: VENDOR,
    secret: SECRET,
    fund: String(FUND),
  });

  // The deposit channel for the live-update check: a new channel waits for a second admin (docs/adr/0081).
  const ops = async (inst, method, path, body, token = opsToken) => {
    const r = await request(`${inst.url}${path}`, {
      method,
      prefix: 'o',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (r.status !== 200 || !r.body?.success)
      throw new Error(`${method} ${path} on ${inst.name}: ${r.status} ${r.error ?? JSON.stringify(r.body)}`);
    return r.body.value;
  };
  await ops(first, 'POST', '/ops/operators', { username: 'second', role: 'admin' });
  const second = await ops(first, 'POST', '/ops/operators/second/tokens', { days: 1, name: 'cluster test' });
  await sleep(50);
  const channel = 'clusterbank';
  const requested = await ops(first, 'POST', '/ops/payment-channels?reason=cluster%20test%20channel', {
    code: channel,
    kind: 'bank_transfer',
    nameTh: 'ธนาคารทดสอบ',
    nameEn: 'Cluster test bank',
    bankCode: 'KBANK',
    accountNumber: '123-4-56789-0',
    accountName: 'LOTUS CLUSTER',
    min: '100.00',
    max: '50000.00',
    dailyLimit: '200000.00',
  });
  if (requested.status === 'pending')
    await ops(first, 'POST', `/ops/approvals/${requested.approvalId}/approve`, {}, second.token);

  // ---------- the load ----------
  const acknowledged = new Map();
  const expectedDelta = new Map(players.map((p) => [p.playerId, 0n]));
  /** Every wallet attempt that got no definite answer, and every member call: { id, t0, t1, status, error, server, ... }. */
  const walletMisses = [];
  const memberCalls = [];
  let walletSent = 0;
  let walletRetries = 0;
  let stop = false;

  async function definite(path, body) {
    const raw = JSON.stringify(body);
    for (;;) {
      walletSent += 1;
      const r = await request(`${proxyUrl}${path}`, {
        method: 'POST',
        prefix: 'w',
        headers: signedHeaders(path, raw, SECRET, VENDOR),
        body: raw,
        timeoutMs: WALLET_TIMEOUT_MS,
      });
      const a = r.body;
      if (
        r.status === 200 &&
        a &&
        (a.status === 'OK' || (a.status === 'ERROR' && a.code !== 'INTERNAL_ERROR'))
      )
        return a;
      walletMisses.push({ ...r, path, answer: a && r.status === 200 ? a.code : null });
      walletRetries += 1;
      await sleep(20 + randomInt(80));
    }
  }
  async function duplicated(path, body) {
    const copies = 1 + randomInt(3);
    const answers = await Promise.all(
      Array.from({ length: copies }, async (_, i) => {
        if (i > 0 && randomInt(2) === 0) await sleep(randomInt(50));
        return definite(path, body);
      }),
    );
    const a0 = answers[0];
    for (const a of answers) {
      if (
        a.status !== a0.status ||
        a.code !== a0.code ||
        a.platformTransactionId !== a0.platformTransactionId
      ) {
        fail(`copies of ${body.transactionId} answered differently: ${JSON.stringify(answers)}`);
        break;
      }
    }
    return a0;
  }
  let seq = 0;
  async function walletClient(c) {
    while (!stop) {
      const p = players[(c + seq) % players.length];
      seq += 1;
      const round = `c${c}r${seq}`;
      const bet = {
        requestId: `${round}-b`,
        playerId: p.playerId,
        sessionToken: p.sessionToken,
        transactionId: `${round}-b`,
        roundId: round,
        gameCode: 'slot-1',
        amount: String(100 + randomInt(900)),
        currency: p.currency,
      };
      if (randomInt(3) === 0) {
        const rollback = {
          requestId: `${round}-x`,
          playerId: p.playerId,
          transactionId: `${round}-x`,
          referenceTransactionId: bet.transactionId,
          roundId: round,
        };
        let betAnswer;
        let rollbackAnswer;
        if (randomInt(2) === 0) {
          [rollbackAnswer, betAnswer] = await Promise.all([
            duplicated('/vendor/v1/wallet/rollback', rollback),
            sleep(randomInt(20)).then(() => duplicated('/vendor/v1/wallet/bet', bet)),
          ]);
        } else {
          betAnswer = await duplicated('/vendor/v1/wallet/bet', bet);
          rollbackAnswer = await duplicated('/vendor/v1/wallet/rollback', rollback);
        }
        acknowledged.set(bet.transactionId, { kind: 'bet', player: p.playerId, answer: betAnswer });
        acknowledged.set(rollback.transactionId, {
          kind: 'rollback',
          player: p.playerId,
          answer: rollbackAnswer,
        });
        if (rollbackAnswer.status !== 'OK')
          fail(`rollback ${rollback.transactionId} refused: ${rollbackAnswer.code}`);
      } else {
        const win = {
          requestId: `${round}-w`,
          playerId: p.playerId,
          transactionId: `${round}-w`,
          roundId: round,
          gameCode: 'slot-1',
          amount: String(randomInt(2000)),
          currency: p.currency,
          betTransactionId: bet.transactionId,
        };
        const betAnswer = await duplicated('/vendor/v1/wallet/bet', bet);
        const winAnswer = await duplicated('/vendor/v1/wallet/win', win);
        acknowledged.set(bet.transactionId, { kind: 'bet', player: p.playerId, answer: betAnswer });
        acknowledged.set(win.transactionId, { kind: 'win', player: p.playerId, answer: winAnswer });
        if (betAnswer.status !== 'OK') fail(`bet ${bet.transactionId} refused: ${betAnswer.code}`);
        if (winAnswer.status !== 'OK') fail(`win ${win.transactionId} refused: ${winAnswer.code}`);
        expectedDelta.set(
          p.playerId,
          expectedDelta.get(p.playerId) - BigInt(bet.amount) + BigInt(win.amount),
        );
      }
    }
  }
  const memberHeaders = (p) => ({
    authorization: p.token,
    'x-forwarded-for': p.ip,
    'user-agent': 'lotus-bench',
  });
  async function memberClient(c) {
    let k = 0;
    while (!stop) {
      const p = players[(c * 5 + k) % players.length];
      const path = k % 2 === 0 ? '/wps/member/info' : '/wps/v2/wallets/balance';
      k += 1;
      // Sent once: a retry could hide a dropped request.
      const r = await request(`${proxyUrl}${path}`, { prefix: 'm', headers: memberHeaders(p) });
      memberCalls.push({ ...r, path, ok: r.status === 200 && r.body?.success === true });
      await sleep(20 + randomInt(20));
    }
  }

  // ---------- the failures ----------
  const byN = (n) => instances[n - 1];
  const events = {};
  async function chaos() {
    const at = (fraction) => sleep(Math.max(0, T0 + SECONDS * 1000 * fraction - Date.now()));
    // SIGKILL platform-1: requests in flight there are lost (HAProxy answers 502); restarted 4 s later.
    await at(0.05);
    const killed = byN(KILLED);
    killed.expectExit = true;
    events.kill = { at: Date.now(), name: killed.name };
    mark(`SIGKILL ${killed.name}`);
    await stopChild(killed.child, 'SIGKILL', 5000);
    await sleep(4000);
    mark(`restarting ${killed.name}`);
    events.kill.restartAt = Date.now();
    startInstance(killed);
    await waitReady(killed);
    events.kill.readyAt = Date.now();
    mark(`${killed.name} ready again`);
    events.kill.upAgain = await waitUp([killed.name], 15_000);

    // SIGTERM platform-2 once platform-1 is back in HAProxy: it drains (503 on /health/ready for DRAIN_SECONDS
    // while it serves), then closes.
    await at(0.25);
    const drained = byN(DRAINED);
    drained.expectExit = true;
    events.drain = { at: Date.now(), name: drained.name };
    mark(`SIGTERM ${drained.name} (drain ${DRAIN_SECONDS} s)`);
    const exited = new Promise((r) => drained.child.once('exit', (code, signal) => r({ code, signal })));
    drained.child.kill('SIGTERM');
    const exit = await Promise.race([exited, sleep((DRAIN_SECONDS + 15) * 1000).then(() => null)]);
    events.drain.exitAt = Date.now();
    events.drain.exit = exit;
    mark(
      `${drained.name} exited (${exit ? (exit.signal ?? `code ${exit.code}`) : 'not within the drain + 15 s: killed'})`,
    );
    if (!exit) await stopChild(drained.child, 'SIGKILL', 5000);
    startInstance(drained);
    events.drain.restartAt = Date.now();
    const drainedReady = waitReady(drained).then(() => mark(`${drained.name} ready again`));

    // Cut platform-3 from PostgreSQL (its relay's address only) for CUT_SECONDS, while platform-2 restarts.
    await sleep(500);
    const cut = byN(CUT);
    events.cut = { at: Date.now(), name: cut.name, method: cutMethod };
    mark(`cutting ${cut.name} from PostgreSQL (${cutMethod}) for ${CUT_SECONDS} s`);
    net.cutPostgres(CUT, cutMethod);
    await sleep(CUT_SECONDS * 1000);
    net.restorePostgres(CUT, cutMethod);
    events.cut.restoredAt = Date.now();
    mark(`${cut.name} reconnected to PostgreSQL`);
    await drainedReady;
  }

  log(
    `cluster: load for ${SECONDS} s: ${WALLET_CLIENTS} wallet clients (each call 1-3 times, resent until a definite answer), ${MEMBER_CLIENTS} member clients (each call once)`,
  );
  T0 = Date.now();
  const load = [
    ...Array.from({ length: WALLET_CLIENTS }, (_, c) => walletClient(c)),
    ...Array.from({ length: MEMBER_CLIENTS }, (_, c) => memberClient(c)),
  ];
  await chaos();
  const left = SECONDS * 1000 - (Date.now() - T0);
  if (left > 0) await sleep(left);
  stop = true;
  mark('load stopped; waiting for the requests in flight');
  await Promise.all(load);
  const loadEnd = Date.now();
  figures.loadSeconds = (loadEnd - T0) / 1000;

  // Every instance back in HAProxy before the checks that go through it.
  for (const inst of instances)
    if (inst.child.exitCode !== null || inst.child.signalCode !== null) startInstance(inst);
  for (const inst of instances) await waitReady(inst);
  if (
    !(await waitUp(
      instances.map((i) => i.name),
      30_000,
    ))
  )
    fail(
      `not every instance was UP in HAProxy after the run: ${JSON.stringify(await serverStates(statsPort))}`,
    );
  await sleep(300); // the last log lines

  // ---------- who took the failed requests ----------
  const serverOf = (r) => haLog.get(r.id)?.server ?? r.server ?? '?';
  const within = (r, from, to) => r.t1 >= from && r.t0 <= to;
  const drainFrom = events.drain.at;
  const drainTo = events.drain.exitAt;
  const killFrom = events.kill.at;
  const killTo = events.kill.readyAt ?? events.kill.restartAt;
  const cutFrom = events.cut.at;
  const cutTo = events.cut.restoredAt + 30_000;
  const causeOf = (r) => {
    const srv = serverOf(r);
    if (srv === byN(DRAINED).name && within(r, drainFrom, drainTo + 1000)) return 'drain';
    if (srv === byN(KILLED).name && within(r, killFrom - 100, killTo)) return 'kill';
    if (srv === byN(CUT).name && within(r, cutFrom - 100, cutTo)) return 'cut';
    // No HAProxy log line: HAProxy closes a kept-alive client connection without an answer (and without a log
    // line) when the server dies under a request, so that the client may send it again. Around the SIGKILL that
    // is the kill; in the drain window it counts against the drain (strict).
    if (within(r, drainFrom, drainTo) && (srv === '<NOSRV>' || srv === '?')) return 'drain';
    if (srv === '?' && within(r, killFrom - 100, killFrom + 1500)) return 'kill';
    return 'other';
  };
  const describe = (r) =>
    `${r.id} ${r.path} t=${rel(r.t0)}..${rel(r.t1)} s via ${serverOf(r)}: ${r.error ?? `HTTP ${r.status}${r.answer ? ` ${r.answer}` : r.body && !r.ok ? ` ${JSON.stringify(r.body).slice(0, 120)}` : ''}`} (HAProxy ${haLog.get(r.id)?.term ?? 'no log line'})`;
  const memberFailed = memberCalls.filter((r) => !r.ok);
  const group = (list) => {
    const g = { drain: [], kill: [], cut: [], other: [] };
    for (const r of list) g[causeOf(r)].push(r);
    return g;
  };
  const memberBy = group(memberFailed);
  const walletBy = group(walletMisses);
  const inDrainWindow = memberCalls.filter((r) => within(r, drainFrom, drainTo));
  const drainTook = inDrainWindow.filter((r) => serverOf(r) === byN(DRAINED).name);
  // Every wallet attempt the drained instance took in the window, from HAProxy's log.
  let walletDrainTook = 0;
  for (const [id, e] of haLog)
    if (id.startsWith('w') && e.server === byN(DRAINED).name && e.at >= drainFrom && e.at <= drainTo + 1000)
      walletDrainTook += 1;
  figures.drain = {
    memberCallsInWindow: inDrainWindow.length,
    memberCallsDrainedTook: drainTook.length,
    memberFailedInWindowAnyInstance: inDrainWindow.filter((r) => !r.ok).length,
    walletAttemptsDrainedTook: walletDrainTook,
  };
  const downAfter = (name, from) =>
    stateChanges.find(
      (s) => s.backend === 'platform' && s.server === name && s.state === 'DOWN' && s.at >= from,
    );
  const upAfter = (name, from) =>
    stateChanges.find(
      (s) => s.backend === 'platform' && s.server === name && s.state === 'UP' && s.at >= from,
    );
  const drainDown = downAfter(byN(DRAINED).name, drainFrom);
  figures.drain.downAfterMs = drainDown ? drainDown.at - drainFrom : null;
  figures.drain.exitAfterMs = drainTo - drainFrom;
  figures.drain.exit = events.drain.exit;
  const killDown = downAfter(byN(KILLED).name, killFrom);
  figures.kill = {
    downAfterMs: killDown ? killDown.at - killFrom : null,
    upAfterRestartMs: (() => {
      const u = upAfter(byN(KILLED).name, events.kill.restartAt);
      return u ? u.at - events.kill.restartAt : null;
    })(),
  };
  const cutDown = downAfter(byN(CUT).name, cutFrom);
  const cutUp = upAfter(byN(CUT).name, cutFrom);
  // Requests the cut instance held through the cut and answered after the restore (HAProxy's total time).
  let held = 0;
  let heldMax = 0;
  for (const e of haLog.values()) {
    if (
      e.server === byN(CUT).name &&
      e.at >= events.cut.restoredAt &&
      e.at <= events.cut.restoredAt + 15_000 &&
      e.tt >= (CUT_SECONDS * 1000) / 2
    ) {
      held += 1;
      heldMax = Math.max(heldMax, e.tt);
    }
  }
  figures.cut = {
    method: cutMethod,
    downAfterMs: cutDown ? cutDown.at - cutFrom : null,
    upAfterRestoreMs: cutUp ? cutUp.at - events.cut.restoredAt : null,
    held,
    heldMax,
  };

  // ---------- sessions after the kills: through the proxy, and on every instance directly ----------
  const sessionFailures = [];
  const sessionServers = new Set();
  for (const p of players) {
    for (let i = 0; i < INSTANCES; i++) {
      const r = await request(`${proxyUrl}/wps/member/info`, { prefix: 's', headers: memberHeaders(p) });
      if (r.status === 200 && r.body?.success) sessionServers.add(r.server);
      else
        sessionFailures.push(
          `${p.playerId} through the proxy (${r.server ?? serverOf(r)}): ${r.error ?? `HTTP ${r.status} ${JSON.stringify(r.body)?.slice(0, 160)}`}`,
        );
    }
    for (const inst of instances) {
      const r = await request(`${inst.url}/wps/member/info`, { prefix: 's', headers: memberHeaders(p) });
      if (!(r.status === 200 && r.body?.success))
        sessionFailures.push(
          `${p.playerId} on ${inst.name} directly: ${r.error ?? `HTTP ${r.status} ${JSON.stringify(r.body)?.slice(0, 160)}`}`,
        );
    }
  }
  figures.sessions = {
    members: players.length,
    callsOk: players.length * INSTANCES * 2 - sessionFailures.length,
    calls: players.length * INSTANCES * 2,
    proxyServers: [...sessionServers].sort(),
  };

  // ---------- live updates: the channel on platform-1, the approval on platform-2 ----------
  const live = { ms: null, sinceSentMs: null, error: null };
  try {
    const member = players[0];
    const A = byN(1);
    const B = byN(2);
    const socket = new WebSocket(`ws://${A.address}:8080/wps/live`);
    const messages = [];
    let onMessage = () => {};
    socket.addEventListener('message', (m) => {
      const msg = { at: performance.now(), type: JSON.parse(String(m.data)).type };
      messages.push(msg);
      onMessage(msg);
    });
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve);
      socket.addEventListener('error', () => reject(new Error('the WebSocket did not open')));
    });
    const waitFor = (type, ms) =>
      new Promise((resolve, reject) => {
        const found = messages.find((m) => m.type === type);
        if (found) return resolve(found);
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no ${type} message within ${ms} ms (got ${JSON.stringify(messages.map((m) => m.type))})`,
              ),
            ),
          ms,
        );
        onMessage = (m) => {
          if (m.type === type) {
            clearTimeout(timer);
            resolve(m);
          }
        };
      });
    socket.send(JSON.stringify({ type: 'auth', token: member.token }));
    await waitFor('ready', 10_000);
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const dep = await request(`${proxyUrl}/wps/cashier/deposits`, {
      method: 'POST',
      prefix: 'd',
      headers: { ...memberHeaders(member), 'content-type': 'application/json' },
      body: JSON.stringify({
        channel,
        amount: '500.00',
        transferredAt: new Date().toISOString(),
        reference: 'CLUSTER-1',
        slipImage: `data:image/png;base64,${png}`,
      }),
    });
    if (dep.status !== 200 || !dep.body?.success)
      throw new Error(`deposit request: HTTP ${dep.status} ${dep.error ?? JSON.stringify(dep.body)}`);
    const depositId = dep.body.value.deposit?.id ?? dep.body.value.id;
    const sent = performance.now();
    const approved = await request(`${B.url}/ops/deposits/${depositId}/approve`, {
      method: 'POST',
      prefix: 'o',
      headers: { authorization: `Bearer ${opsToken}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const answered = performance.now();
    if (approved.status !== 200 || !approved.body?.success)
      throw new Error(
        `approve on ${B.name}: HTTP ${approved.status} ${approved.error ?? JSON.stringify(approved.body)}`,
      );
    if (approved.body.value.approvalId)
      throw new Error(
        `approve on ${B.name} became a four-eyes request: ${JSON.stringify(approved.body.value)}`,
      );
    const balance = await waitFor('balance', 10_000);
    live.ms = Math.round(balance.at - answered);
    live.sinceSentMs = Math.round(balance.at - sent);
    live.approveMs = Math.round(answered - sent);
    socket.close();
  } catch (error) {
    live.error = error instanceof Error ? error.message : String(error);
  }
  figures.live = live;

  // ---------- the ledger ----------
  const db = new pg.Client({ connectionString: new URL(`/${dbName}`, baseUrl).toString() });
  await db.connect();
  const rows = (
    await db.query(
      `select key, (count(*) filter (where kind <> 'refused'))::int as n, max(reason) filter (where kind = 'refused') as refused
         from ledger_transactions where op = 'game' and actor_id = $1 group by key`,
      [VENDOR],
    )
  ).rows;
  const recorded = new Map(rows.map((r) => [r.key, r.n]));
  const refusedCode = new Map(rows.map((r) => [r.key, r.refused]));
  const ledgerFailures = [];
  let applied = 0;
  for (const [txid, ack] of acknowledged) {
    const n = recorded.get(`${VENDOR}:${ack.player}:${txid}`) ?? 0;
    if (ack.answer.status === 'OK') {
      applied += 1;
      if (n !== 1) ledgerFailures.push(`acknowledged ${txid} is in the ledger ${n} times`);
    } else if (n !== 0)
      ledgerFailures.push(`refused ${txid} (${ack.answer.code}) is in the ledger ${n} times`);
    else {
      const code = refusedCode.get(`${VENDOR}:${ack.player}:${txid}`);
      if (code && code !== ack.answer.code)
        ledgerFailures.push(`refused ${txid} answered ${ack.answer.code} but recorded as ${code}`);
    }
  }
  const balanceFailures = [];
  for (const p of players) {
    const r = await db.query(`select balance::text from ledger_accounts where code = $1`, [
      `m:${p.playerId}:main`,
    ]);
    const balance = BigInt(r.rows[0]?.balance ?? '0');
    // The live-update deposit (500.00 = 50000 minor units) went to the first player.
    const deposit = p === players[0] && live.ms !== null ? 50_000n : 0n;
    const expected = FUND + expectedDelta.get(p.playerId) + deposit;
    if (balance !== expected)
      balanceFailures.push(
        `player ${p.playerId}: balance ${balance}, acknowledged operations imply ${expected}`,
      );
    if (balance < 0n) balanceFailures.push(`player ${p.playerId} below zero`);
  }
  await db.end();
  const verify = (
    await request(`${first.url}/ops/ledger/verify`, {
      prefix: 'o',
      headers: { authorization: `Bearer ${opsToken}` },
      timeoutMs: 120_000,
    })
  ).body;
  const verifyFailure = !verify?.success
    ? `ledger:verify failed to run: ${verify?.message}`
    : !verify.value.ok
      ? `ledger:verify: ${JSON.stringify(verify.value.violations).slice(0, 500)}`
      : null;

  // ---------- assertions ----------
  const checks = [
    [
      'every acknowledged wallet operation in the ledger exactly once',
      ledgerFailures.length === 0,
      `${acknowledged.size} acknowledged, ${applied} applied`,
      ledgerFailures,
    ],
    [
      'each balance equals what the acknowledged operations imply',
      balanceFailures.length === 0,
      `${players.length} players`,
      balanceFailures,
    ],
    [
      'ledger:verify: 0 violations',
      !verifyFailure,
      `${verify?.value?.entries ?? '?'} entries, ${verify?.value?.violations?.length ?? '?'} violations`,
      verifyFailure ? [verifyFailure] : [],
    ],
    [
      `no member call the draining ${byN(DRAINED).name} took failed`,
      memberBy.drain.length === 0,
      `${drainTook.length} member calls taken by it in the drain window, ${memberBy.drain.length} failed`,
      memberBy.drain.map(describe),
    ],
    [
      `no wallet request the draining ${byN(DRAINED).name} took failed`,
      walletBy.drain.length === 0,
      `${walletDrainTook} wallet attempts taken by it in the drain window, ${walletBy.drain.length} failed`,
      walletBy.drain.map(describe),
    ],
    [
      `the drained ${byN(DRAINED).name} exited 0 after its drain`,
      events.drain.exit?.code === 0,
      `exit ${events.drain.exit ? (events.drain.exit.signal ?? events.drain.exit.code) : 'none'} after ${(figures.drain.exitAfterMs / 1000).toFixed(1)} s, DOWN in HAProxy after ${figures.drain.downAfterMs === null ? '-' : (figures.drain.downAfterMs / 1000).toFixed(1)} s`,
      [],
    ],
    [
      'no instance exited by itself',
      !failures.some((f) => f.includes('exited by itself')),
      instances.map((i) => `${i.name} started ${i.starts}x`).join(', '),
      failures.filter((f) => f.includes('exited by itself')),
    ],
    [
      'sessions work after the kills (proxy and each instance directly)',
      sessionFailures.length === 0 && sessionServers.size === INSTANCES,
      `${figures.sessions.callsOk}/${figures.sessions.calls} calls ok; through the proxy on ${[...sessionServers].join(', ')}`,
      sessionFailures.length
        ? sessionFailures
        : sessionServers.size === INSTANCES
          ? []
          : [`the proxy sent the session calls only to ${[...sessionServers].join(', ')}`],
    ],
    [
      `live update: deposit approved on platform-2 reaches the channel on platform-1 within ${LIVE_LIMIT_MS} ms`,
      live.ms !== null && live.ms <= LIVE_LIMIT_MS,
      live.error ?? liveText(live),
      live.error ? [live.error] : [],
    ],
  ];
  const other = failures.filter((f) => !f.includes('exited by itself'));
  if (other.length)
    checks.push([
      'wallet answers consistent (copies agree, no refusal of a valid operation)',
      false,
      `${other.length} problems`,
      other,
    ]);

  // ---------- report ----------
  const statusList = (srv) =>
    Object.entries(served[srv]?.byStatus ?? {})
      .sort()
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ');
  const memberOk = memberCalls.filter((r) => r.ok).length;
  const fmtS = (ms) => (ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  const node = process.version;
  console.log('\nTimeline (s from the start of the load):');
  for (const t of timeline) console.log(`  ${rel(t.at).padStart(6)}  ${t.what}`);
  for (const s of stateChanges.filter((x) => x.backend === 'platform' && x.at >= T0))
    console.log(`  ${rel(s.at).padStart(6)}  HAProxy: ${s.server} ${s.state}`);
  const lines = [];
  lines.push(`| Figure | Value |`);
  lines.push(`|---|---|`);
  lines.push(
    `| Load | ${figures.loadSeconds.toFixed(1)} s through HAProxy 2.6: ${WALLET_CLIENTS} wallet clients, ${MEMBER_CLIENTS} member clients, ${players.length} players |`,
  );
  lines.push(
    `| Wallet operations acknowledged | ${acknowledged.size} (${applied} applied), ${walletSent} requests sent, ${walletRetries} resent without a definite answer (client time limit ${WALLET_TIMEOUT_MS / 1000} s) |`,
  );
  lines.push(
    `| Wallet attempts without a definite answer, by cause | kill ${walletBy.kill.length}, drain ${walletBy.drain.length}, PostgreSQL cut ${walletBy.cut.length}, other ${walletBy.other.length} |`,
  );
  lines.push(
    `| Member calls (each sent once) | ${memberCalls.length}, ${memberOk} ok; failed: kill ${memberBy.kill.length}, drain ${memberBy.drain.length}, PostgreSQL cut ${memberBy.cut.length}, other ${memberBy.other.length} |`,
  );
  for (const inst of instances)
    lines.push(
      `| Requests ${inst.name} answered through the proxy | ${served[inst.name]?.total ?? 0} (${statusList(inst.name)}) |`,
    );
  if (served['<NOSRV>'])
    lines.push(
      `| Requests HAProxy answered itself (no server) | ${served['<NOSRV>'].total} (${statusList('<NOSRV>')}) |`,
    );
  lines.push(
    `| SIGKILL ${byN(KILLED).name} | DOWN in HAProxy after ${fmtS(figures.kill.downAfterMs)}; restarted 4 s later, UP ${fmtS(figures.kill.upAfterRestartMs)} after the restart |`,
  );
  lines.push(
    `| SIGTERM ${byN(DRAINED).name} (DRAIN_SECONDS=${DRAIN_SECONDS}) | DOWN after ${fmtS(figures.drain.downAfterMs)}, exited ${events.drain.exit ? (events.drain.exit.signal ?? `code ${events.drain.exit.code}`) : '-'} after ${fmtS(figures.drain.exitAfterMs)}; drain window: ${inDrainWindow.length} member calls (${drainTook.length} on ${byN(DRAINED).name}), ${figures.drain.memberFailedInWindowAnyInstance} failed; ${walletDrainTook} wallet attempts on ${byN(DRAINED).name}, ${walletBy.drain.length} failed |`,
  );
  lines.push(
    `| PostgreSQL cut of ${byN(CUT).name}, ${CUT_SECONDS} s (${cutMethod}) | DOWN after ${fmtS(figures.cut.downAfterMs)}, UP ${fmtS(figures.cut.upAfterRestoreMs)} after the restore; ${figures.cut.held} requests held through the cut and answered after it (longest ${fmtS(figures.cut.heldMax)}) |`,
  );
  lines.push(
    `| Sessions afterwards | ${figures.sessions.callsOk}/${figures.sessions.calls} member calls ok (through the proxy and on each instance directly) |`,
  );
  lines.push(
    `| Live update, approve on platform-2 -> balance event on platform-1 | ${live.ms === null ? `failed: ${live.error}` : liveText(live)} |`,
  );
  lines.push(
    `| ledger:verify | ${verify?.value?.entries ?? '?'} entries, ${verify?.value?.violations?.length ?? '?'} violations |`,
  );
  console.log(
    `\nFigures (for docs/benchmarks.md; ${new Date().toISOString()}, ${cpus().length} cores, Node ${node}):\n`,
  );
  console.log(lines.join('\n'));

  const lostKill = [...memberBy.kill, ...walletBy.kill];
  const lostCut = [...memberBy.cut, ...walletBy.cut];
  const lostOther = [...memberBy.other, ...walletBy.other];
  if (lostKill.length)
    console.log(
      `\nLost to the SIGKILL (allowed): ${lostKill.length}\n${lostKill
        .slice(0, 10)
        .map((r) => `  ${describe(r)}`)
        .join('\n')}`,
    );
  if (lostCut.length)
    console.log(
      `\nFailed while ${byN(CUT).name} was cut from PostgreSQL (reported, not asserted): ${lostCut.length}\n${lostCut
        .slice(0, 10)
        .map((r) => `  ${describe(r)}`)
        .join('\n')}`,
    );
  if (lostOther.length)
    console.log(
      `\nOther failed requests (reported, not asserted): ${lostOther.length}\n${lostOther
        .slice(0, 10)
        .map((r) => `  ${describe(r)}`)
        .join('\n')}`,
    );

  console.log('\nChecks:\n');
  const width = Math.max(...checks.map((c) => c[0].length));
  for (const [name, ok, detail] of checks)
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name.padEnd(width)}  ${detail}`);
  figures.checks = checks;
  for (const [name, ok, , details] of checks)
    if (!ok) figures.failed = [...(figures.failed ?? []), { name, details }];
} catch (error) {
  fail(`cluster run failed: ${error instanceof Error ? error.stack : error}`);
  figures.crashed = true;
} finally {
  finished = true;
  await Promise.all(instances.map((i) => stopChild(i.child, 'SIGKILL', 5000)));
  await stopChild(haproxy, 'SIGTERM', 5000);
  await stopChild(relay, 'SIGTERM', 5000);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  dbCreated = false;
  await admin.end().catch(() => {});
  net.cleanup();
}

const failedChecks = figures.failed ?? [];
if (figures.crashed || failedChecks.length > 0) {
  console.error('\ntest:cluster: FAILED');
  if (figures.crashed) for (const f of failures) console.error(`  ${f}`);
  for (const { name, details } of failedChecks) {
    console.error(`  FAIL ${name}`);
    for (const d of details.slice(0, 15)) console.error(`       ${d}`);
    if (details.length > 15) console.error(`       ... and ${details.length - 15} more`);
  }
  for (const inst of instances) {
    if (!existsSync(inst.logFile)) continue;
    const tail = readFileSync(inst.logFile, 'utf8').trim().split('\n').slice(-8);
    console.error(
      `\n  last lines of ${inst.logFile}:\n${tail.map((l) => `    ${l.slice(0, 400)}`).join('\n')}`,
    );
  }
  console.error(`\n  logs and the HAProxy configuration are kept in ${work}`);
  process.exit(1);
}
if (!process.env.CLUSTER_KEEP) rmSync(work, { recursive: true, force: true });
log('test:cluster: PASS');
