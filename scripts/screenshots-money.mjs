/* global document, window -- page.evaluate callbacks run in the browser */
// `node scripts/screenshots-money.mjs`: screenshots of the member-centre money pages (My wallet,
// Account record, Deposit, Withdraw, Platform messages) in Thai, phone 390x844 and desktop 1440x900,
// saved to docs/screenshots/money-*.png. The built site runs on the real server (throwaway data
// folder); the signed-in member's calls are answered from the fixed data below, so every list has
// rows and the pictures do not change from run to run.
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
const dataDir = mkdtempSync(join(tmpdir(), 'lotus-money-shots-'));
const port = 19100 + Math.floor(Math.random() * 400);
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

// ---------- the member's data ----------
const now = Date.now();
const at = (minutesAgo) => new Date(now - minutesAgo * 60_000).toISOString();
const member = {
  id: 1001, account: 'somchai88', nickname: 'SOMCHAI JAIDEE', customerId: '1001', type: 1, isAgent: 0, toUpline: false,
  clubLabel: { labelName: 'VIP 1', rankLevel: 1 }, memberLabel: [], balance: '12850.75', currencySymbol: '฿',
  unreadMessage: 1, availablePromoCount: 0, vipRankLevel: 1, twoFactorEnabled: true, mobileNum: null, email: null, lastLoginAt: at(90),
};
const record = [
  { id: 9, time: at(5), type: 'win', amount: '1850.00', balance: '12850.75', memo: 'PG Soft' },
  { id: 8, time: at(12), type: 'bet', amount: '-500.00', balance: '11000.75', memo: 'PG Soft' },
  { id: 7, time: at(40), type: 'withdrawal_hold', amount: '-3000.00', balance: '11500.75', memo: null },
  { id: 6, time: at(300), type: 'deposit', amount: '10000.00', balance: '14500.75', memo: 'โอนผ่านธนาคารกสิกรไทย' },
  { id: 5, time: at(1500), type: 'bet', amount: '-1250.25', balance: '4500.75', memo: 'Sexy Baccarat' },
  { id: 4, time: at(1510), type: 'win', amount: '4751.00', balance: '5751.00', memo: 'Sexy Baccarat' },
  { id: 3, time: at(2900), type: 'deposit', amount: '1000.00', balance: '1000.00', memo: null },
];
const kbank = { th: 'โอนผ่านธนาคารกสิกรไทย', en: 'Kasikorn Bank transfer' };
const channels = [
  { code: 'kbank-transfer', kind: 'bank_transfer', name: kbank, bank: { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'LOTUS ENTERTAINMENT CO' }, min: '100.00', max: '50000.00', dailyLimit: '200000.00', remainingToday: '190000.00' },
  { code: 'promptpay-sandbox', kind: 'psp', name: { th: 'พร้อมเพย์ (ทดสอบ)', en: 'PromptPay (sandbox)' }, bank: null, min: '100.00', max: '50000.00', dailyLimit: '200000.00', remainingToday: '200000.00' },
];
const dep = (id, status, amount, minutesAgo, extra = {}) => ({ id, channel: 'kbank-transfer', channelName: kbank, kind: 'bank_transfer', amount, status, reference: `KB${id}`, transferredAt: at(minutesAgo + 1), reason: null, slips: [], createdAt: at(minutesAgo), decidedAt: null, ...extra });
const deposits = [
  dep('D0003', 'awaiting_approval', '2000.00', 3, { slips: [{ id: 's1', url: '/x' }] }),
  dep('D0002', 'credited', '10000.00', 300),
  dep('D0001', 'rejected', '500.00', 2000, { reason: 'ไม่พบรายการโอนตามเลขอ้างอิง' }),
];
const wd = (id, status, amount, minutesAgo, extra = {}) => ({ id, amount, status, bankCode: 'KBANK', accountNumberMasked: '******7890', accountName: 'SOMCHAI JAIDEE', createdAt: at(minutesAgo), paidAt: null, confirmBy: null, confirmedAt: null, rejectReason: null, remark: null, proofCount: 0, ...extra });
const withdrawals = [
  wd(3, 'awaiting_confirmation', '3000.00', 40, { paidAt: at(20), confirmBy: at(-10) }),
  wd(2, 'received', '1500.00', 3000, { paidAt: at(2990), confirmedAt: at(2980) }),
  wd(1, 'rejected', '800.00', 4000, { rejectReason: 'ยอดเทิร์นโอเวอร์ไม่ครบ' }),
];
const messages = [
  { id: 2, template: 'withdrawal_approved', params: { withdrawalId: '3', amount: '3000.00' }, read: false, readAt: null, createdAt: at(20) },
  { id: 1, template: 'deposit_arrival', params: { depositId: 'D0002', amount: '10000.00', channelTh: kbank.th, channelEn: kbank.en }, read: true, readAt: at(200), createdAt: at(290) },
];
const answers = {
  '/wps/member/info': () => member,
  '/wps/v2/wallets/balance': () => ({ sumBalance: '12850.75', isSingle: false }),
  '/wps/member/info/funds/consolidated': () => ({ currency: 'THB', main: '11350.75', total: '12850.75', wallets: [{ vendor: 'PG', balance: '1500.00' }, { vendor: 'JILI', balance: '0.00' }] }),
  '/wps/relay/ODSFE2_MemTransDet': () => ({ list: record, total: 37, totalPages: 3, pageNo: 1 }),
  '/wps/cashier/channels': () => channels,
  '/wps/cashier/deposits': () => ({ items: deposits, total: deposits.length, page: 1, pageSize: 15 }),
  '/wps/cashier/withdrawal-settings': () => ({
    minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, usedToday: 1, remainingToday: 4, hours: { from: '00:00', to: '24:00' }, timeZone: 'Asia/Bangkok', openNow: true,
    turnover: { required: '10000.00', achieved: '12350.25', multiple: 1, met: true }, autoReceiptMinutes: 30, paymentPasswordSet: true, secondFactorRequired: true, realNameSet: true, bankAccounts: 1, maxBankAccounts: 3,
  }),
  '/wps/cashier/bank-accounts': () => ({ items: [{ id: 7, bankCode: 'KBANK', accountNumberMasked: '******7890', accountName: 'SOMCHAI JAIDEE', createdAt: at(5000) }], max: 3 }),
  '/wps/cashier/withdrawals': () => ({ items: withdrawals, total: withdrawals.length, page: 1, pageSize: 15 }),
  '/wps/member/messages': () => ({ items: messages, total: messages.length, unread: 1, page: 1, pageSize: 15 }),
  '/wps/member/messages/unread': () => ({ unread: 1 }),
};

