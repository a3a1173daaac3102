// The wallet bench (issue 8): signed seamless bet+win through HTTP, the floor beside it, 32 vs 8 clients on
// different players, and ledger:verify over 1,000,000 entries. Used by scripts/bench.mjs (`--only=wallet`).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const VENDOR = 'BENCH';
const SECRET = randomBytes(24).toString('hex');

/** Vendor protocol v1.1 (docs/vendor-protocol.md "2. Signing"): hex HMAC-SHA256 of "POST\n<path>\n<X-Timestamp>\n<raw body>". */
export const sign = (secret, path, timestamp, raw) =>
  createHmac('sha256', secret).update(`POST\n${path}\n${timestamp}\n${raw}`).digest('hex');

/** Signed headers of one vendor protocol request to `path` (e.g. /vendor/v1/wallet/bet). */
export function signedHeaders(path, raw, secret = SECRET, vendor = VENDOR) {
  const ts = String(Date.now());
  return { 'content-type': 'application/json', 'x-vendor-code': vendor, 'x-timestamp': ts, 'x-signature': sign(secret, path, ts, raw) };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * Sets up a server for the bench: the vendor BENCH (seamless), `players` real members each logged in,
 * launched and authenticated (a vendor session each), funded with a large win.
 */
export async function prepareWalletServer({ url, dataDir, players, log, tsImport, vendorCode = VENDOR, secret = SECRET, fund = '100000000000' }) {
  const headersFor = (path, raw) => signedHeaders(path, raw, secret, vendorCode);
  const { encryptPayload, importEncryptionKey } = await tsImport('../../packages/contracts/src/enc.ts', import.meta.url);
  const { humanTrace } = await tsImport('../../apps/server/src/modules/verification/slider.rules.ts', import.meta.url);
  const opsFile = join(dataDir, 'ops.json');
  for (let i = 0; i < 100 && !existsSync(opsFile); i++) await new Promise((r) => setTimeout(r, 100));
  const { token: opsToken } = JSON.parse(readFileSync(opsFile, 'utf8'));
  const call = async (method, path, { body, ops, token, headers, ip = '100.80.0.1' } = {}) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        'user-agent': 'lotus-bench',
        // Each player comes from its own address (TRUST_PROXY on loopback), as behind a load balancer.
        'x-forwarded-for': ip,
        ...(ops ? { authorization: `Bearer ${opsToken}` } : {}),
        ...(token ? { authorization: token } : {}),
        ...(body && !headers ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return res.json();
  };
  const vendor = await call('POST', '/ops/vendors/registry', {
    ops: true,
    body: { code: vendorCode, name: `${vendorCode} vendor`, launchUrl: 'https://vendor.example/launch', secret },
  });
  if (!vendor.success) throw new Error(`vendor: ${vendor.message}`);
  const key = await importEncryptionKey((await call('GET', '/wps/system/encryptionKey')).value);
  const pool = async (count, width, fn) => {
    const out = new Array(count);
    let next = 0;
    await Promise.all(
      Array.from({ length: width }, async () => {
        while (next < count) {
          const i = next++;
          out[i] = await fn(i);
        }
      }),
    );
    return out;
  };
  log(`Wallet bench: ${players} players (login, launch, authenticate, fund)...`);
  const password = 'Bench-wallet-42';
  return pool(players, 4, async (i) => {
    const username = `${vendorCode.toLowerCase().slice(0, 4)}${i}x${Date.now() % 100000}`;
    const created = await call('POST', '/ops/members', { ops: true, body: { username, password } });
    if (!created.success) throw new Error(`member: ${created.message}`);
    const ip = `100.81.${(i >> 8) & 255}.${i & 255}`;
    const ch = (await call('GET', '/wps/verification/slider', { ip })).value;
    const { gapX } = (await call('GET', `/ops/challenges/${ch.challengeId}`, { ops: true })).value;
    const solved = await call('POST', '/wps/verification/slider', { ip, body: { challengeId: ch.challengeId, x: gapX, trace: humanTrace(gapX) } });
    if (!solved.success) throw new Error(`slider: ${solved.message}`);
    const login = await call('POST', '/wps/session/login', { ip, body: await encryptPayload(key, { username, password, sliderToken: solved.value.sliderToken }) });
    if (!login.success) throw new Error(`login: ${login.message}`);
    const token = login.value.token;
    // Members made by an operator must choose a password first (ADR 0020): the restricted session may.
    if (login.value.forceChangePassword) {
      const changed = await call('PUT', '/wps/member/password', {
        token,
        ip,
        body: await encryptPayload(key, { oldPassword: password, newPassword: `${password}!`, confirmNewPassword: `${password}!` }),
      });
      if (!changed.success) throw new Error(`password change: ${changed.message}`);
    }
    const launch = await call('POST', '/wps/game/vendorLaunch', { token, ip, body: { vendor: vendorCode, gameCode: 'slot-1' } });
    if (!launch.success) throw new Error(`launch: ${launch.message}`);
    const launchToken = new URL(launch.value.url).searchParams.get('token');
    const rawAuth = JSON.stringify({ token: launchToken });
    const auth = await call('POST', '/vendor/v1/session/authenticate', { body: rawAuth, headers: headersFor('/vendor/v1/session/authenticate', rawAuth) });
    if (auth.status !== 'OK') throw new Error(`authenticate: ${auth.code}`);
    const rawWin = JSON.stringify({ requestId: `fund-${i}`, playerId: auth.playerId, transactionId: `fund-${i}`, roundId: `fund-${i}`, gameCode: 'slot-1', amount: fund, currency: auth.currency });
    const funded = await call('POST', '/vendor/v1/wallet/win', { body: rawWin, headers: headersFor('/vendor/v1/wallet/win', rawWin) });
    if (funded.status !== 'OK') throw new Error(`fund: ${funded.code}`);
    // token and ip: the member's platform session (the house bench launches the house slot with it).
    return { playerId: auth.playerId, sessionToken: auth.sessionToken, currency: auth.currency, token, ip };
  });
}

/**
 * Signed bet, then win, alternately on each connection; each connection plays its own player (so 8 and
 * 32 connections touch 8 and 32 players: a hot row would show as a ratio below 1).
 *
 * The requests are built and signed before the run (enough for 8,000 operations/s; more are built on the fly),
 * as a vendor's own servers would: the load generator shares the 2 cores with the platform, and signing during
 * the run would measure the vendor's HMAC on our machine. Their X-Timestamp is the build time, well inside the
 * 5-minute window of a 10 s run.
 */
export async function loadWallet({ autocannon, url, players, connections, duration, vendorCode = VENDOR, secret = SECRET }) {
  let nextPlayer = 0;
  let seq = 0;
  // Transaction ids unique across runs: the same players play in several runs of one bench.
  const run = randomBytes(4).toString('hex');
  let errors = 0;
  const statusCodes = {};
  const pairOf = (p) => {
    seq += 1;
    const round = `r${run}-${seq}`;
    const bet = JSON.stringify({ requestId: `q${seq}`, playerId: p.playerId, sessionToken: p.sessionToken, transactionId: `b${run}-${seq}`, roundId: round, gameCode: 'slot-1', amount: '100', currency: p.currency });
    seq += 1;
    const win = JSON.stringify({ requestId: `q${seq}`, playerId: p.playerId, transactionId: `w${run}-${seq}`, roundId: round, gameCode: 'slot-1', amount: '50', currency: p.currency });
    return {
      bet: { path: '/vendor/v1/wallet/bet', headers: signedHeaders('/vendor/v1/wallet/bet', bet, secret, vendorCode), body: bet },
      win: { path: '/vendor/v1/wallet/win', headers: signedHeaders('/vendor/v1/wallet/win', win, secret, vendorCode), body: win },
    };
  };
  const playing = players.slice(0, connections);
  const perPlayer = Math.ceil((duration * 8_000) / 2 / Math.max(1, playing.length));
  const ready = new Map(playing.map((p) => [p, Array.from({ length: perPlayer }, () => pairOf(p))]));
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          if (context.player === undefined) context.player = players[nextPlayer++ % players.length];
          context.pair = ready.get(context.player)?.pop() ?? pairOf(context.player);
          return { ...req, ...context.pair.bet };
        },
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"OK"')) {
            errors += 1;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          }
        },
      },
      {
        method: 'POST',
        setupRequest: (req, context) => ({ ...req, ...context.pair.win }),
        onResponse: (status, body) => {
          if (status !== 200 || !body.includes('"OK"')) {
            errors += 1;
            statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          }
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: errors + result.errors + result.timeouts,
    statusCodes,
  };
}

