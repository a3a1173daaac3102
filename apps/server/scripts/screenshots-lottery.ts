// `node --import tsx apps/server/scripts/screenshots-lottery.ts [out dir]` (after `npm run build -w @lotus/backoffice`,
// or with BACKOFFICE_DIST): the console's Lottery page (docs/adr/0096) at 1440 and 820 px in Thai, saved to
// docs/screenshots/console-lottery-*.png.
//
// Everything shown is real: the app built in process on a throwaway PGlite folder with the embedded demo's house
// lottery mounted (vendor LOTT), its clock moved as the tests move theirs (planned at 08:01 Bangkok time, then 18:40
// on 7 December 2026, so that the day's North draw has closed): the demo member's tickets bought through the
// lottery's own calls, the real XSMB of 12 May 2023 entered by one finance operator through /ops/lottery, who then
// signs in to the console (password and authenticator code) and looks at the page. Debian's Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { accounts } from '@lotus/ledger/accounts';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { migrateAndSeed } from '../src/db/migrate';
import { readEnv } from '../src/env';
import { mountHouse } from '../src/house';

const root = path.resolve(import.meta.dirname, '../../..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'docs/screenshots'));
fs.mkdirSync(out, { recursive: true });

/** The clock of the app and the house: real time moved by `shift`. */
let shift = Date.parse('2026-12-07T01:01:00Z') - Date.now();
const now = () => Date.now() + shift;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lotus-lottery-shots-'));
const env = readEnv({ ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dir, WEB_DIST: path.join(dir, 'no-web-build') });
const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
await migrateAndSeed(database, { seedDemo: true });
const app = await buildApp({ db: database, env, now, logger: false });
const house = await mountHouse(app, env, { database: { dataDir: path.join(dir, 'house') }, now, sweeper: false });
if (!house) throw new Error('the house is not mounted (the embedded demo mounts it)');
// Listening registers the demo's vendors HOUSE and LOTT (launch URLs on this address).
await app.listen({ port: 0, host: '127.0.0.1' });
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
await (await house.lottery).draws.plan();

// ---------- the demo member's tickets on today's and tomorrow's North draws ----------
const demo = (await app.services.identity.memberSummaryByUsername('demo'))!;
await app.services.wallet.post({
  op: 'adjust',
  key: `lottery-shots-${demo.id}`,
  input: { memberId: demo.id, amount: 1_000_000n },
  actor: { kind: 'operator', id: 'screenshots', reason: 'screenshot funds' },
  entries: [
    { account: accounts.adjustments, amount: -1_000_000n },
    { account: accounts.main(demo.id), amount: 1_000_000n },
  ],
});
const launch = new URL((await app.services.vendor.service.launch(demo.id, { vendor: 'LOTT', gameCode: 'VN_MB', language: 'th' })).url);
const cookie = String((await app.inject({ method: 'GET', url: `${launch.pathname}${launch.search}` })).headers['set-cookie']).split(';')[0]!;
const tickets: [string, { type: string; numbers: string[]; stake: number }[]][] = [
  ['20261207', [{ type: 'lo2', numbers: ['18'], stake: 1000 }, { type: 'de', numbers: ['02'], stake: 5000 }]],
  ['20261208', [{ type: 'lo2', numbers: ['18'], stake: 2000 }, { type: 'de', numbers: ['27'], stake: 10000 }, { type: 'xien2', numbers: ['30', '75'], stake: 2000 }, { type: '3cang', numbers: ['102'], stake: 500 }]],
  ['20261208', [{ type: 'de', numbers: ['27'], stake: 20000 }, { type: 'lo2', numbers: ['45'], stake: 500 }]],
];
for (const [drawNo, bets] of tickets) {
  const bought = await app.inject({ method: 'POST', url: '/house/lotto/api/tickets', headers: { cookie }, payload: { gameCode: 'VN_MB', drawNo, bets } });
  if (!(bought.json() as { ok: boolean }).ok) throw new Error(`ticket not bought: ${bought.body}`);
}

// ---------- 18:40 Bangkok: the day's North draw closed; operator A enters its result ----------
shift = Date.parse('2026-12-07T11:40:00Z') - Date.now();
const ops = app.services.ops;
const a = await ops.createOperator('somchai_fin', { role: 'finance', days: 30 });
await ops.createOperator('nida_fin', { role: 'finance', days: 30 });
await ops.operators.setPassword('somchai_fin', 'somchai-console-pass', async () => undefined);
const asA = (method: 'GET' | 'POST' | 'PUT', target: string, payload?: object) =>
  app.inject({ method, url: target, headers: { authorization: `Bearer ${a.token}` }, ...(payload ? { payload } : {}) });
const xsmb = JSON.parse(fs.readFileSync(path.join(root, 'apps/games/src/lottery/fixtures/vn-north-2023-05-12.json'), 'utf8')) as { result: object };
for (const res of [
  await asA('POST', '/ops/lottery/games/VN_MB/draws/20261207/result', { result: xsmb.result, source: 'xoso.com.vn' }),
  await asA('PUT', '/ops/lottery/games/TH_GLO', { rates: { '3top': 85000, '2bottom': 8500 } }),
  await asA('PUT', '/ops/lottery/games/TH_GLO/restricted', { betKeys: ['3top:123', '3top:999', '2bottom:08'] }),
]) {
  if (res.statusCode !== 200) throw new Error(`operator call failed: ${res.body}`);
}

// ---------- A in the console ----------
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH', timezoneId: 'Asia/Bangkok' });
// The browser's clock where the platform's is (the move form checks "in the future" by it).
await context.addInitScript(`{ const shift = ${shift}; const real = Date.now; Date.now = () => real() + shift; }`);
const page = await context.newPage();
await page.goto(`${url}/backoffice/`);
await page.locator('#username').fill('somchai_fin');
await page.locator('#password').fill('somchai-console-pass');
await page.locator('form button[type=submit]').click();
const secret = (await page.getByTestId('totp-secret').innerText()).trim();
await page.locator('#code').fill(new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: now() }));
await page.locator('form button[type=submit]').click();
await page.getByTestId('console-operator').waitFor();

