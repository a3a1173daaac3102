import { expect, test, type Page } from '@playwright/test';
import { skipNewsPopup, uniqueName } from './support/accounts';
import { watchConsole } from './support/console';
import { ops } from './support/ops';
import { fundedMember } from './support/money';
import { signedVendorHeaders } from './support/vendor';
import { HOUSE_GAME } from './support/house';

// Issue 9 "Done when", the whole journey in one run against the built site and the real server (the house
// vendor in the one-process mode, docs/adr/0048): a visitor browses /rng by vendor, classification, name
// and minimum bet, pages through, and is sent to /login by fav and recent; a member favourites a house
// slot and sees it in fav, launches it from /rng into /game and spins ten times; the header balance, the
// account record (transactionHistory) and the betting record (personalHistoryCopy) all match the house's
// own round list; the game is in recent; the verify page recomputes a spin after a seed rotation; a
// vendor in maintenance answers 'Game maintenance'; a trial account is refused a real-money launch.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6).toUpperCase()}`;

/** `npm run ops -- vendor add`: the vendor's signing secret is the output's last line. */
function addVendor(vendor: string): string {
  const out = ops(
    'vendor',
    'add',
    vendor,
    '--name',
    `Journey ${vendor}`,
    '--launch-url',
    `${BASE_URL}/e2e-vendor/launch`,
    '--game-types',
    'SLOT',
  );
  return out.trim().split('\n').pop()!.trim();
}

type SyncGame = { gameCode: string; en: string; th: string; classification: string; minBet: string };

/** A signed games/sync (HMAC-SHA256 of "<timestamp>.<raw body>", docs/vendor-protocol.md). */
async function publish(vendor: string, secret: string, games: SyncGame[]) {
  const raw = JSON.stringify({
    requestId: `journey-${vendor}-${Date.now()}`,
    games: games.map((g) => ({
      gameCode: g.gameCode,
      gameType: 'RNG',
      names: { th: g.th, en: g.en },
      classification: g.classification,
      minBet: g.minBet,
      lines: 25,
      // A picture the site really serves (the house's thumbnail art), so no image request fails.
      thumbnailUrl: '/house/thumbs/lotus-pond.svg',
      isHot: false,
      freePlay: false,
      status: 'ACTIVE',
    })),
  });
  const res = await fetch(`${BASE_URL}/vendor/v1/games/sync`, {
    method: 'POST',
    headers: signedVendorHeaders(vendor, secret, '/vendor/v1/games/sync', raw),
    body: raw,
  });
  expect(await res.json()).toMatchObject({ status: 'OK', created: games.length });
}

/** 17 games: 3 classic, 2 named "Tiger", minimum bets 0.01 (2), 0.05 (3), 0.50 (8), 1.00 (4). */
const CATALOGUE: SyncGame[] = Array.from({ length: 17 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  const tiger = i === 3 || i === 9;
  return {
    gameCode: `GJ_${n}`,
    en: tiger ? `Tiger Gold ${n}` : `Jade Reel ${n}`,
    th: tiger ? `เสือทอง ${n}` : `วงล้อหยก ${n}`,
    classification: i < 3 ? 'CLASSIC_SLOT' : 'VIDEO_SLOT',
    minBet: i < 2 ? '1' : i < 5 ? '5' : i < 13 ? '50' : '100',
  };
});

