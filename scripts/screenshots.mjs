// `npm run screenshots`: starts the built site on a throwaway data folder and saves screenshots of
// home (light and dark, desktop 1440 px and phone 390 px) to docs/screenshots/ with Debian's Chromium;
// then the Thai banner headlines in a Chromium that has no Thai system font (issue 10): its
// fontconfig lists one folder, DejaVu from npm (no Thai glyph; Chromium needs some font to start),
// so Thai on the page comes from the page itself (the Sarabun web font) or from the banner raster,
// where the build drew the Thai text with the shipped font.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, findChromium, log, root, serverEntry } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-shots-'));
const port = 19500 + Math.floor(Math.random() * 400);
ensureServerBuilt();
const server = spawn(process.execPath, serverEntry('server'), {
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

// No Thai system font: a fontconfig whose only folder is DejaVu's (npm dejavu-fonts-ttf), checked
// with fc-list (when installed): no font it lists covers Thai.
const { createRequire } = await import('node:module');
const dejavu = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const fontsDir = mkdtempSync(join(tmpdir(), 'lotus-nofonts-'));
const fontsConf = join(fontsDir, 'fonts.conf');
writeFileSync(
  fontsConf,
  `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${dejavu}</dir><cachedir>${join(fontsDir, 'cache')}</cachedir></fontconfig>\n`,
);
const { spawnSync } = await import('node:child_process');
const fcEnv = { ...process.env, FONTCONFIG_FILE: fontsConf };
const all = spawnSync('fc-list', ['--format', '%{family}\\n'], { env: fcEnv, encoding: 'utf8' });
const thai = spawnSync('fc-list', [':lang=th'], { env: fcEnv, encoding: 'utf8' });
if (thai.status === 0 && thai.stdout.trim() !== '') throw new Error(`a Thai system font is visible: ${thai.stdout}`);
if (all.status === 0) log(`Chromium without a Thai system font: its fonts are ${[...new Set(all.stdout.split('\n').filter(Boolean))].join(', ')}; fc-list :lang=th lists none`);
const bare = await chromium.launch({
  executablePath: chromiumPath,
  env: { ...process.env, FONTCONFIG_FILE: fontsConf },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const s of [
  { name: 'banner-thai-no-system-font-phone', width: 390, height: 844, mobile: true },
  { name: 'banner-thai-no-system-font-desktop', width: 1440, height: 900, mobile: false },
]) {
  const context = await bare.newContext({ viewport: { width: s.width, height: s.height }, isMobile: s.mobile, hasTouch: s.mobile });
  await context.addInitScript(() => sessionStorage.setItem('newsPopupShown', '1'));
  const page = await context.newPage();
  await page.goto(url + '/', { waitUntil: 'networkidle' });
  const image = page.locator('.banner-carousel__image').first();
  await image.waitFor();
  await image.evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
  const src = await image.evaluate((img) => /** @type {HTMLImageElement} */ (img).currentSrc);
  if (!/\.(avif|webp)$/.test(src)) throw new Error(`the banner is not a raster: ${src}`);
  await page.screenshot({ path: join(outDir, `${s.name}.png`), fullPage: false });
  log(`docs/screenshots/${s.name}.png (banner ${src.replace(url, '')})`);
  await context.close();
}
await bare.close();
rmSync(fontsDir, { recursive: true, force: true });
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
