// `node scripts/screenshots-money.mjs [name]`: screenshots of the member-centre money pages (My wallet, the
// transfers with the sandbox game provider, Account record, Deposit, Withdraw, Platform messages, Share
// profit with downline) in Thai, phone 390x844 and desktop 1440x900, saved to docs/screenshots/money-*.png.
//
// Everything shown is REAL data of a real server (throwaway data folder, the embedded demo): the demo member
// `demo` and the demo agent `agent01` log in through the site (slider solved with the operator's challenge
// look-up, GET /ops/challenges/:id), then make their movements through the site and the operator command line
// (sandbox PSP deposit, a bank-transfer deposit, transfers with the sandbox vendor SBX, a withdrawal paid out
// by the operator, a downline registered with the agent's affiliate link and a share). No answer is faked.
/* global document, window -- the page functions run in the browser */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, findChromium, log, root, serverEntry } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error('Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH).');
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-money-shots-'));
const port = 19100 + Math.floor(Math.random() * 400);
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

// ---------- the operator's tools ----------
/** `npm run ops -- <args>` against this server's data folder. */
function ops(...args) {
  const r = spawnSync('npm', ['run', '--silent', 'ops', '--', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}
/** The first column (id) of the ops table row that mentions `text`. */
const idOfRow = (table, text) => {
  const row = table.split('\n').find((line) => line.includes(text));
  if (!row) throw new Error(`no row with ${text} in:\n${table}`);
  return row.trim().split(/\s+/)[0];
};
/** Where the slider's gap is, through the operator's challenge look-up (a support tool of the server). */
async function sliderGap(challengeId) {
  const { token } = JSON.parse(readFileSync(join(dataDir, 'ops.json'), 'utf8'));
  const res = await fetch(`${url}/ops/challenges/${encodeURIComponent(challengeId)}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  if (!body.success) throw new Error(`ops challenge: ${body.message}`);
  return body.value.gapX;
}
const nextSlider = (page) =>
  page
    .waitForResponse((r) => r.url().includes('/wps/verification/slider') && r.request().method() === 'GET')
    .then(async (r) => (await r.json()).value.challengeId);
/** Drags the slider handle onto the gap in uneven steps, as a hand does. */
async function solveSlider(page, challenge) {
  await page.getByTestId('slider-modal').waitFor();
  await page.locator('[data-testid="slider-puzzle"][data-status="ready"]').waitFor();
  const gapX = await sliderGap(await challenge);
  const scale = Number(await page.getByTestId('slider-frame').getAttribute('data-scale'));
  const box = await page.getByTestId('slider-handle').boundingBox();
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (let i = 1; i <= 14; i++) {
    const eased = 1 - (1 - i / 14) ** 2.2;
    await page.mouse.move(x0 + gapX * scale * eased, y0 + Math.round(Math.sin(i * 1.3) * 2));
    await page.waitForTimeout(20 + ((i * 7) % 25));
  }
  await page.mouse.move(x0 + gapX * scale, y0 + 1);
  await page.mouse.up();
  await page.getByTestId('slider-modal').waitFor({ state: 'detached' });
}
async function login(page, username, password) {
  await page.goto(`${url}/login`);
  const form = page.getByTestId('login-form');
  await form.getByTestId('login-username').fill(username);
  await form.getByTestId('login-password').fill(password);
  const challenge = nextSlider(page);
  await form.getByTestId('login-submit').click();
  await solveSlider(page, challenge);
  await page.getByTestId('header-member-bar').waitFor();
}
async function register(page, username, password, query) {
  await page.goto(`${url}/register?${new URLSearchParams(query)}`);
  await page.getByTestId('register-form').waitFor();
  const tabs = page.getByTestId('register-tabs');
  if (await tabs.count()) await tabs.getByRole('tab', { name: /ชื่อผู้ใช้|Username/ }).click();
  await page.getByTestId('register-input-username').fill(username);
  await page.getByTestId('register-input-password').fill(password);
  await page.getByTestId('register-input-confirmPassword').fill(password);
  const challenge = nextSlider(page);
  await page.getByTestId('register-submit').click();
  await solveSlider(page, challenge);
  await page.getByTestId('header-member-bar').waitFor();
}
const open = async (page, key) => {
  await page.goto(`${url}/member?page=${key}`);
  await page.getByTestId(`mc-page-${key}`).waitFor();
};
/** A deposit through the sandbox PSP's hosted page; waits until the header shows the credited balance. */
async function pspDeposit(page, amount, shown) {
  await open(page, 'depositv2');
  await page.getByTestId('deposit-channel-promptpay-sandbox').click();
  await page.locator('[data-testid="deposit-form"][data-kind="psp"]').waitFor();
  await page.getByTestId('deposit-amount-input').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/psp\/pay\//);
  await page.locator('button[value="pay"]').click();
  await page.getByRole('status').waitFor();
  await page.locator('a[href="/"]').click();
  await page.getByTestId('header-member-bar').waitFor();
  for (let i = 0; i < 60; i++) {
    await page.getByTestId('header-balance-refresh').click();
    await page.waitForTimeout(500);
    if ((await page.getByTestId('header-balance').textContent())?.trim() === shown) return;
  }
  throw new Error(`the PSP deposit of ${amount} was not credited`);
}
async function setPaymentPassword(page, password, paymentPassword) {
  await open(page, 'withdraw');
  await page.locator('[data-testid="pp-missing"], [data-testid="pp-change"]').first().waitFor();
  if (!(await page.getByTestId('pp-missing').count())) return;
  await page.getByTestId('pp-password').fill(password);
  await page.getByTestId('pp-new').fill(paymentPassword);
  await page.getByTestId('pp-confirm').fill(paymentPassword);
  await page.getByTestId('pp-submit').click();
  await page.getByTestId('pp-change').waitFor();
}
async function transfer(page, direction, amount) {
  await page.getByTestId(`transfer-direction-${direction}`).click();
  await page.getByTestId('transfer-amount').fill(amount);
  await page.getByTestId('transfer-submit').click();
  await page.locator('[data-testid="transfer-result"][data-status="confirmed"]').waitFor();
}
async function share(page, downline, amount, paymentPassword) {
  await page.getByTestId(`share-downline-${downline}`).click();
  await page.getByTestId('share-amount').fill(amount);
  await page.getByTestId('share-password').fill(paymentPassword);
  await page.getByTestId('share-submit').click();
  await page.getByTestId('share-result').waitFor();
}

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const contextOptions = (size) => ({
  viewport: { width: size.width, height: size.height },
  deviceScaleFactor: 1,
  isMobile: size.mobile,
  hasTouch: size.mobile,
  locale: 'th-TH',
  timezoneId: 'Asia/Bangkok',
});
const prefs = () => {
  localStorage.setItem('lang', 'th');
  localStorage.setItem('theme', 'light');
  sessionStorage.setItem('newsPopupShown', '1');
};
const newContext = async (size) => {
  const context = await browser.newContext(contextOptions(size));
  await context.addInitScript(prefs);
  return context;
};
const SETUP = { width: 1280, height: 900, mobile: false };

// ---------- the member's movements (demo / Demo1234), through the site and the operator ----------
const PAYMENT_PASSWORD = '246810';
ops('config', 'set', 'withdrawal', JSON.stringify({ minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, hours: { from: '00:00', to: '24:00' }, autoReceiptMinutes: 30, turnoverMultiple: 0 }));
const memberContext = await newContext(SETUP);
const member = await memberContext.newPage();
await login(member, 'demo', 'Demo1234');
await pspDeposit(member, '10000', '฿10,000.00');
// A bank transfer that waits for the operator, and one the operator approves.
for (const [amount, reference] of [
  ['2000', 'KB20261123A'],
  ['500', 'KB20261123B'],
]) {
  await open(member, 'depositv2');
  await member.locator('[data-testid="deposit-form"][data-kind="bank_transfer"]').waitFor();
  await member.getByTestId('deposit-amount-input').fill(amount);
  await member.getByTestId('deposit-reference-input').fill(reference);
  await member.getByTestId('deposit-submit').click();
  await member.getByTestId('deposit-item').filter({ hasText: reference }).first().waitFor();
}
ops('deposit', 'approve', idOfRow(ops('deposit', 'list', '--status', 'awaiting_approval', '--limit', '50'), 'KB20261123B'));
await setPaymentPassword(member, 'Demo1234', PAYMENT_PASSWORD);
if (!(await member.getByTestId('bank-account').count())) {
  await member.getByTestId('bind-bank').selectOption('KBANK');
  await member.getByTestId('bind-number').fill('1234567890');
  await member.getByTestId('bind-name').fill('DEMO MEMBER');
  await member.getByTestId('bind-password').fill(PAYMENT_PASSWORD);
  await member.getByTestId('bind-submit').click();
  await member.getByTestId('bank-account').first().waitFor();
}
await member.getByTestId('withdraw-amount').fill('1500');
await member.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
await member.getByTestId('withdraw-submit').click();
await member.locator('[data-testid="withdrawal-item"][data-status="pending"]').first().waitFor();
ops('withdrawal', 'pay', idOfRow(ops('withdrawal', 'list', '--status', 'pending', '--limit', '50'), 'DEMO MEMBER'));
// Transfers with the sandbox game provider: 3,000 in, 1,000 back (2,000 stays at the provider).
await open(member, 'transferFund');
await member.getByTestId('transfer-form').waitFor();
await transfer(member, 'in', '3000');
await transfer(member, 'out', '1000');
const memberToken = await member.evaluate(() => sessionStorage.getItem('token'));

// ---------- the agent (agent01, affiliate code LOTUS01), a downline from the affiliate link, a share ----------
const downlineContext = await newContext(SETUP);
const downlinePage = await downlineContext.newPage();
await register(downlinePage, 'somsak01', 'Somsak2026', { affiliateCode: 'LOTUS01' });
await downlineContext.close();
const downline2Context = await newContext(SETUP);
await register(await downline2Context.newPage(), 'nida2026', 'Nida2026x', { affiliateCode: 'LOTUS01' });
await downline2Context.close();
const agentContext = await newContext(SETUP);
const agent = await agentContext.newPage();
await login(agent, 'agent01', 'Agent1234');
await pspDeposit(agent, '5000', '฿5,000.00');
await setPaymentPassword(agent, 'Agent1234', PAYMENT_PASSWORD);
await open(agent, 'transferUpline');
await share(agent, 'somsak01', '1200', PAYMENT_PASSWORD);
const agentToken = await agent.evaluate(() => sessionStorage.getItem('token'));

// ---------- the screenshots ----------
const outDir = join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
const TRANSFER_AMOUNT = { phone: '250', desktop: '250' };
const pages = [
  // [file name, who, page key, ready test id, what to do before the picture (real actions)]
  ['wallet', 'member', 'transferFund', 'transfer-wallet-SBX'],
  [
    'transfer',
    'member',
    'transferFund',
    'transfer-form',
    async (page, size) => {
      // A real transfer in and back out, so the picture shows an answer and the balances after it.
      await transfer(page, 'in', TRANSFER_AMOUNT[size.name] ?? '250');
      await transfer(page, 'out', TRANSFER_AMOUNT[size.name] ?? '250');
    },
  ],
  ['record', 'member', 'transactionHistory', 'record-table'],
  ['deposit', 'member', 'depositv2', 'deposit-item'],
  ['withdraw', 'member', 'withdraw', 'withdrawal-item'],
  ['messages', 'member', 'messageV2', 'message-item'],
  ['share', 'agent', 'transferUpline', 'share-downline-somsak01'],
  [
    'share-result',
    'agent',
    'transferUpline',
    'share-downline-nida2026',
    async (page, size) => share(page, 'nida2026', size.name === 'phone' ? '300' : '150', PAYMENT_PASSWORD),
  ],
  ['share-not-agent', 'member', 'transferUpline', 'share-not-agent'],
];
const sizes = [
  // 360 px is only measured (no horizontal scroll), not saved.
  { name: 'phone-360', width: 360, height: 740, mobile: true, measureOnly: true },
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'desktop', width: 1440, height: 900, mobile: false },
];
const only = process.argv[2];
for (const size of sizes) {
  const contexts = {};
  for (const [who, token] of [
    ['member', memberToken],
    ['agent', agentToken],
  ]) {
    const context = await browser.newContext(contextOptions(size));
    await context.addInitScript(prefs);
    // The session of the signed-in account (the real token the login above received).
    await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
    contexts[who] = await context.newPage();
  }
  for (const [name, who, key, ready, before] of pages) {
    if (only && only !== name) continue;
    if (size.measureOnly && before) continue;
    const page = contexts[who];
    await page.goto(`${url}/member?page=${key}`, { waitUntil: 'networkidle' });
    await page.getByTestId(ready).first().waitFor();
    if (before) await before(page, size);
    await page.waitForTimeout(400);
    // The page, and the panel's content (the panel clips what is wider than it).
    const overflow = await page.evaluate(() => {
      const content = document.querySelector('.mc-content');
      const panel = document.querySelector('.mc-panel');
      return Math.max(document.documentElement.scrollWidth - window.innerWidth, content && panel ? content.getBoundingClientRect().right - panel.getBoundingClientRect().right : 0, content ? content.scrollWidth - content.clientWidth : 0);
    });
    if (overflow > 0) log(`WARNING ${name} ${size.name}: ${overflow}px of horizontal scroll`);
    if (size.measureOnly) continue;
    const file = `money-${name}-${size.name}.png`;
    // A success toast of the action just made goes away on its own; the focus ring and the skip link too.
    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
    await page.evaluate(() => {
      document.activeElement?.blur?.();
      window.scrollTo(0, 0);
    });
    // From the top of the page to the bottom of the member-centre panel (the footer is not ours).
    const box = await page.locator('.mc-panel').boundingBox();
    const height = Math.ceil((box?.y ?? 0) + (box?.height ?? size.height) + 16);
    await page.screenshot({ path: join(outDir, file), fullPage: true, clip: { x: 0, y: 0, width: size.width, height: Math.max(height, size.height) } });
    log(`docs/screenshots/${file}`);
  }
  for (const page of Object.values(contexts)) await page.context().close();
}
await memberContext.close();
await agentContext.close();
await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
