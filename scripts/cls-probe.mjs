// Layout-shift probe of the signed-in member page: starts the production server (PGlite), signs the
// demo member in through the real API, loads /member in Chromium with 4x CPU slowdown and a slow
// network, and prints each layout shift with the nodes that moved. Usage: node scripts/cls-probe.mjs [runs] [path]
import { spawn } from 'node:child_process';
/* global window, document, ResizeObserver, MutationObserver, getComputedStyle -- page functions run in the browser */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';

import { ensureServerBuilt, serverEntry } from './lib.mjs';

const root = resolve(import.meta.dirname, '..');
ensureServerBuilt();
const runs = Number(process.argv[2] ?? 3);
const path = process.argv[3] ?? '/member';
const width = Number(process.env.W ?? 390);
const dir = mkdtempSync(join(tmpdir(), 'lotus-cls-'));
const port = 21000 + Math.floor(Math.random() * 1000);
const child = spawn(process.execPath, serverEntry('server'), {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', DATA_DIR: dir },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${url}/wps/system/status`)).ok) break; } catch { /* not up yet */ }
    if (i > 600) throw new Error('no server');
    await new Promise((r) => setTimeout(r, 200));
  }
  const { encryptPayload, importEncryptionKey } = await tsImport('../packages/contracts/src/enc.ts', import.meta.url);
  const { humanTrace } = await tsImport('../apps/server/src/modules/verification/slider.rules.ts', import.meta.url);
  const opsFile = join(dir, 'ops.json');
  for (let i = 0; i < 100 && !existsSync(opsFile); i++) await new Promise((r) => setTimeout(r, 100));
  const { token: opsToken } = JSON.parse(readFileSync(opsFile, 'utf8'));
  const call = async (method, p, body, ops) =>
    (await fetch(url + p, { method, headers: { ...(ops ? { authorization: `Bearer ${opsToken}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })).json();
  const challenge = (await call('GET', '/wps/verification/slider')).value;
  const { gapX } = (await call('GET', `/ops/challenges/${challenge.challengeId}`, null, true)).value;
  const solved = await call('POST', '/wps/verification/slider', { challengeId: challenge.challengeId, x: gapX, trace: humanTrace(gapX) });
  const key = await importEncryptionKey((await call('GET', '/wps/system/encryptionKey')).value);
  const login = await call('POST', '/wps/session/login', await encryptPayload(key, { username: 'demo', password: 'Demo1234', sliderToken: solved.value.sliderToken }));
  const token = login.value.token;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const totals = [];
  for (let r = 0; r < runs; r++) {
    const ctx = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    await page.addInitScript((t) => {
      if (t) sessionStorage.setItem('token', t);
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.hadRecentInput) continue;
          const desc = (n) => {
            if (!n || !n.tagName) return String(n?.nodeName ?? n);
            const cls = typeof n.className === 'string' && n.className ? '.' + n.className.trim().split(/\s+/).join('.') : '';
            const tid = n.getAttribute?.('data-testid');
            return `${n.tagName.toLowerCase()}${n.id ? '#' + n.id : ''}${cls}${tid ? `[data-testid=${tid}]` : ''}`;
          };
          window.__shifts.push({ t: Math.round(e.startTime), value: e.value, sources: (e.sources ?? []).map((s) => ({ node: desc(s.node), prev: s.previousRect && [s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round), cur: s.currentRect && [s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round) })) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      if (window.location.search.includes('trace')) {
        window.__sizes = [];
        const seen = new WeakSet();
        const ro = new ResizeObserver((entries) => {
          for (const e of entries) window.__sizes.push(`${Math.round(performance.now())} ${e.target.tagName}.${e.target.className} h=${Math.round(e.contentRect.height)} y=${Math.round(e.target.getBoundingClientRect().y)}`);
        });
        new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes' && String(r.target.getAttribute('style')).includes('none')) window.__sizes.push(`${Math.round(performance.now())} HIDDEN ${r.target.tagName}.${r.target.className} ${r.target.getAttribute('data-testid')} parent=${r.target.parentElement?.className}`);
            for (const n of r.addedNodes ?? []) if (n.getAttribute?.('data-testid')?.includes('skeleton')) window.__sizes.push(`${Math.round(performance.now())} ADDED ${n.className} parent=${n.parentElement?.className}/${n.parentElement?.getAttribute('data-testid')}`);
          }
          for (const el of document.querySelectorAll('.mc-panel__body > *, .mc-panel__head, .mc-panel, .mc-menu > *')) if (!seen.has(el)) { seen.add(el); ro.observe(el); }
        }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
      }
    }, process.env.VISITOR ? '' : token);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    // HOLD=<url glob>: that call never answers; prints the header bar's boxes and takes a screenshot
    // of the page waiting for it (HOLD_WAIT: the selector to wait for first).
    if (process.env.HOLD) {
      await page.route(process.env.HOLD, () => {});
      await page.goto(url + path, { waitUntil: 'load' });
      await page.waitForSelector(process.env.HOLD_WAIT ?? '[data-testid=header-balance]');
      await page.waitForTimeout(1000);
      console.log(await page.evaluate(() => [...document.querySelectorAll('.header-member > *, .header-member__amount')].map((e) => `${e.className} ${e.getBoundingClientRect().width} ${getComputedStyle(e).flexShrink} ${getComputedStyle(e).minWidth}`).join('\n')));
      await page.screenshot({ path: `/tmp/cls/hold-${width}.png` });
      await ctx.close();
      continue;
    }
    if (process.env.FINAL) {
      await page.goto(url + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `/tmp/cls/final-${width}.png` });
      await ctx.close();
      continue;
    }
    await page.goto(url + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const shifts = await page.evaluate(() => window.__shifts);
    if (path.includes('trace')) console.log((await page.evaluate(() => window.__sizes)).join('\n'));
    const total = shifts.reduce((a, s) => a + s.value, 0);
    totals.push(total);
    console.log(`run ${r + 1}: CLS ${total.toFixed(3)}`);
    for (const s of shifts) console.log(`  t=${s.t} ${s.value.toFixed(4)} ${s.sources.map((x) => `${x.node} ${JSON.stringify(x.prev)}->${JSON.stringify(x.cur)}`).join(' | ')}`);
    if (process.env.SHOT) await page.screenshot({ path: `${process.env.SHOT}-${r}.png`, fullPage: false });
    await ctx.close();
  }
  totals.sort((a, b) => a - b);
  if (totals.length) console.log(`median CLS ${totals[Math.floor(totals.length / 2)].toFixed(3)} (${totals.map((x) => x.toFixed(3)).join(', ')})`);
  await browser.close();
} finally {
  child.kill('SIGTERM');
}
