// Lighthouse mobile runs (the default mobile preset: Moto G Power class device, simulated slow 4G and
// 4x CPU slowdown) against a running server, driving Debian's Chromium (never a downloaded browser).
// Used by `npm run bench -- --only=lighthouse`; also runnable alone:
//   node scripts/lighthouse.mjs http://127.0.0.1:8080 / /login /rng
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './lib.mjs';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * One Lighthouse performance run of `url`. `sessionToken`: a member's session token, put in
 * sessionStorage before the page's scripts run (the site keeps its session there), so the run
 * measures a member page after login.
 */
export async function lighthouseOnce(url, { sessionToken } = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chromePath = findChromium();
  if (!chromePath) throw new Error('Chromium not found (set CHROMIUM_PATH)');
  const userDataDir = mkdtempSync(join(tmpdir(), 'lotus-lh-'));
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, userDataDir });
  let browser = null;
  try {
    let page;
    if (sessionToken) {
      const { default: puppeteer } = await import('puppeteer-core');
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      page = await browser.newPage();
      await page.evaluateOnNewDocument((token) => sessionStorage.setItem('token', token), sessionToken);
    }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(sessionToken) },
      undefined,
      page,
    );
    const lhr = result.lhr;
    if (process.env.LH_SAVE) writeFileSync(process.env.LH_SAVE, JSON.stringify(lhr));
    const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
    const rawScore = lhr.categories.performance?.score;
    return {
      score: rawScore == null ? NaN : Math.round(rawScore * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      bytes: num('total-byte-weight'),
      requests: lhr.audits['network-requests']?.details?.items?.length ?? 0,
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
      runtimeError: lhr.runtimeError?.message,
    };
  } catch (error) {
    // Chromium or the protocol failed mid-run: a failed run, not a page that scores 0.
    return { score: NaN, fcp: NaN, lcp: NaN, tbt: NaN, cls: NaN, bytes: NaN, requests: 0, lcpElement: '', runtimeError: String(error?.message ?? error) };
  } finally {
    await browser?.disconnect();
    await chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * Why a run cannot count: Lighthouse's runtime error (page not loaded, protocol timeout...), or a
 * figure missing (no performance score, no LCP): such a run would drag the median to 0 / NaN.
 */
export function failureOf(run) {
  if (run.runtimeError) return run.runtimeError;
  for (const k of ['score', 'fcp', 'lcp', 'tbt', 'cls', 'bytes']) if (!Number.isFinite(run[k])) return `no ${k}`;
  return null;
}

/**
 * `runs` good Lighthouse runs of one page; the median of each figure (each figure's own median).
 * A failed run (see failureOf) is left out of the median and retried, up to `runs` extra attempts;
 * the failures are returned in `failed` so the report can say so. With fewer good runs than asked,
 * the median is of the good ones (`runs.length` tells how many); with none, every figure is NaN.
 */
export async function lighthouseMedian(url, runs = 3, options = {}) {
  const good = [];
  const failed = [];
  for (let attempt = 1; good.length < runs && attempt <= runs * 2; attempt++) {
    const run = await lighthouseOnce(url, options);
    const failure = failureOf(run);
    if (failure) failed.push({ attempt, error: failure });
    else good.push(run);
  }
  const pick = (k) => (good.length ? median(good.map((r) => r[k])) : NaN);
  return {
    url,
    runs: good,
    failed,
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    bytes: pick('bytes'),
    requests: pick('requests'),
    lcpElement: good[0]?.lcpElement ?? '',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...paths] = process.argv.slice(2);
  const runs = Number(process.env.LH_RUNS ?? 1);
  for (const p of paths.length ? paths : ['/']) {
    const r = await lighthouseMedian(base + p, runs);
    console.log(JSON.stringify({ ...r, runs: r.runs.map((x) => [x.score, Math.round(x.lcp), x.cls.toFixed(3), Math.round(x.bytes / 1024)]) }));
  }
}
