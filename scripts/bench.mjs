// `npm run bench`: prints the figures the issues ask for.
//   - home first load: JS and CSS bytes (gzip) that a browser fetches to show `/` (measured in Chromium)
//   - GET /wps/system/status under load (autocannon, 50 connections): requests/s and p99, on PGlite and
//     on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
// `npm run bench -- --write` also rewrites docs/benchmarks.md with the results.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureInstalled, ensureRuntime, ensureServerBuilt, ensureWebBuilt, findChromium, log, root, serverEntry } from './lib.mjs';

ensureInstalled();
await ensureRuntime();
ensureServerBuilt();
// The web build is needed by the home and Lighthouse sections only (`--only=games` etc. skip it).
const onlyArg = (process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
if (onlyArg.length === 0 || onlyArg.includes('home') || onlyArg.includes('lighthouse')) ensureWebBuilt();

const { default: autocannon } = await import('autocannon');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const results = { date: new Date().toISOString(), machine: `${cpus().length} cores (${cpus()[0]?.model?.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}` };

/**
 * A production server on PostgreSQL needs what a real deployment has (docs/security.md): a canonical
 * origin, a master key, and real transports; the bench sends no mail or SMS, so it allows the
 * sandbox ones explicitly (ALLOW_SANDBOX_TRANSPORTS=1), and the sandbox PSP, SBX and the demo house
 * vendor it plays with (ALLOW_SANDBOX_PSP=1, docs/adr/0068), rather than pointing at a gateway.
 */
function productionServerEnv(databaseUrl) {
  return {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    LOTUS_MASTER_KEY: randomBytes(32).toString('base64'),
    ALLOW_SANDBOX_TRANSPORTS: '1',
    ALLOW_SANDBOX_PSP: '1',
  };
}

async function startServer(env, cwd = root) {
  const port = 19000 + Math.floor(Math.random() * 1000);
  // This checkout runs its compiled server (ADR 0089); a baseline worktree of an older commit (the login
  // bench's BENCH_LOGIN_BASELINE) runs its sources the way that commit did.
  const args = cwd === root ? serverEntry('server') : ['--import', 'tsx', 'apps/server/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${url}/wps/system/status`);
      if (r.ok) return { url, pid: child.pid, stop: () => new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); }) };
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error('server exited during start');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start in 120 s');
}