/**
 * The floor: one UPDATE behind a bare Fastify route (floor-server.mjs) on the same kind of database. Started
 * once, so that its runs can alternate with the wallet's: `load({ autocannon, connections, duration })` runs
 * one load against it; `stop()` ends it; `pid` is its process (for CPU accounting).
 */
export async function startFloor({ root, env }) {
  const port = 21000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [join(root, 'scripts/bench/floor-server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`floor server exited ${code}`)));
  });
  let n = 0;
  const nextBody = () => {
    n += 1;
    return JSON.stringify({ player: (n % 1000) + 1, amount: 100 });
  };
  return {
    pid: child.pid,
    async load({ autocannon, connections, duration }) {
      // Bodies built before the run (enough for 20,000 requests/s), like the wallet's requests (loadWallet).
      const bodies = Array.from({ length: duration * 20_000 }, nextBody);
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/debit',
            setupRequest: (req) => ({ ...req, headers: { 'content-type': 'application/json' }, body: bodies.pop() ?? nextBody() }),
          },
        ],
      });
      return {
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        total: result.requests.total,
        errors: result.errors + result.non2xx,
      };
    },
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM')))),
  };
}

/** Times GET /ops/ledger/verify (the ledger:verify command's call), best of two. */
export async function timeVerify({ url, dataDir }) {
  const { token } = JSON.parse(readFileSync(join(dataDir, 'ops.json'), 'utf8'));
  const times = [];
  let last;
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    last = await (await fetch(`${url}/ops/ledger/verify`, { headers: { authorization: `Bearer ${token}` } })).json();
    times.push(performance.now() - started);
  }
  if (!last.success) throw new Error(`verify: ${last.message}`);
  return { entries: last.value.entries, violations: last.value.violations.length, serverMs: last.value.ms, wallMs: Math.round(Math.min(...times)) };
}

export { percentile };
