// `npm run screenshots`: starts the built site on a throwaway data folder and saves screenshots of
// home (light and dark, desktop 1440 px and phone 390 px) to docs/screenshots/ with Debian's Chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, findChromium, log, root } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-shots-'));
const port = 19500 + Math.floor(Math.random() * 400);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/wps/system/status`)).ok) break;
  } catch {
    /* starting */
  }
  if (i > 600) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 200));
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const outDir = join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
const shots = [
  { name: 'home-desktop-light', width: 1440, height: 900, theme: 'light', mobile: false },
  { name: 'home-desktop-dark', width: 1440, height: 900, theme: 'dark', mobile: false },
  { name: 'home-phone-light', width: 390, height: 844, theme: 'light', mobile: true },
  { name: 'home-phone-dark', width: 390, height: 844, theme: 'dark', mobile: true },
];
for (const s of shots) {
  const context = await browser.newContext({
    viewport: { width: s.width, height: s.height },
    deviceScaleFactor: 1,
    isMobile: s.mobile,
    hasTouch: s.mobile,
  });
  await context.addInitScript((theme) => {
    localStorage.setItem('theme', theme);
    sessionStorage.setItem('newsPopupShown', '1');
  }, s.theme);
  const page = await context.newPage();
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  await page.getByTestId('home-page').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(outDir, `${s.name}.png`), fullPage: false });
  log(`docs/screenshots/${s.name}.png`);
  await context.close();
}
await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