async function measureHome(url) {
  const chromium = findChromium();
  if (!chromium) return null;
  const { chromium: pw } = await import('playwright-core');
  const browser = await pw.launch({
    executablePath: chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage();
  const assets = [];
  page.on('response', async (res) => {
    const type = res.request().resourceType();
    if (type === 'script' || type === 'stylesheet') assets.push({ type, url: res.url(), body: res.body().catch(() => Buffer.alloc(0)) });
  });
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  await page.getByTestId('home-page').waitFor({ timeout: 30_000 }).catch(() => {});
  await browser.close();
  const sum = { js: 0, css: 0, jsRaw: 0, cssRaw: 0, files: 0 };
  for (const a of assets) {
    const body = await a.body;
    const gz = gzipSync(body).length;
    if (a.type === 'script') { sum.js += gz; sum.jsRaw += body.length; } else { sum.css += gz; sum.cssRaw += body.length; }
    sum.files++;
  }
  return sum;
}

/** The blocking set: what index.html itself makes the browser fetch before the app can render. */
function measureBlocking() {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const sum = { js: 0, css: 0 };
  for (const ref of refs) {
    const gz = gzipSync(readFileSync(join(dist, ref))).length;
    if (ref.endsWith('.css')) sum.css += gz;
    else sum.js += gz;
  }
  return sum;
}

async function load(url, connections = 50) {
  const r = await autocannon({ url: `${url}/wps/system/status`, connections, duration });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, p50: r.latency.p50, errors: r.errors + r.non2xx, total: r.requests.total };
}

/** Resident memory of a process (kB in /proc/<pid>/status), in MB. */
function rssMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

/**
 * Idle memory (issue 26): the compiled server's RSS after start-up and 1,000 requests (status, white label,
 * languages, the vendor cards; sequentially), once it has been quiet for 3 s. Measured on a server started for
 * it, not the one the load test ran on: a heap grown under 50 connections is the load's figure, not idle's.
 */
async function idleRss(server) {
  const paths = ['/wps/system/status', '/wps/system/whitelabel', '/wps/system/languages', '/wps/relay/GCSGAME_newGameVendor'];
  for (let i = 0; i < 1000; i++) await fetch(`${server.url}${paths[i % paths.length]}`).then((r) => r.arrayBuffer());
  await new Promise((r) => setTimeout(r, 3000));
  return rssMb(server.pid);
}

/**
 * The status call's baseline (issue 26): a bare Fastify route answering the platform's own status JSON
 * (scripts/bench/bare-status.mjs), loaded the same way right after the platform, in the same run.
 */
async function bareStatus(url) {
  const text = await (await fetch(`${url}/wps/system/status`)).text();
  const port = 21000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, [join(root, 'scripts/bench/bare-status.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BARE_BODY: text },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`bare status server exited ${code}`)));
  });
  try {
    return await load(`http://127.0.0.1:${port}`);
  } finally {
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  }
}

// `--only=<section>` (or BENCH_ONLY) runs one section: home (first load and status), logins, wallet, games, house, lottery.
const only = (process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const runs = (section) => only.length === 0 || only.includes(section);

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// ---- PGlite
if (runs('home')) {
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-'));
log('Starting the server on PGlite...');
let server = await startServer({ DATA_DIR: dataDir });
log('Measuring the home first load in Chromium...');
results.home = await measureHome(server.url);
results.blocking = measureBlocking();
log(`Load test on PGlite (${duration} s, 50 connections)...`);
results.statusPglite = await load(server.url);
log('The same status JSON behind a bare Fastify route, same load...');
results.statusBare = await bareStatus(server.url);
await server.stop();
// Idle memory as issue 26 defines it: a server just started (on the data the run made), then 1,000 requests.
log('Idle memory on PGlite after start-up and 1,000 requests...');
server = await startServer({ DATA_DIR: dataDir });
results.rssPglite = await idleRss(server);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

// ---- PostgreSQL
try {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const db = `lotus_bench_${process.pid}`;
  await admin.query(`CREATE DATABASE ${db}`);
  const u = new URL(baseUrl);
  u.pathname = `/${db}`;
  log('Starting the server on PostgreSQL...');
  const pgDir = mkdtempSync(join(tmpdir(), 'lotus-bench-pg-'));
  const pgEnv = { ...productionServerEnv(u.toString()), DATA_DIR: pgDir };
  server = await startServer(pgEnv);
  log(`Load test on PostgreSQL (${duration} s, 50 connections)...`);
  results.statusPostgres = await load(server.url);
  await server.stop();
  log('Idle memory on PostgreSQL after start-up and 1,000 requests...');
  server = await startServer(pgEnv);
  results.rssPostgres = await idleRss(server);
  await server.stop();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.end();
  rmSync(pgDir, { recursive: true, force: true });
} catch (err) {
  log(`PostgreSQL run skipped: ${err.message}`);
  results.statusPostgres = null;
}

const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const lines = [];
lines.push(`Machine: ${results.machine}`);
lines.push(`Date: ${results.date}`);
lines.push('');
lines.push('| Figure | Value | Target |');
lines.push('|---|---|---|');
lines.push(`| Home blocking JS (gzip): entry + modulepreloads in index.html | ${kb(results.blocking.js)} | <= 120 kB |`);
lines.push(`| Home blocking CSS (gzip) | ${kb(results.blocking.css)} | |`);
if (results.home) {
  lines.push(`| Home first load JS (gzip): every script fetched until the network is idle | ${kb(results.home.js)} (${kb(results.home.jsRaw)} raw) | |`);
  lines.push(`| Home first load CSS (gzip) | ${kb(results.home.css)} (${kb(results.home.cssRaw)} raw) | |`);
  lines.push(`| Home first load files (JS + CSS) | ${results.home.files} | |`);
} else {
  lines.push('| Home first load | not measured: Chromium not found | |');
}
for (const [name, r] of [['PGlite', results.statusPglite], ['PostgreSQL', results.statusPostgres]]) {
  if (r) lines.push(`| GET /wps/system/status on ${name}, 50 connections | ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors | |`);
  else lines.push(`| GET /wps/system/status on ${name} | not measured | |`);
}
const bare = results.statusBare;
lines.push(`| The same JSON behind a bare Fastify route (baseline, same run), 50 connections | ${bare.rps} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms | |`);
lines.push(`| Status on PGlite / bare route | ${(results.statusPglite.rps / bare.rps).toFixed(2)}x | >= 0.5x |`);
lines.push(`| Idle RSS, embedded (PGlite), compiled, after start-up and 1,000 requests | ${results.rssPglite} MB | <= 300 MB |`);
lines.push(`| Idle RSS, PostgreSQL, compiled, after start-up and 1,000 requests | ${results.rssPostgres ?? 'not measured'}${results.rssPostgres ? ' MB' : ''} | <= 150 MB |`);
console.log('\n' + lines.join('\n'));
if (process.argv.includes('--write')) {
  const md = `# Benchmarks\n\nLatest figures from \`npm run bench -- --write\` (autocannon ${duration} s per run, closed loop; the load\ngenerator shares the machine's cores with the server, so these are lower bounds).\n\n${lines.join('\n')}\n`;
  writeFileSync(join(root, 'docs/benchmarks.md'), md);
  log('docs/benchmarks.md updated.');
}
}

// =====================================================================================================
// Accounts (issue 3): logins per second sustained with argon2id, while another client's
// GET /wps/system/status p99 is measured. The logins go through the real encrypted login call; each
// needs a single-use slider token, pre-solved through the real API before the load starts (the gap
// offset read through the operator view /ops/challenges/:id, the drag trace a human-like one). The
// server trusts X-Forwarded-For from loopback (TRUST_PROXY) so every simulated client has its own
// address, as behind a load balancer; 200 members keep each under the per-account login limit.
// Runs on PGlite and, when reachable, on PostgreSQL (same database URL as above).
// Env: BENCH_LOGIN_DURATION (s, default 10), BENCH_LOGIN_CONCURRENCY (default 20).
// =====================================================================================================
if (runs('logins')) {
  const { readFileSync, existsSync, appendFileSync } = await import('node:fs');
  const { tsImport } = await import('tsx/esm/api');
  const { encryptPayload, importEncryptionKey } = await tsImport('../packages/contracts/src/enc.ts', import.meta.url);
  const { humanTrace } = await tsImport('../apps/server/src/modules/verification/slider.rules.ts', import.meta.url);
  const loginSeconds = Number(process.env.BENCH_LOGIN_DURATION ?? 10);
  const concurrency = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? 20);
  const MEMBERS = 200;
  const UA = 'lotus-bench';

  async function benchLogins(label, env, cwd = root) {
    const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-login-'));
    log(`Accounts bench (${label}): starting the server...`);
    const srv = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env }, cwd);
    try {
      const opsFile = join(dir, 'ops.json');
      for (let i = 0; i < 100 && !existsSync(opsFile); i++) await new Promise((r) => setTimeout(r, 100));
      const { token: opsToken } = JSON.parse(readFileSync(opsFile, 'utf8'));
      let ipSeq = 0;
      const nextIp = () => {
        ipSeq += 1;
        return `100.${64 + ((ipSeq >> 16) & 63)}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
      };
      const call = async (method, path, { body, ip, ops } = {}) => {
        const res = await fetch(`${srv.url}${path}`, {
          method,
          headers: {
            'user-agent': UA,
            ...(ip ? { 'x-forwarded-for': ip } : {}),
            ...(ops ? { authorization: `Bearer ${opsToken}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return res.json();
      };
      const pool = async (count, width, fn) => {
        const out = [];
        let next = 0;
        await Promise.all(
          Array.from({ length: width }, async () => {
            while (next < count) out.push(await fn(next++));
          }),
        );
        return out;
      };

      log(`Accounts bench (${label}): creating ${MEMBERS} members...`);
      await pool(MEMBERS, 8, async (i) => {
        const r = await call('POST', '/ops/members', { ops: true, body: { username: `bench${i}`, password: 'bench123' } });
        if (!r.success) throw new Error(`member bench${i}: ${r.message}`);
      });

      // Enough pre-solved slider tokens for the run (each token lives 2 minutes).
      const wanted = Number(process.env.BENCH_LOGIN_TOKENS ?? Math.min(1500, loginSeconds * 120));
      log(`Accounts bench (${label}): pre-solving ${wanted} slider puzzles through the API...`);
      const solveStarted = performance.now();
      const tokens = await pool(wanted, 4, async () => {
        const ip = nextIp();
        const ch = (await call('GET', '/wps/verification/slider', { ip })).value;
        const { gapX } = (await call('GET', `/ops/challenges/${ch.challengeId}`, { ops: true })).value;
        const r = await call('POST', '/wps/verification/slider', { ip, body: { challengeId: ch.challengeId, x: gapX, trace: humanTrace(gapX) } });
        if (!r.success) throw new Error(`slider: ${r.message}`);
        return { ip, sliderToken: r.value.sliderToken };
      });
      const solveSeconds = (performance.now() - solveStarted) / 1000;

      const key = await importEncryptionKey((await call('GET', '/wps/system/encryptionKey')).value);
      log(`Accounts bench (${label}): ${concurrency} concurrent logins for ${loginSeconds} s, status measured alongside...`);
      const latencies = [];
      let ok = 0;
      let failed = 0;
      let used = 0;
      const failures = {};
      const started = performance.now();
      const deadline = started + loginSeconds * 1000;
      const status = autocannon({ url: `${srv.url}/wps/system/status`, connections: 1, duration: loginSeconds });
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline && used < tokens.length) {
            const { ip, sliderToken } = tokens[used];
            const member = `bench${used % MEMBERS}`;
            used += 1;
            const t0 = performance.now();
            const payload = await encryptPayload(key, { username: member, password: 'bench123', sliderToken });
            const r = await call('POST', '/wps/session/login', { ip, body: payload });
            latencies.push(performance.now() - t0);
            if (r.success && r.value.token) ok += 1;
            else {
              failed += 1;
              failures[r.message] = (failures[r.message] ?? 0) + 1;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      const s = await status;
      latencies.sort((a, b) => a - b);
      const pct = (p) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? 0);
      return {
        label,
        perSecond: Math.round((ok / elapsed) * 10) / 10,
        ok,
        failed,
        failures,
        elapsed: Math.round(elapsed * 10) / 10,
        outOfTokens: used >= tokens.length && elapsed < loginSeconds - 0.5,
        p50: pct(50),
        p99: pct(99),
        statusP50: s.latency.p50,
        statusP99: s.latency.p99,
        statusRps: Math.round(s.requests.average),
        statusErrors: s.errors + s.non2xx,
        solvePerSecond: Math.round((tokens.length / solveSeconds) * 10) / 10,
      };
    } finally {
      await srv.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  // BENCH_LOGIN_BASELINE=<git ref>: the same login bench on that commit (a worktree with its own install),
  // alternating with this checkout, BENCH_LOGIN_ROUNDS times each (default 2), so both see the same machine;
  // prints the medians and the ratio (issue 6: no regression beyond 10 %).
  const baselineRef = process.env.BENCH_LOGIN_BASELINE;
  if (baselineRef) {
    const { execFileSync } = await import('node:child_process');
    const rounds = Number(process.env.BENCH_LOGIN_ROUNDS ?? 2);
    const sha = execFileSync('git', ['rev-parse', '--short', baselineRef], { cwd: root, encoding: 'utf8' }).trim();
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const wt = join(tmpdir(), `lotus-baseline-${sha}`);
    if (!existsSync(join(wt, 'node_modules'))) {
      rmSync(wt, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'prune'], { cwd: root });
      log(`Baseline ${sha}: checking out and installing in ${wt}...`);
      execFileSync('git', ['worktree', 'add', '--detach', '--force', wt, sha], { cwd: root, stdio: 'ignore' });
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: wt, stdio: 'ignore' });
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const pairs = [];
    for (const [dbLabel, makeEnv] of [['PGlite', async () => ({ env: {}, drop: async () => {} })], ['PostgreSQL', pgEnv]]) {
      const mine = [];
      const theirs = [];
      for (let i = 0; i < rounds; i++) {
        const order = i % 2 === 0 ? ['head', 'base'] : ['base', 'head'];
        for (const who of order) {
          const { env, drop } = await makeEnv();
          try {
            const r = await benchLogins(`${dbLabel} ${who === 'head' ? head : sha}`, env, who === 'head' ? root : wt);
            (who === 'head' ? mine : theirs).push(r.perSecond);
          } finally {
            await drop();
          }
        }
      }
      pairs.push({ db: dbLabel, mine, theirs, ratio: median(mine) / median(theirs) });
    }
    const lines = [
      '',
      `### Logins/s against ${sha} (same run, ${rounds} alternating rounds each, ${loginSeconds} s per run)`,
      '',
      `| Database | ${head} (runs) | ${sha} (runs) | median ratio |`,
      '|---|---|---|---|',
      ...pairs.map((p) => `| ${p.db} | ${p.mine.join(', ')} | ${p.theirs.join(', ')} | ${(p.ratio * 100).toFixed(1)} % |`),
    ];
    console.log(lines.join('\n'));
    if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
  }

  /** A fresh PostgreSQL database for one server run, and its drop. */
  async function pgEnv() {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const db = `lotus_bench_login_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const u = new URL(baseUrl);
    u.pathname = `/${db}`;
    return {
      env: productionServerEnv(u.toString()),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await admin.end();
      },
    };
  }

  if (!baselineRef) {
  results.logins = [await benchLogins('PGlite', {})];
  try {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const db = `lotus_bench_login_${process.pid}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const u = new URL(baseUrl);
    u.pathname = `/${db}`;
    try {
      results.logins.push(await benchLogins('PostgreSQL', productionServerEnv(u.toString())));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await admin.end();
    }
  } catch (err) {
    log(`Accounts bench on PostgreSQL skipped: ${err.message}`);
  }

  }

  if (!baselineRef) {
  const accountLines = [
    '',
    '### Accounts: logins with argon2id (issue 3)',
    '',
    `Password logins through the encrypted login call (argon2id m=19456 t=2 p=1, at most cores - 1 hashes at once), ${concurrency} concurrent clients for ${loginSeconds} s, each with a slider token solved through the API beforehand; meanwhile one other client calls GET /wps/system/status in a loop.`,
    '',
    '| Figure | Value | Target |',
    '|---|---|---|',
  ];
  for (const r of results.logins) {
    accountLines.push(
      `| Logins on ${r.label} | ${r.perSecond} logins/s (${r.ok} ok, ${r.failed} failed${r.failed ? ` ${JSON.stringify(r.failures)}` : ''}, ${r.elapsed} s${r.outOfTokens ? ', ran out of pre-solved tokens' : ''}); login p50 ${r.p50} ms, p99 ${r.p99} ms | |`,
      `| GET /wps/system/status meanwhile on ${r.label} (1 connection) | p50 ${r.statusP50} ms, p99 ${r.statusP99} ms, ${r.statusRps} req/s, ${r.statusErrors} errors | p99 < 50 ms |`,
      `| Slider puzzles drawn and solved before the run on ${r.label} (4 in parallel) | ${r.solvePerSecond} per s | |`,
    );
  }
  console.log(accountLines.join('\n'));
  if (process.argv.includes('--write')) {
    appendFileSync(join(root, 'docs/benchmarks.md'), `${accountLines.join('\n')}\n`);
    log('docs/benchmarks.md: accounts figures appended.');
  }
  }
}