/** Money as the site shows it (one format in both languages): ฿1,234.50; minor units in. */
const baht = (minor: number) =>
  `${minor < 0 ? '-' : ''}฿${(Math.abs(minor) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

type HouseRound = {
  roundId: string;
  gameCode: string;
  lineBet: string;
  totalBet: string;
  win: string;
  status: string;
};

const cards = (page: Page, prefix: string) =>
  page.getByTestId('game-grid').locator(`[data-testid^="game-card-${prefix}"]`);

let vendor = '';
test.beforeAll(async () => {
  vendor = code('GJ');
  await publish(vendor, addVendor(vendor), CATALOGUE);
});

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

test('2.GL.04 2.GL.05 2.GL.06 2.GL.07 4.LIST.02 5.GATE.02 4.FAV.01 4.GS.03 2.MC.08 2.MC.09 2.JP.04 8.ERR.13 5.GATE.04 the issue 9 journey: browse, favourite, launch a house slot, ten spins that every record agrees on, verify, maintenance and trial refusals', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);

  await test.step('a visitor browses /rng by vendor, classification, name and minimum bet and pages through', async () => {
    await page.goto('/rng');
    await page.getByTestId(`vendor-tab-${vendor}`).click();
    await expect(page).toHaveURL(new RegExp(`vassalage=${vendor}`));
    await expect(cards(page, 'GJ_')).toHaveCount(15);
    await page
      .getByRole('navigation')
      .getByRole('button', { name: /^(Page|หน้า) 2$/ })
      .click();
    await expect(cards(page, 'GJ_')).toHaveCount(2);
    await page.getByTestId('filter-classify').selectOption('CLASSIC_SLOT');
    await expect(cards(page, 'GJ_')).toHaveCount(3);
    await expect(page.getByTestId('game-list')).toHaveAttribute('data-page', '1');
    await page.getByTestId('filter-classify').selectOption('');
    await page.getByTestId('filter-name').fill('Tiger');
    await page.getByTestId('filter-name-submit').click();
    await expect(cards(page, 'GJ_')).toHaveCount(2);
    await expect(page.getByTestId('game-card-GJ_04')).toBeVisible();
    await page.getByTestId('filter-name').fill('');
    await page.getByTestId('filter-name-submit').click();
    await expect(cards(page, 'GJ_')).toHaveCount(15);
    await page.getByTestId('filter-minbet-0.05').click();
    await expect(cards(page, 'GJ_')).toHaveCount(5);
    await page.getByTestId('filter-minbet-0.01').click();
    await expect(cards(page, 'GJ_')).toHaveCount(2);
  });

  await test.step('fav and recent send a visitor to /login', async () => {
    await page.getByTestId('list-type-fav').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`/rng?vassalage=${vendor}`);
    await page.getByTestId('list-type-recent').click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await fundedMember(page, uniqueName('j'));

  await test.step('a member favourites the house slot and sees it in fav', async () => {
    await page.goto('/rng?vassalage=HOUSE');
    const card = page.getByTestId(`game-card-${HOUSE_GAME}`);
    await card.getByTestId('game-card-fav').click();
    await expect(card.getByTestId('game-card-fav')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('list-type-fav').click();
    await expect(page.getByTestId('game-grid').locator('li[data-testid^="game-card-"]')).toHaveCount(1);
    await expect(page.getByTestId(`game-card-${HOUSE_GAME}`)).toBeVisible();
  });

  const frame = page.frameLocator('[data-testid="game-frame"]');
  await test.step('launches it from /rng into /game and spins ten times', async () => {
    await page.getByTestId(`game-card-${HOUSE_GAME}`).getByTestId('game-card-play').click();
    await expect(page).toHaveURL(new RegExp(`/game\\?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`));
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/house\/play\?/);
    await expect(frame.locator('body')).toHaveAttribute('data-ready', '1');
    await expect(frame.getByTestId('house-balance')).toHaveText('฿1,000.00');
    for (let i = 1; i <= 10; i++) {
      await frame.locator('#spin').click();
      await expect(frame.locator('body')).toHaveAttribute('data-spins', String(i));
    }
  });

  // The house's own round list (the vendor's records, read through its API with the game's cookie).
  const rounds = await page.evaluate(
    async () => ((await (await fetch('/house/api/rounds')).json()) as { rounds: HouseRound[] }).rounds,
  );
  expect(rounds).toHaveLength(10);
  for (const r of rounds) expect(r).toMatchObject({ gameCode: HOUSE_GAME, status: 'settled' });
  const staked = rounds.reduce((n, r) => n + Number(r.totalBet), 0);
  const won = rounds.reduce((n, r) => n + Number(r.win), 0);
  const expected = baht(100_000 - staked + won);

  await test.step('the game page and the header balance match the rounds', async () => {
    await expect(frame.getByTestId('house-balance')).toHaveText(expected);
    await page.getByTestId('header-balance-refresh').click();
    await expect(page.getByTestId('header-balance')).toHaveText(expected);
  });

  await test.step('the account record shows every stake and every paid win of the rounds, and the balance after them', async () => {
    await page.goto('/member?page=transactionHistory');
    await page.getByTestId('record-type').selectOption('bet');
    await expect(page.getByTestId('record-row')).toHaveCount(10);
    // Newest first, like the house's list.
    await expect(page.getByTestId('record-amount')).toHaveText(rounds.map((r) => baht(-Number(r.totalBet))));
    await expect(page.getByTestId('record-balance').first()).toBeVisible();
    const paid = rounds.filter((r) => Number(r.win) > 0);
    await page.getByTestId('record-type').selectOption('win');
    if (paid.length === 0) await expect(page.getByTestId('empty-state')).toBeVisible();
    else
      await expect(page.getByTestId('record-amount')).toHaveText(paid.map((r) => `+${baht(Number(r.win))}`));
    await page.getByTestId('record-type').selectOption('');
    // The newest movement's running balance is the balance now.
    await expect(page.getByTestId('record-balance').first()).toHaveText(expected);
  });

  await test.step('the betting record lists the same ten rounds with their bets, wins and net', async () => {
    await page.goto('/member?page=personalHistoryCopy');
    const rows = page.getByTestId('bets-row');
    await expect(rows).toHaveCount(10);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-round')))).toEqual(
      rounds.map((r) => r.roundId),
    );
    await expect(page.getByTestId('bets-bet')).toHaveText(rounds.map((r) => baht(Number(r.totalBet))));
    await expect(page.getByTestId('bets-win')).toHaveText(rounds.map((r) => baht(Number(r.win))));
    // The catalogue's name of the game (the house publishes its titles), not its code.
    await expect(page.getByTestId('bets-game').first()).not.toHaveText(HOUSE_GAME);
    await expect(page.getByTestId('bets-vendor-name').first()).toHaveText('Lotus House'); // the registry's name of HOUSE
    for (const status of await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-status'))))
      expect(status).toBe('settled');
    await expect(page.getByTestId('bets-total-bet')).toHaveText(baht(staked));
    await expect(page.getByTestId('bets-total-win')).toHaveText(baht(won));
    // 390 px: the records fit the phone without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('bets-page').evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: test.info().outputPath('betting-record-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('bets-page').evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: test.info().outputPath('betting-record-1440.png') });
  });

  await test.step('the game is in recent and in the side panel', async () => {
    await page.goto('/rng?vassalage=HOUSE');
    await page.getByTestId('list-type-recent').click();
    await expect(page.getByTestId(`game-card-${HOUSE_GAME}`)).toBeVisible();
    // The side menu's recent-games panel (2.SIDE.01) lists it too.
    await page.getByTestId('recent-games-tab').hover();
    await expect(page.getByTestId('recent-games-list').getByTestId(`recent-game-${HOUSE_GAME}`)).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step("the /rng jackpot counter starts from the house's progressive jackpot, fed by the spins' shares", async () => {
    const house = await page.evaluate(
      async () =>
        ((await (await fetch('/house/api/jackpot?currency=THB')).json()) as { amount: string }).amount,
    );
    const minor = (text: string) => Number(text.replace(/[^0-9]/g, ''));
    const shown = page.getByTestId('jackpot-value');
    await expect(shown).toHaveAttribute('data-value', /^฿[0-9,]+\.[0-9]{2}$/);
    await expect
      .poll(async () => {
        const value = minor((await shown.getAttribute('data-value'))!) - Number(house);
        return value >= 0 && value % 16_511 === 0; // the house's value plus whole 165.11 steps
      })
      .toBe(true);
  });

  await test.step('after a seed rotation the verify page recomputes a spin', async () => {
    await page.goto(`/game?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`);
    await expect(frame.locator('body')).toHaveAttribute('data-ready', '1');
    await frame
      .getByText(/Provably fair|ความยุติธรรมที่พิสูจน์ได้/)
      .first()
      .click();
    const hash = await frame.getByTestId('seed-hash').textContent();
    await frame.getByRole('button', { name: /Rotate seeds|เปลี่ยนซีด/ }).click();
    await expect(frame.getByTestId('revealed-seed')).not.toBeEmpty();
    await expect(frame.getByTestId('seed-hash')).not.toHaveText(hash!);
    const newest = frame.locator('#rounds li').first();
    const href = await newest.locator('a').getAttribute('href');
    const verify = await context.newPage();
    await verify.goto(href!);
    await expect(verify.locator('#verify-result')).toHaveAttribute('data-stops', /^\d+(,\d+){4}$/);
    await expect(verify.locator('#verify-result')).toContainText(hash!);
    const winLines = Number(await verify.locator('#verify-result').getAttribute('data-win'));
    expect(winLines * Number(await newest.getAttribute('data-line-bet'))).toBe(
      Number(await newest.getAttribute('data-win')),
    );
    // The newest round on the game page is the newest of the house's list.
    expect(Number(await newest.getAttribute('data-win'))).toBe(Number(rounds[0]!.win));
    await verify.close();
  });

  // No console error so far (the maintenance refusal below is a 503 the browser logs).
  expect(errors).toEqual([]);

  await test.step("a vendor in maintenance answers 'Game maintenance'", async () => {
    const closed = code('GK');
    await publish(closed, addVendor(closed), [
      { gameCode: 'GK_01', en: 'Shut Reels', th: 'วงล้อปิด', classification: 'VIDEO_SLOT', minBet: '10' },
    ]);
    ops('vendor', 'set-status', closed, 'maintenance');
    await page.goto(`/rng?vassalage=${closed}`);
    await page.getByTestId('game-card-GK_01').getByTestId('game-card-play').click();
    await expect(page.getByTestId('dialog')).toContainText(/Game maintenance|เกมอยู่ระหว่างการปรับปรุง/);
    await expect(page).toHaveURL(/\/rng/);
  });

  await test.step('a trial account is refused a real-money launch', async () => {
    // A visitor in a browser of their own takes a free-play (trial) account.
    const trialContext = await browser.newContext({ baseURL: BASE_URL });
    const trial = await trialContext.newPage();
    await skipNewsPopup(trial);
    await trial.goto('/login');
    await trial.getByTestId('login-freeplay').click();
    await expect(trial.getByTestId('header-member-bar')).toBeVisible();
    await trial.goto(`/rng?vassalage=${vendor}`);
    await trial.getByTestId('game-card-GJ_03').getByTestId('game-card-play').click();
    await expect(trial.getByTestId('dialog')).toContainText(/บัญชีจริง|real account/);
    await expect(trial).toHaveURL(/\/rng/);
    await trialContext.close();
  });
});