const drawsTable = (p: Page) => p.getByRole('table', { name: /งวดของ/ });
async function shots(name: string, fullPage: boolean) {
  for (const width of [1440, 820]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `console-lottery${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

// The North game: the entered result waiting for a second operator, tomorrow's exposure opened.
await page.goto(`${url}/backoffice/lottery?game=VN_MB`);
await drawsTable(page).waitFor();
await drawsTable(page).getByRole('row').filter({ hasText: '20261208' }).getByRole('button', { name: 'ความเสี่ยง' }).click();
await page.getByRole('table', { name: 'ความเสี่ยงของงวด 20261208' }).waitFor();
await page.getByRole('table', { name: 'เกม' }).waitFor();
await shots('', true);

// Ho Chi Minh City's draw of the day (16:15 Vietnam) waiting for its result: the result form, refusing a result
// that does not fit the format before anything is sent.
await page.goto(`${url}/backoffice/lottery?game=VN_MN_HCM`);
await drawsTable(page).getByRole('row').filter({ hasText: '20261207' }).getByRole('button', { name: 'กรอกผลรางวัลงวด 20261207' }).click();
const dialog = page.getByRole('dialog');
await dialog.locator('textarea').fill('{"special": "84102", "g1": "1214"}');
await dialog.getByLabel('แหล่งที่มา').fill('xoso.com.vn');
await dialog.getByRole('button', { name: 'กรอกผลรางวัล' }).click();
await dialog.getByText('ผลรางวัลไม่ตรงกับรูปแบบของเกมนี้:').waitFor();
await shots('-result', false);

await browser.close();
await app.close();
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
console.log(`screenshots in ${out}`);