// =====================================================================================================
// Wallet (issue 8): signed seamless bet+win through HTTP at 50 connections (operations/s, p50, p99) with
// the floor measured beside it (the same debit as one SQL statement behind a bare Fastify route on the
// same kind of database) and their ratio; 32 vs 8 connections, each on its own player (a hot row would
// make 32 slower than 8); ledger:verify over 1,000,000 entries. On PostgreSQL and on PGlite, same run.
// Env: BENCH_WALLET_DURATION (s, default 10).
// =====================================================================================================
if (runs('wallet')) {
  const { tsImport } = await import('tsx/esm/api');
  const { appendFileSync } = await import('node:fs');
  const w = await import('./bench/wallet.mjs');
  const seconds = Number(process.env.BENCH_WALLET_DURATION ?? 10);
  const rows = [];
  // BENCH_WALLET_DB=PostgreSQL or PGlite: only that one (a developer's shortcut; the bench runs both).
  for (const dbLabel of ['PostgreSQL', 'PGlite'].filter((d) => !process.env.BENCH_WALLET_DB || d === process.env.BENCH_WALLET_DB)) {
    const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-wallet-'));
    let env = {};
    let floorEnv = {};
    let runSql;
    let drop = async () => {};
    if (dbLabel === 'PostgreSQL') {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: baseUrl });
      try {
        await admin.connect();
      } catch (err) {
        log(`Wallet bench on PostgreSQL skipped: ${err.message}`);
        continue;
      }
      const db = `lotus_bench_wallet_${process.pid}`;
      await admin.query(`CREATE DATABASE ${db}`);
      const u = new URL(baseUrl);
      u.pathname = `/${db}`;
      env = productionServerEnv(u.toString());
      floorEnv = { FLOOR_DATABASE_URL: u.toString() };
      runSql = async (statement) => {
        const c = new pg.Client({ connectionString: u.toString() });
        await c.connect();
        try {
          await c.query(statement);
        } finally {
          await c.end();
        }
      };
      drop = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await admin.end();
      };
    } else {
      floorEnv = { FLOOR_PGLITE_DIR: mkdtempSync(join(tmpdir(), 'lotus-bench-floor-')) };
    }
    try {
      log(`Wallet bench (${dbLabel}): starting the server...`);
      let srv = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env });
      const players = await w.prepareWalletServer({ url: srv.url, dataDir: dir, players: 50, log, tsImport });
      // The floor beside it, on the same database: both warmed up (JIT, pool connections), then three
      // rounds that alternate the two, so that a change of the shared host's speed hits both alike; the
      // medians are reported (docs/adr/0064).
      log(`Wallet bench (${dbLabel}): the floor (one UPDATE behind a bare Fastify route), started beside it...`);
      const floorServer = await w.startFloor({ root, env: floorEnv });
      const rounds = [];
      try {
        await w.loadWallet({ autocannon, url: srv.url, players, connections: 50, duration: 2 });
        await floorServer.load({ autocannon, connections: 50, duration: 2 });
        for (let round = 1; round <= 3; round++) {
          log(`Wallet bench (${dbLabel}): round ${round} of 3: wallet, then floor, 50 connections for ${seconds} s each...`);
          const wallet = await w.loadWallet({ autocannon, url: srv.url, players, connections: 50, duration: seconds });
          const bare = await floorServer.load({ autocannon, connections: 50, duration: seconds });
          rounds.push({ wallet, floor: bare });
        }
      } finally {
        await floorServer.stop();
      }
      const byRps = (xs) => [...xs].sort((a, b) => a.rps - b.rps)[Math.floor(xs.length / 2)];
      const main = byRps(rounds.map((r) => r.wallet));
      const floor = byRps(rounds.map((r) => r.floor));
      log(`Wallet bench (${dbLabel}): 8 then 32 connections...`);
      const c8 = await w.loadWallet({ autocannon, url: srv.url, players: players.slice(0, 8), connections: 8, duration: seconds });
      const c32 = await w.loadWallet({ autocannon, url: srv.url, players: players.slice(0, 32), connections: 32, duration: seconds });
      if (dbLabel === 'PGlite') {
        // PGlite is one process's database: seed it between two runs of the server.
        await srv.stop();
        const { PGlite } = await import('@electric-sql/pglite');
        const pgl = await PGlite.create(join(dir, 'pglite'));
        runSql = (statement) => pgl.exec(statement);
        const { ledgerSeedSql } = await import('./bench/ledger-seed.mjs');
        log('Wallet bench: seeding 1,000,000 ledger entries...');
        for (const statement of ledgerSeedSql()) await runSql(statement);
        await pgl.close();
        srv = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env });
      } else {
        const { ledgerSeedSql } = await import('./bench/ledger-seed.mjs');
        log('Wallet bench: seeding 1,000,000 ledger entries...');
        for (const statement of ledgerSeedSql()) await runSql(statement);
      }
      const verify = await w.timeVerify({ url: srv.url, dataDir: dir });
      await srv.stop();
      rows.push({ dbLabel, main, c8, c32, floor, rounds, verify });
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const lines = [
    '',
    '### Wallet: signed vendor protocol, floor, hot rows, verification (issue 8)',
    '',
    `Signed seamless bet then win (alternating, each its own transaction id; each connection plays one player, real members launched through the vendor protocol), ${seconds} s per run; the load generator shares the 2 cores. The wallet and the floor are warmed up (2 s each), then measured in three rounds that alternate them; the table gives the median of each, and the ratio of each round.`,
    '',
    '| Figure | PostgreSQL | PGlite | Target |',
    '|---|---|---|---|',
  ];
  const cell = (db, f) => {
    const r = rows.find((x) => x.dbLabel === db);
    return r ? f(r) : 'not measured';
  };
  const ops = (m) => `${m.rps} ops/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.errors} errors`;
  lines.push(`| Bet+win, 50 connections (median of 3) | ${cell('PostgreSQL', (r) => ops(r.main))} | ${cell('PGlite', (r) => ops(r.main))} | PG >= 4,000/s, p99 < 50 ms; PGlite >= 1,500/s |`);
  lines.push(`| Floor: one UPDATE behind a bare route, 50 connections (median of 3) | ${cell('PostgreSQL', (r) => ops(r.floor))} | ${cell('PGlite', (r) => ops(r.floor))} | |`);
  const ratios = (r) => `${(r.main.rps / r.floor.rps).toFixed(2)} (rounds: ${r.rounds.map((x) => (x.wallet.rps / x.floor.rps).toFixed(2)).join(', ')})`;
  lines.push(`| Ratio wallet / floor (medians) | ${cell('PostgreSQL', ratios)} | ${cell('PGlite', ratios)} | PG >= 0.8 |`);
  lines.push(`| 8 connections (8 players) | ${cell('PostgreSQL', (r) => ops(r.c8))} | ${cell('PGlite', (r) => ops(r.c8))} | |`);
  lines.push(`| 32 connections (32 players) | ${cell('PostgreSQL', (r) => ops(r.c32))} | ${cell('PGlite', (r) => ops(r.c32))} | |`);
  lines.push(`| Ratio 32 / 8 | ${cell('PostgreSQL', (r) => (r.c32.rps / r.c8.rps).toFixed(2))} | ${cell('PGlite', (r) => (r.c32.rps / r.c8.rps).toFixed(2))} | >= 0.9 |`);
  lines.push(`| ledger:verify over 1,000,000 entries | ${cell('PostgreSQL', (r) => `${r.verify.serverMs} ms (${r.verify.entries} entries, ${r.verify.violations} violations)`)} | ${cell('PGlite', (r) => `${r.verify.serverMs} ms (${r.verify.entries} entries, ${r.verify.violations} violations)`)} | < 5 s |`);
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
}

