// `npm test`: install what is missing, then run
//   1. unit + integration tests on PGlite (vitest projects: contracts, server, web),
//   2. the server integration tests again on PostgreSQL when TEST_DATABASE_URL is set,
//   3. the crash test (`npm run test:chaos`: the server killed and its connections cut under signed vendor
//      load; issue 8) on PostgreSQL when TEST_DATABASE_URL is set,
//   4. the end-to-end suite in Chromium when Chromium is present (required when E2E_REQUIRED=1).
// It ends with a summary of the counts of each tier.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBackofficeBuilt, ensureInstalled, ensureRuntime, ensureServerBuilt, ensureWebBuilt, findChromium, findLibfaketime, log, runAsync } from './lib.mjs';

const results = [];
const outDir = mkdtempSync(join(tmpdir(), 'lotus-test-'));
const extraArgs = process.argv.slice(2);

function readVitest(file) {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
}

async function vitest(name, args, env = {}) {
  const file = join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  log(`Running ${name}...`);
  const code = await runAsync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args], {
    env: { ...process.env, ...env },
  });
  const counts = readVitest(file) ?? { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  results.push({ name, code, ...counts });
}

try {
  ensureInstalled();
} catch (err) {
  console.error(err.message);
  process.exit(err.exitCode ?? 1);
}
await ensureRuntime();
log(`Node ${process.versions.node}`);

await vitest('unit + integration (PGlite)', extraArgs);

// Server test files that never open the test database (they read files, or start a server on its embedded
// database): the PostgreSQL tier would only run them a second time.
const DATABASE_FREE = ['banner-rasters', 'deploy-files', 'drain'].flatMap((name) => ['--exclude', `**/test/${name}.test.ts`]);

if (process.env.TEST_DATABASE_URL) {
  // The server's integration tests, and the house lottery's ticket tests (its concurrent purchases against an
  // exposure cap and its settlement must hold on PostgreSQL's real concurrency too; the house's other database
  // tests run on PGlite only, within the suite's time budget).
  const HOUSE_DATABASE_TESTS = ['apps/games/test/lottery-tickets'];
  await vitest(
    'integration (PostgreSQL)',
    ['--project', 'server', '--project', 'games', 'apps/server/test', ...HOUSE_DATABASE_TESTS, ...DATABASE_FREE, ...extraArgs],
    { TEST_DB: 'postgres' },
  );
} else {
  log('PostgreSQL integration run skipped: TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).');
  results.push({ name: 'integration (PostgreSQL)', skippedTier: 'TEST_DATABASE_URL not set' });
}

if (process.env.TEST_DATABASE_URL && process.env.SKIP_CHAOS !== '1') {
  log('Running the crash test (npm run test:chaos)...');
  const code = await runAsync('node', ['scripts/chaos.mjs'], { env: process.env });
  results.push({ name: 'crash test (PostgreSQL)', code, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
} else {
  results.push({ name: 'crash test (PostgreSQL)', skippedTier: process.env.SKIP_CHAOS === '1' ? 'SKIP_CHAOS=1' : 'TEST_DATABASE_URL not set' });
}

const chromium = findChromium();
const libfaketime = findLibfaketime();
if (chromium && libfaketime && process.env.SKIP_E2E !== '1') {
  ensureWebBuilt();
  // The console specs drive /backoffice/: a console changed since the last build is rebuilt too.
  ensureBackofficeBuilt();
  // The servers under test run the compiled output, as `npm start` does (ADR 0089).
  ensureServerBuilt();
  const file = join(outDir, 'e2e.json');
  log(`Running end-to-end tests in ${chromium}...`);
  const code = await runAsync('npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
  });
  let counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    counts = { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
  }
  results.push({ name: 'end-to-end (Chromium)', code, ...counts });
} else {
  const why =
    process.env.SKIP_E2E === '1'
      ? 'SKIP_E2E=1'
      : !chromium
        ? 'Chromium not found (install it: apt-get install -y chromium, or set CHROMIUM_PATH)'
        : 'libfaketime not found (the agents journey moves a server clock with it: apt-get install -y faketime)';
  log(`End-to-end tests skipped: ${why}.`);
  if (process.env.E2E_REQUIRED === '1') {
    results.push({ name: 'end-to-end (Chromium)', code: 1, passed: 0, failed: 1, skipped: 0, note: `required but ${why}` });
  } else {
    results.push({ name: 'end-to-end (Chromium)', skippedTier: why });
  }
}

log('Summary');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const r of results) {
  if (r.skippedTier) {
    console.log(`  ${r.name.padEnd(32)} skipped: ${r.skippedTier}`);
    continue;
  }
  passed += r.passed;
  failed += r.failed;
  skipped += r.skipped;
  const bad = r.code !== 0 ? `  (exit ${r.code}${r.note ? `: ${r.note}` : ''})` : '';
  console.log(`  ${r.name.padEnd(32)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${bad}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.some((r) => !r.skippedTier && r.code !== 0) ? 1 : 0);
