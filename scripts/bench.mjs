// `npm run bench`: prints the figures the issues ask for.
//   - home first load: JS and CSS bytes (gzip) that a browser fetches to show `/` (measured in Chromium)
//   - GET /wps/system/status under load (autocannon, 50 connections): requests/s and p99, on PGlite and
//     on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
// `npm run bench -- --write` also rewrites docs/benchmarks.md with the results.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureInstalled, ensureWebBuilt, findChromium, log, root } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();

const { default: autocannon } = await import('autocannon');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const results = { date: new Date().toISOString(), machine: `${cpus().length} cores (${cpus()[0]?.model?.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}` };

async function startServer(env) {
  const port = 19000 + Math.floor(Math.random() * 1000);
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      const r = await fetch(`${url}/wps/system/status`);
      if (r.ok) return { url, stop: () => new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); }) };
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

// ---- PGlite
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-bench-'));
log('Starting the server on PGlite...');
let server = await startServer({ DATA_DIR: dataDir });
log('Measuring the home first load in Chromium...');
results.home = await measureHome(server.url);
results.blocking = measureBlocking();
log(`Load test on PGlite (${duration} s, 50 connections)...`);
results.statusPglite = await load(server.url);
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

// ---- PostgreSQL
const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
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
  server = await startServer({ DATABASE_URL: u.toString(), DATA_DIR: pgDir });
  log(`Load test on PostgreSQL (${duration} s, 50 connections)...`);
  results.statusPostgres = await load(server.url);
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
console.log('\n' + lines.join('\n'));
if (process.argv.includes('--write')) {
  const md = `# Benchmarks\n\nLatest figures from \`npm run bench -- --write\` (autocannon ${duration} s per run, closed loop; the load\ngenerator shares the machine's cores with the server, so these are lower bounds).\n\n${lines.join('\n')}\n`;
  writeFileSync(join(root, 'docs/benchmarks.md'), md);
  log('docs/benchmarks.md updated.');
}