// =====================================================================================================
// Games (issue 9): GCSGAME_gameList over 20,000 games (10 bench vendors x 2,000, published through the
// signed games/sync call) at 50 connections, on PostgreSQL and on PGlite. Env: BENCH_GAMES_DURATION (s, default 10).
// =====================================================================================================
if (runs('games')) {
  const { appendFileSync } = await import('node:fs');
  const g = await import('./bench/games.mjs');
  const seconds = Number(process.env.BENCH_GAMES_DURATION ?? 10);
  const rows = [];
  for (const dbLabel of ['PostgreSQL', 'PGlite']) {
    const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-games-'));
    let env = {};
    let drop = async () => {};
    if (dbLabel === 'PostgreSQL') {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: baseUrl });
      try {
        await admin.connect();
      } catch (err) {
        log(`Games bench on PostgreSQL skipped: ${err.message}`);
        continue;
      }
      const db = `lotus_bench_games_${process.pid}`;
      await admin.query(`CREATE DATABASE ${db}`);
      const u = new URL(baseUrl);
      u.pathname = `/${db}`;
      env = productionServerEnv(u.toString());
      drop = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await admin.end();
      };
    }
    try {
      log(`Games bench (${dbLabel}): starting the server...`);
      const srv = await startServer({ DATA_DIR: dir, ...env });
      try {
        const codes = await g.seedGames({ url: srv.url, dataDir: dir, log });
        // A 2 s warm-up (JIT, the first reads of every page) before the measured run.
        await g.loadGameList({ autocannon, url: srv.url, codes, connections: 50, duration: 2 });
        log(`Games bench (${dbLabel}): GCSGAME_gameList, 50 connections for ${seconds} s...`);
        rows.push({ dbLabel, ...(await g.loadGameList({ autocannon, url: srv.url, codes, connections: 50, duration: seconds })) });
      } finally {
        await srv.stop();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const lines = [
    '',
    '### Games: the catalogue list under load (issue 9)',
    '',
    `GCSGAME_gameList over 20,000 games (10 vendors x 2,000, published through the signed games/sync), a mix of the list screens' queries cycled per connection, ${seconds} s after a 2 s warm-up, 50 connections; the load generator shares the cores. CPU time per request: \`node scripts/bench/profile-games.mjs\`.`,
    '',
    '| Figure | Value | Target |',
    '|---|---|---|',
  ];
  for (const r of rows) lines.push(`| GCSGAME_gameList on ${r.dbLabel} | ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors (${r.queries} distinct queries) | ${r.dbLabel === 'PostgreSQL' ? '>= 5,000 req/s, p99 < 20 ms' : ''} |`);
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
}

// =====================================================================================================
// House slot (issue 9): house-slot spins per second end to end through the signed wallet. N players (real
// members funded through a signed win, launched into HOUSE lotus-pond as the site does) spin back to back
// through POST /house/api/spin, each connection its own player, on PostgreSQL and on PGlite.
// Env: BENCH_HOUSE_DURATION (s, default 10), BENCH_HOUSE_PLAYERS (= connections, default 20).
// =====================================================================================================
if (runs('house')) {
  const { tsImport } = await import('tsx/esm/api');
  const { appendFileSync } = await import('node:fs');
  const h = await import('./bench/house.mjs');
  const w = await import('./bench/wallet.mjs');
  const seconds = Number(process.env.BENCH_HOUSE_DURATION ?? 10);
  const players = Number(process.env.BENCH_HOUSE_PLAYERS ?? 20);
  const rows = [];
  for (const dbLabel of ['PostgreSQL', 'PGlite']) {
    const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-house-'));
    let env = {};
    let drop = async () => {};
    if (dbLabel === 'PostgreSQL') {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: baseUrl });
      try {
        await admin.connect();
      } catch (err) {
        log(`House bench on PostgreSQL skipped: ${err.message}`);
        continue;
      }
      const db = `lotus_bench_house_${process.pid}`;
      await admin.query(`CREATE DATABASE ${db}`);
      const u = new URL(baseUrl);
      u.pathname = `/${db}`;
      env = productionServerEnv(u.toString());
      drop = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
        await admin.end();
      };
    }
    try {
      log(`House bench (${dbLabel}): starting the server...`);
      const srv = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...env });
      try {
        const list = await h.prepareHousePlayers({ url: srv.url, dataDir: dir, players, log, tsImport });
        log(`House bench (${dbLabel}): ${players} players spinning for ${seconds} s...`);
        const spins = await h.loadHouse({ autocannon, url: srv.url, players: list, connections: players, duration: seconds });
        // The baseline (issue 26): signed bet+win pairs of the same members through the platform wallet, on the
        // same server, same connections, right after. A spin is one such pair plus the house's own work.
        log(`House bench (${dbLabel}): the same players' signed bet+win pairs for ${seconds} s...`);
        const wallet = await w.loadWallet({ autocannon, url: srv.url, ...list.funding, connections: players, duration: seconds });
        const pairsPerSecond = Math.round(wallet.rps / 2);
        rows.push({ dbLabel, ...spins, pairsPerSecond, pairErrors: wallet.errors, ratio: spins.spinsPerSecond / pairsPerSecond });
        log(`House bench (${dbLabel}): ${JSON.stringify(rows.at(-1))}`);
      } finally {
        await srv.stop();
      }
    } finally {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const lines = [
    '',
    '### House slot: spins per second end to end (issue 9)',
    '',
    `POST /house/api/spin (lotus-pond, lowest line bet) by ${players} players at once, each a real member launched into the house slot through /wps/game/vendorLaunch and the signed session/authenticate, spinning back to back for ${seconds} s; every spin is a provably fair outcome recorded by the house, then a signed bet and a signed win through the platform wallet (one-process mode). A spin counts when the house answers it settled.`,
    '',
    '| Figure | Value |',
    '|---|---|',
  ];
  for (const r of rows) {
    lines.push(`| House spins on ${r.dbLabel}, ${players} players | ${r.spinsPerSecond} spins/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors |`);
    lines.push(`| Signed bet+win pairs of the same players on ${r.dbLabel} (baseline, same run) | ${r.pairsPerSecond} pairs/s, ${r.pairErrors} errors |`);
    lines.push(`| Spins / pairs on ${r.dbLabel} (issue 26: >= 0.5x) | ${r.ratio.toFixed(2)}x |`);
  }
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
}

