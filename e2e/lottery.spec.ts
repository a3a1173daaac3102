import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { skipNewsPopup, uniqueName } from './support/accounts';
import { fundedMember } from './support/money';
import { approverToken, ops, opsAs } from './support/ops';

/**
 * Issue 27, the lottery end to end on a 390 px phone: a member opens the lottery lobby (/vnlottery), filters by
 * weekday, opens the North draw and buys lô, đề and xiên on the house lottery's betting page; another buys Thai
 * 3 top, 3 tod, 2 bottom and run top. Operators close both draws, one enters each draw's real published result
 * (XSMB of 12 May 2023, the Thai Government Lottery of 2 May 2024: the fixtures) and another confirms it; the
 * lottery pays the wins through its signed wallet calls, and the members see them in their header balance, the
 * account record and the betting record, and the lobby's winner board lists them.
 */
test.setTimeout(300_000);

const fixture = (name: string) =>
  JSON.parse(readFileSync(resolve(import.meta.dirname, `../apps/games/src/lottery/fixtures/${name}.json`), 'utf8')) as {
    result: Record<string, unknown>;
  };
const PHONE = { width: 390, height: 844 };

/** A funded member (1,000.00) on a phone-sized page. */
async function member(browser: Browser): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await skipNewsPopup(page);
  const username = await fundedMember(page, uniqueName('lt'));
  return { page, username };
}

/** One bet on the betting page (in its frame): the type, the numbers, the stake in baht, added to the slip. */
async function addBet(frame: ReturnType<Page['frameLocator']>, type: string, numbers: string[], stake: string) {
  await frame.getByTestId(`lotto-bet-type-${type}`).click();
  for (const [i, n] of numbers.entries()) await frame.getByTestId(`lotto-number-${i}`).fill(n);
  await frame.getByTestId('lotto-stake').fill(stake);
  await frame.getByTestId('lotto-add').click();
}

/** Closes a draw now, then one operator enters its published result and a second confirms it. */
function resultDraw(game: string, drawNo: string, result: Record<string, unknown>, source: string) {
  ops('lottery', 'draw', 'move', game, drawNo, '--at', new Date(Date.now() + 60_000).toISOString());
  const file = join(mkdtempSync(join(tmpdir(), 'lotus-e2e-lottery-')), `${game}-${drawNo}.json`);
  writeFileSync(file, JSON.stringify(result));
  ops('lottery', 'result', 'set', game, drawNo, '--file', file, '--source', source);
  opsAs(approverToken(), 'lottery', 'result', 'confirm', game, drawNo);
}