const { chromium } = await import('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const outDir = join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });
const pages = [
  ['wallet', 'transferFund', 'wallet-total'],
  ['record', 'transactionHistory', 'record-table'],
  ['deposit', 'depositv2', 'deposit-item'],
  ['withdraw', 'withdraw', 'withdrawal-item'],
  ['messages', 'messageV2', 'message-item'],
];
const sizes = [
  // 360 px is only measured (no horizontal scroll), not saved.
  { name: 'phone-360', width: 360, height: 740, mobile: true, measureOnly: true },
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'desktop', width: 1440, height: 900, mobile: false },
];
const only = process.argv[2];
for (const size of sizes) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, isMobile: size.mobile, hasTouch: size.mobile, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
  await context.addInitScript(() => {
    localStorage.setItem('lang', 'th');
    localStorage.setItem('theme', 'light');
    sessionStorage.setItem('newsPopupShown', '1');
    sessionStorage.setItem('token', 'screenshot-token');
    sessionStorage.setItem('isAgent', '0');
  });
  await context.route(/\/wps\/(member|v2|cashier|relay\/ODSFE2_MemTransDet)/, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const answer = answers[path];
    if (!answer) return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'not_found', value: null }) });
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, message: '', value: answer() }) });
  });
  const page = await context.newPage();
  for (const [name, key, ready] of pages) {
    if (only && only !== name) continue;
    await page.goto(`${url}/member?page=${key}`, { waitUntil: 'networkidle' });
    await page.getByTestId(ready).first().waitFor();
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
    // From the top of the page to the bottom of the member-centre panel (the footer is not ours).
    const box = await page.locator('.mc-panel').boundingBox();
    const height = Math.ceil((box?.y ?? 0) + (box?.height ?? size.height) + 16);
    await page.screenshot({ path: join(outDir, file), fullPage: true, clip: { x: 0, y: 0, width: size.width, height: Math.max(height, size.height) } });
    log(`docs/screenshots/${file}`);
  }
  await context.close();
}
await browser.close();
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