// =====================================================================================================
// Lottery (issue 27): a draw's settlement of BENCH_LOTTERY_TICKETS tickets (default 1,000,000) on PostgreSQL
// (outcomes computed, the longest chunk transaction), then on a running server on PostgreSQL: tickets bought by
// BENCH_LOTTERY_CONNECTIONS (default 50) members at once for BENCH_LOTTERY_DURATION s (default 10), the draw
// closed and its result confirmed by two operators, the wins paid through the wallet (one signed win per
// ticket, 0 for a loss), and the same server's signed bet+win pairs as the wallet's baseline.
// =====================================================================================================
// =====================================================================================================
// Agents (issue 28): a 100,000-member tree of 1,000 agents in 5 levels with a day of bets (1,000,000) on PostgreSQL,
// every agent on a daily-wage contract: the day's settlement (bills computed over the tree, then paid top down through
// the wallet; target <= 10 s), the team rollup of the ledger, and a top agent's team overview (target p99 < 100 ms).
// BENCH_AGENT_MEMBERS and BENCH_AGENT_BETS change the size.
// =====================================================================================================
if (runs('agents')) {
  const { tsImport } = await import('tsx/esm/api');
  const { appendFileSync } = await import('node:fs');
  const { benchAgents } = await tsImport('./bench/agents-settle.ts', import.meta.url);
  const members = Number(process.env.BENCH_AGENT_MEMBERS ?? 100_000);
  const bets = Number(process.env.BENCH_AGENT_BETS ?? 1_000_000);
  const a = await benchAgents({ baseUrl, members, bets, log });
  results.agents = a;
  const lines = [
    '',
    `### Agents (issue 28), ${results.date.slice(0, 10)}: \`npm run bench -- --only=agents\` (${results.machine})`,
    '',
    '| Figure | Value |',
    '|---|---|',
    `| Daily settlement, ${a.members.toLocaleString('en')} members under ${a.agents} agents in 5 levels, ${a.bets.toLocaleString('en')} bets (target <= 10 s) | ${(a.settleMs / 1000).toFixed(1)} s: ${a.bills} bills computed in ${a.computeMs} ms, ${a.paid} paid in ${a.payMs} ms (${a.unpaid} unpaid) |`,
    `| Team overview of a top agent (${a.topTeam.members.toLocaleString('en')} members), 300 reads (target p99 < 100 ms) | p50 ${a.overviewP50} ms, p99 ${a.overviewP99} ms |`,
    `| Team rollup of the month so far (${a.rollupWindows} windows of up to 6 h) | ${(a.rollupMs / 1000).toFixed(1)} s |`,
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
}

if (runs('lottery')) {
  const { tsImport } = await import('tsx/esm/api');
  const { appendFileSync } = await import('node:fs');
  const l = await import('./bench/lottery.mjs');
  const w = await import('./bench/wallet.mjs');
  const tickets = Number(process.env.BENCH_LOTTERY_TICKETS ?? 1_000_000);
  const connections = Number(process.env.BENCH_LOTTERY_CONNECTIONS ?? 50);
  const seconds = Number(process.env.BENCH_LOTTERY_DURATION ?? 10);
  const { benchSettlement } = await tsImport('./bench/lottery-settle.ts', import.meta.url);
  log(`Lottery bench: settling ${tickets} tickets on PostgreSQL...`);
  const settle = await benchSettlement({ baseUrl, tickets, log });
  log(`Lottery bench: ${JSON.stringify(settle)}`);

  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const dbName = `lotus_bench_lottery_${process.pid}`;
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-lottery-'));
  let purchase;
  let payment;
  try {
    const srv = await startServer({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', ...productionServerEnv(u.toString()) });
    try {
      const players = await l.prepareLotteryPlayers({ url: srv.url, dataDir: dir, players: connections, log, tsImport });
      const { token: opsToken } = JSON.parse(readFileSync(join(dir, 'ops.json'), 'utf8'));
      const secret = await l.lotterySecret({ url: srv.url, opsToken });
      const draw = await l.openNorthDraw(srv.url, players[0]);
      log(`Lottery bench: ${connections} members buying tickets for ${seconds} s...`);
      // A short warm-up first (the pools' connections, the compiled statement), as the wallet's baseline has.
      const warm = await l.loadTickets({ autocannon, url: srv.url, players, connections, drawNo: draw.drawNo, seconds: 2 });
      const bought = await l.loadTickets({ autocannon, url: srv.url, players, connections, drawNo: draw.drawNo, seconds });
      purchase = { tickets: bought.acknowledged, perSecond: Math.round(bought.acknowledged / seconds), p50: Math.round(bought.p50), p99: Math.round(bought.p99), refused: bought.refused, errors: bought.errors };
      log(`Lottery bench: ${JSON.stringify(purchase)}`);
      await l.lotteryOps(srv.url, secret, 'draws/move', { gameCode: 'VN_MB', drawNo: draw.drawNo, drawAt: new Date(Date.now() + 1_000).toISOString(), operator: 'bench-1' });
      await l.lotteryOps(srv.url, secret, 'results/enter', { gameCode: 'VN_MB', drawNo: draw.drawNo, result: JSON.parse(readFileSync(join(root, 'apps/games/src/lottery/fixtures/vn-north-2023-05-12.json'), 'utf8')).result, source: 'xoso.com.vn', operator: 'bench-1' });
      const confirmedAt = performance.now();
      await l.lotteryOps(srv.url, secret, 'results/confirm', { gameCode: 'VN_MB', drawNo: draw.drawNo, operator: 'bench-2' });
      const house = new pg.Client({ connectionString: u.toString() });
      await house.connect();
      let paidAt = null;
      let firstPaidAt = null;
      for (let i = 0; i < 6_000 && paidAt === null; i++) {
        const row = (
          await house.query(
            `select d.status, (select count(*) from house_lotto_tickets t where t.draw_id = d.id and t.status = 'paid')::int as paid
             from house_lotto_draws d where d.game_code = 'VN_MB' and d.draw_no = $1`,
            [draw.drawNo],
          )
        ).rows[0];
        if (firstPaidAt === null && row?.paid > 0) firstPaidAt = performance.now();
        if (row?.status === 'settled') paidAt = performance.now();
        else await new Promise((r) => setTimeout(r, 100));
      }
      await house.end();
      // The settlement starts at the lottery's next tick (every 5 s): the whole time is counted from the confirmation,
      // the pay rate from the first ticket paid (the wallet calls themselves).
      // Every ticket of the draw is paid, the warm-up's too.
      payment = { tickets: warm.acknowledged + purchase.tickets, seconds: paidAt === null ? null : Math.round((paidAt - confirmedAt) / 100) / 10 };
      payment.paySeconds = paidAt === null || firstPaidAt === null ? null : Math.round((paidAt - firstPaidAt) / 100) / 10;
      payment.perSecond = payment.paySeconds ? Math.round(payment.tickets / payment.paySeconds) : null;
      log(`Lottery bench: paid ${JSON.stringify(payment)}; the wallet's baseline on the same server...`);
      const baseSecret = randomBytes(24).toString('hex');
      const funding = await w.prepareWalletServer({ url: srv.url, dataDir: dir, players: connections, log, tsImport, vendorCode: 'LBASE', secret: baseSecret });
      const wallet = await w.loadWallet({ autocannon, url: srv.url, players: funding, connections, duration: seconds, vendorCode: 'LBASE', secret: baseSecret });
      payment.walletOpsPerSecond = Math.round(wallet.rps);
    } finally {
      await srv.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }
  const lines = [
    '',
    '### Lottery: settlement and ticket purchase (issue 27)',
    '',
    `Settlement: ${settle.tickets.toLocaleString('en')} tickets of the North draw (1 to 3 bets each: lô 2 and 3, đề, xiên 2, random numbers) written into the house's tables on PostgreSQL, the real XSMB of 12 May 2023 confirmed, then the outcomes computed in chunks of 2,500 (each chunk one transaction moving the draw's cursor and writing its winners). Purchase and payment on a running server on PostgreSQL (the lottery in process as vendor LOTT): ${connections} members each launched through /wps/game/vendorLaunch buying 1-3-bet tickets through POST /house/lotto/api/tickets for ${seconds} s (each ticket one signed bet), then the draw closed and its result confirmed by two operators, and every ticket paid by a signed win (0 for a loss); the wallet's baseline is signed bet+win operations of other members on the same server right after.`,
    '',
    '| Figure | Value | Target |',
    '|---|---|---|',
    `| Outcomes of ${settle.tickets.toLocaleString('en')} tickets computed | ${settle.seconds.toFixed(1)} s (${settle.ticketsPerSecond.toLocaleString('en')} tickets/s, ${settle.winners.toLocaleString('en')} winners, ${settle.chunks} chunks) | <= 10 s |`,
    `| Longest chunk transaction (the settlement's only lock) | ${settle.maxTxMs} ms | < 100 ms |`,
    `| Tickets bought, ${connections} connections | ${purchase?.perSecond ?? '?'} tickets/s, p50 ${purchase?.p50 ?? '?'} ms, p99 ${purchase?.p99 ?? '?'} ms (${purchase?.tickets ?? '?'} tickets, refused ${JSON.stringify(purchase?.refused ?? {})}) | >= 2,000 tickets/s, p99 < 100 ms |`,
    `| Tickets paid through the wallet (from the first paid; from the confirmation, the 5-s tick included: ${payment?.seconds ?? '?'} s) | ${payment?.perSecond ?? '?'} tickets/s (${payment?.tickets ?? '?'} in ${payment?.paySeconds ?? '?'} s) | the wallet's rate |`,
    `| The wallet's signed operations on the same server (baseline) | ${payment?.walletOpsPerSecond ?? '?'} ops/s | |`,
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) appendFileSync(join(root, 'docs/benchmarks.md'), `${lines.join('\n')}\n`);
}

// =====================================================================================================
// Phone speed (issue 10): Lighthouse mobile (simulated slow 4G, 4x CPU, Moto G Power class screen)
// against the production server on PGlite, median of BENCH_LH_RUNS runs (default 3) of /, /login,
// /rng, and of a member page after login (/member, the demo member's session in sessionStorage).
// `--write` replaces the "Phone speed" section of docs/benchmarks.md. The numbers move with the
// machine's load: other work on the same cores slows the observed trace Lighthouse simulates from.
// =====================================================================================================
if (runs('lighthouse')) {
  const { readFileSync: read, existsSync: exists, writeFileSync: write } = await import('node:fs');
  const { lighthouseMedian, lighthouseOnce } = await import('./lighthouse.mjs');
  const { tsImport } = await import('tsx/esm/api');
  const { encryptPayload, importEncryptionKey } = await tsImport('../packages/contracts/src/enc.ts', import.meta.url);
  const { humanTrace } = await tsImport('../apps/server/src/modules/verification/slider.rules.ts', import.meta.url);
  const lhRuns = Number(process.env.BENCH_LH_RUNS ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'lotus-bench-lh-'));
  log('Phone speed: starting the server (PGlite)...');
  const srv = await startServer({ DATA_DIR: dir });
  const pages = [];
  try {
    // A fresh server is still seeding, compiling and running its first jobs on the same 2 cores:
    // one Lighthouse run of / is made and discarded first, so the measured runs see a settled server
    // (each run has its own fresh browser profile either way).
    log('Phone speed: one warm-up run of / (not counted)...');
    await lighthouseOnce(`${srv.url}/`).catch(() => undefined);
    for (const path of ['/', '/login', '/rng']) {
      log(`Phone speed: Lighthouse mobile on ${path} (${lhRuns} runs)...`);
      pages.push({ label: path, ...(await lighthouseMedian(srv.url + path, lhRuns)) });
    }
    // The demo member logs in through the real API (slider solved through the operator view).
    const opsFile = join(dir, 'ops.json');
    for (let i = 0; i < 100 && !exists(opsFile); i++) await new Promise((r) => setTimeout(r, 100));
    const { token: opsToken } = JSON.parse(read(opsFile, 'utf8'));
    const call = async (method, path, body, ops) => {
      const res = await fetch(srv.url + path, {
        method,
        headers: { ...(ops ? { authorization: `Bearer ${opsToken}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json();
    };
    const challenge = (await call('GET', '/wps/verification/slider')).value;
    const { gapX } = (await call('GET', `/ops/challenges/${challenge.challengeId}`, null, true)).value;
    const solved = await call('POST', '/wps/verification/slider', { challengeId: challenge.challengeId, x: gapX, trace: humanTrace(gapX) });
    const key = await importEncryptionKey((await call('GET', '/wps/system/encryptionKey')).value);
    const login = await call('POST', '/wps/session/login', await encryptPayload(key, { username: 'demo', password: 'Demo1234', sliderToken: solved.value.sliderToken }));
    if (!login.success) throw new Error(`demo login: ${login.message}`);
    log(`Phone speed: Lighthouse mobile on /member after login (${lhRuns} runs)...`);
    pages.push({ label: '/member (signed in)', ...(await lighthouseMedian(`${srv.url}/member`, lhRuns, { sessionToken: login.value.token })) });
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const kib = (n) => `${Math.round(n / 1024)} KiB`;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const lines = [
    '<!-- phone-speed -->',
    '### Phone speed: Lighthouse mobile (issue 10)',
    '',
    `\`npm run bench -- --only=lighthouse\` (${new Date().toISOString()}, ${results.machine}): Lighthouse ${JSON.parse(read(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile preset with simulated throttling, Debian Chromium, the production server on PGlite; median of ${lhRuns} good runs per page after one discarded warm-up run of / (each figure its own median; a run with a Lighthouse runtime error or a missing figure is left out and retried, and listed under Runs as failed). Targets: performance >= 95, LCP <= 2.0 s, CLS <= 0.05, home transfer <= 350 KiB.`,
    '',
    '| Page | Performance | FCP | LCP | TBT | CLS | Transfer | Requests | Runs (score / LCP / CLS) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...pages.map(
      (p) =>
        `| ${p.label} | ${p.score} | ${s(p.fcp)} | ${s(p.lcp)} | ${Math.round(p.tbt)} ms | ${p.cls.toFixed(3)} | ${kib(p.bytes)} | ${p.requests} | ${[...p.runs.map((r) => `${r.score} / ${s(r.lcp)} / ${r.cls.toFixed(3)}`), ...p.failed.map((f) => `failed run ${f.attempt} (${f.error.replace(/\|/g, '/').slice(0, 80)}), left out`)].join('; ')} |`,
    ),
    '<!-- /phone-speed -->',
  ];
  console.log(lines.join('\n'));
  if (process.argv.includes('--write')) {
    const file = join(root, 'docs/benchmarks.md');
    const md = exists(file) ? read(file, 'utf8') : '# Benchmarks\n';
    const block = lines.join('\n');
    const re = /<!-- phone-speed -->[\s\S]*<!-- \/phone-speed -->/;
    write(file, re.test(md) ? md.replace(re, block) : `${md.trimEnd()}\n\n${block}\n`);
    log('docs/benchmarks.md: phone speed section updated.');
  }
}