async function expectBalance(page: Page, text: string) {
  await page.goto('/');
  await expect(async () => {
    await page.getByTestId('header-balance-refresh').click();
    await expect(page.getByTestId('header-balance')).toHaveText(text, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}

test('27 the lottery: two members buy North and Thai tickets on a phone; two operators confirm the real results; the wins reach balance, records, the winner board, the leaderboard and the missions', async ({
  browser,
}) => {
  approverToken(); // the second operator exists before anything waits for it

  // ---------- member A: the lobby, the weekday filter, the North draw, lô, đề and xiên ----------
  const a = await member(browser);
  await a.page.goto('/vnlottery');
  await expect(a.page.getByTestId('lottery-lobby')).toBeVisible();
  // Today's weekday in Vietnam (1 = Sunday): the North draws every day.
  const weekday = ((new Date(Date.now() + 7 * 3_600_000).getUTCDay() + 1) as number).toString();
  await a.page.getByTestId(`lottery-weekday-${weekday}`).click();
  await expect(a.page.getByTestId('lottery-game-VN_MB')).toBeVisible();
  await a.page.getByTestId('lottery-play-VN_MB').click();
  await expect(a.page).toHaveURL(/\/lottery\?.*gameCode=VN_MB/);
  const aFrame = a.page.frameLocator('[data-testid="lottery-frame"]');
  await expect(aFrame.getByTestId('lotto-balance')).toHaveText('฿1,000.00');
  const northDraw = (await aFrame.getByTestId('lotto-draw').innerText()).trim();
  expect(northDraw).toMatch(/^\d{8}$/);
  // On the real XSMB of 12 May 2023: tail 18 comes out twice, the special 84102 ends in 02, 30 and 75 are tails.
  await addBet(aFrame, 'lo2', ['18'], '1'); // 27 lots: 27.00; 2 hits x 1.00 x 80 = 160.00
  await addBet(aFrame, 'de', ['02'], '5'); // 5.00; x80 = 400.00
  await addBet(aFrame, 'xien2', ['30', '75'], '2'); // 2.00; x15 = 30.00
  await expect(aFrame.getByTestId('lotto-slip-total')).toContainText('34.00');
  await aFrame.getByTestId('lotto-buy').click();
  await expect(aFrame.getByTestId('lotto-balance')).toHaveText('฿966.00');
  // The betting page fits the phone.
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // ---------- member B: Thai 3 top, 3 tod, 2 bottom and run top ----------
  const b = await member(browser);
  await b.page.goto('/vnlottery');
  await b.page.getByTestId('lottery-menu-TH').click();
  await b.page.getByTestId('lottery-play-TH_GLO').click();
  const bFrame = b.page.frameLocator('[data-testid="lottery-frame"]');
  await expect(bFrame.getByTestId('lotto-balance')).toHaveText('฿1,000.00');
  const thaiDraw = (await bFrame.getByTestId('lotto-draw').innerText()).trim();
  // On the Thai draw of 2 May 2024: first prize 980116, last two 17.
  await addBet(bFrame, '3top', ['116'], '1'); // x900 = 900.00
  await addBet(bFrame, '3tod', ['611'], '1'); // an order of 116: x150 = 150.00
  await addBet(bFrame, '2bottom', ['17'], '1'); // x90 = 90.00
  await addBet(bFrame, 'runtop', ['6'], '10'); // 6 is among 116: x3.20 = 32.00
  await bFrame.getByTestId('lotto-buy').click();
  await expect(bFrame.getByTestId('lotto-balance')).toHaveText('฿987.00');

  // ---------- the operators: each draw closed, its real result entered by one and confirmed by another ----------
  resultDraw('VN_MB', northDraw, fixture('vn-north-2023-05-12').result, 'xoso.com.vn XSMB 2023-05-12');
  resultDraw('TH_GLO', thaiDraw, fixture('thai-2024-05-02').result, 'glo.or.th 2024-05-02');

  // ---------- the wins: the betting page's balance, then the site's header, account record, betting record ----------
  await expect(aFrame.getByTestId('lotto-balance')).toHaveText('฿1,556.00', { timeout: 90_000 });
  await expectBalance(a.page, '฿1,556.00'); // 1,000 - 34 + 590
  await expectBalance(b.page, '฿2,159.00'); // 1,000 - 13 + 1,172

  await a.page.goto('/member?page=transactionHistory');
  await a.page.getByTestId('record-type').selectOption('win');
  await expect(a.page.getByTestId('record-amount').first()).toHaveText('+฿590.00');
  await a.page.goto('/member?page=personalHistoryCopy');
  const row = a.page.getByTestId('bets-row').first();
  await expect(row.getByTestId('bets-bet')).toHaveText('฿34.00');
  await expect(row.getByTestId('bets-win')).toHaveText('฿590.00');
  expect(await a.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // The betting page's own tickets list shows the ticket paid.
  await b.page.goto(`/lottery?gameCode=TH_GLO&vendor=LOTT`);
  await bFrame.getByTestId('lotto-tab-tickets').click();
  await expect(bFrame.getByTestId('lotto-tickets').locator('[data-status="paid"]')).toHaveCount(1);

  // ---------- the winner board lists the wins (the catalogue collects settled wins every minute) ----------
  await expect(async () => {
    await a.page.goto('/vnlottery');
    await expect(a.page.getByTestId('lottery-winner-board')).toContainText('1,172.00', { timeout: 3_000 });
    await expect(a.page.getByTestId('lottery-winner-board')).toContainText('590.00', { timeout: 3_000 });
  }).toPass({ timeout: 150_000 });
  // The week's leaderboard ranks the two by their lottery winnings (the same collected wins).
  const board = a.page.getByTestId('lottery-leaderboard');
  await expect(board).toContainText('1,172.00');
  await expect(board).toContainText('590.00');
  // A's missions count the one ticket of 34.00 bought today (docs/adr/0097's defaults).
  await expect(a.page.getByTestId('lottery-mission-DAILY_TICKETS')).toContainText('1 / 3');
  await expect(a.page.getByTestId('lottery-mission-DAILY_STAKE')).toContainText('฿34.00 / ฿100.00');
  await a.page.screenshot({ path: test.info().outputPath('lottery-lobby-390.png'), fullPage: true });
});
