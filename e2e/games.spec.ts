import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { ops } from './support/ops';
import { signedVendorHeaders } from './support/vendor';

// The game list screens (issue 9, web) through the real server and the built site: a vendor is
// registered by the operator CLI and publishes its game list through the signed vendor protocol
// (POST /vendor/v1/games/sync, docs/vendor-protocol.md section 10); then a visitor browses /rng and
// filters, a member favourites and launches, a vendor in maintenance and a trial account are refused.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const PASSWORD = 'Lotus2026';
const code = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6).toUpperCase()}`;

/** `npm run ops -- vendor add`: the vendor's signing secret is the output's last line. */
function addVendor(vendor: string): string {
  const out = ops('vendor', 'add', vendor, '--name', `E2E ${vendor}`, '--launch-url', `${BASE_URL}/e2e-vendor/launch`, '--game-types', 'SLOT');
  return out.trim().split('\n').pop()!.trim();
}

type SyncGame = { gameCode: string; en: string; th: string; classification: string; minBet: string };

/** A signed games/sync (HMAC-SHA256 of "<timestamp>.<raw body>", the document's rule). */
async function publish(vendor: string, secret: string, games: SyncGame[]) {
  const raw = JSON.stringify({
    requestId: `e2e-${vendor}-${Date.now()}`,
    games: games.map((g) => ({
      gameCode: g.gameCode,
      gameType: 'RNG',
      names: { th: g.th, en: g.en },
      classification: g.classification,
      minBet: g.minBet,
      lines: 25,
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

/** 20 games: 3 classic slots, 2 "Dragon" names, minimum bets 0.01 (2), 0.05 (3), 0.50 (10), 1.00 (5). */
const CATALOGUE: SyncGame[] = Array.from({ length: 20 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  const dragon = i === 4 || i === 11;
  return {
    gameCode: `E2E_${n}`,
    en: dragon ? `Dragon Pearl ${n}` : `Lotus Gem ${n}`,
    th: dragon ? `มังกรมุก ${n}` : `อัญมณีโลตัส ${n}`,
    classification: i < 3 ? 'CLASSIC_SLOT' : 'VIDEO_SLOT',
    minBet: i < 2 ? '1' : i < 5 ? '5' : i < 15 ? '50' : '100',
  };
});

const cards = (page: Page) => page.getByTestId('game-grid').locator('[data-testid^="game-card-E2E_"]');

let vendor = '';
test.beforeAll(async () => {
  vendor = code('GW');
  await publish(vendor, addVendor(vendor), CATALOGUE);
});

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

test('2.GL.01 2.GL.04 2.GL.05 2.GL.06 2.GL.07 4.LIST.02 5.GATE.02 a visitor browses /rng by vendor, classification, name and minimum bet, pages through, and is sent to /login for fav and recent', async ({ page }) => {
  await page.goto('/rng');
  await expect(page.getByTestId('jackpot-value')).toHaveAttribute('data-value', /^฿[0-9,]+\.[0-9]{2}$/);
  await page.getByTestId(`vendor-tab-${vendor}`).click();
  await expect(page).toHaveURL(new RegExp(`vassalage=${vendor}`));
  await expect(cards(page)).toHaveCount(15);

  // Paging of 15: 20 games make two pages.
  await page.getByRole('navigation').getByRole('button', { name: /^(Page|หน้า) 2$/ }).click();
  await expect(cards(page)).toHaveCount(5);
  await expect(page).toHaveURL(/page=2/);

  // A classification: the three classic slots, back on page 1.
  await page.getByTestId('filter-classify').selectOption('CLASSIC_SLOT');
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId('game-list')).toHaveAttribute('data-page', '1');
  await page.getByTestId('filter-classify').selectOption('');
  await expect(cards(page)).toHaveCount(15);

  // The name, in the page's language or the other.
  await page.getByTestId('filter-name').fill('Dragon');
  await page.getByTestId('filter-name-submit').click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('game-card-E2E_05')).toBeVisible();
  await page.getByTestId('filter-name').fill('');
  await page.getByTestId('filter-name-submit').click();
  await expect(cards(page)).toHaveCount(15);

  // Minimum bet: the games playable at 0.05 (minimum stake at most 0.05).
  await expect(page.getByTestId('filter-minbet').getByRole('button')).toHaveText([/ทั้งหมด|All/, '0.01', '0.05', '0.1', '0.5', '0.75']);
  await page.getByTestId('filter-minbet-0.05').click();
  await expect(cards(page)).toHaveCount(5);
  await page.getByTestId('filter-minbet-0.01').click();
  await expect(cards(page)).toHaveCount(2);
  await page.getByTestId('filter-name').fill('Nothing like this');
  await page.getByTestId('filter-name-submit').click();
  await expect(page.getByTestId('game-list-empty')).toBeVisible();

  // fav and recent need a login.
  await page.getByTestId('list-type-fav').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(`/rng?vassalage=${vendor}`);
  await page.getByTestId('list-type-recent').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('4.FAV.01 4.FAV.03 4.GS.03 a member favourites a game and sees it in fav, launches it in /game and finds it in recent', async ({ page }) => {
  await registerWithUsername(page, { username: uniqueName('g'), password: PASSWORD });
  await page.goto(`/rng?vassalage=${vendor}`);
  const card = page.getByTestId('game-card-E2E_07');
  await card.getByTestId('game-card-fav').click();
  await expect(card.getByTestId('game-card-fav')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('list-type-fav').click();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByTestId('game-card-E2E_07')).toBeVisible();

  // A slot opens in the embedded frame with the vendor's launch address.
  await page.getByTestId('game-card-E2E_07').getByTestId('game-card-play').click();
  await expect(page).toHaveURL(new RegExp(`/game\\?vendor=${vendor}&gameCode=E2E_07&gameType=RNG`));
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/e2e-vendor\/launch/);
  await page.getByTestId('game-frame-close').click();
  await expect(page).toHaveURL(/\/rng/);
  await page.getByTestId('list-type-recent').click();
  await expect(page.getByTestId('game-card-E2E_07')).toBeVisible();
});

test('5.GATE.04 a trial (free play) account is refused a real-money-only game', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-freeplay').click();
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  await page.goto(`/rng?vassalage=${vendor}`);
  await page.getByTestId('game-card-E2E_03').getByTestId('game-card-play').click();
  await expect(page.getByTestId('dialog')).toContainText(/บัญชีจริง|real account/);
  await expect(page).toHaveURL(/\/rng/);
});

test("8.ERR.13 a vendor in maintenance answers 'Game maintenance' on launch", async ({ page }) => {
  const closed = code('GM');
  await publish(closed, addVendor(closed), [{ gameCode: 'MAINT_01', en: 'Closed Reels', th: 'วงล้อปิด', classification: 'VIDEO_SLOT', minBet: '10' }]);
  await registerWithUsername(page, { username: uniqueName('g'), password: PASSWORD });
  ops('vendor', 'set-status', closed, 'maintenance');
  await page.goto(`/rng?vassalage=${closed}`);
  await page.getByTestId('game-card-MAINT_01').getByTestId('game-card-play').click();
  await expect(page.getByTestId('dialog')).toContainText(/Game maintenance|เกมอยู่ระหว่างการปรับปรุง/);
  await expect(page).toHaveURL(/\/rng/);
});

test('the list screen fits a 390 px phone and a 1440 px desktop without sideways scrolling', async ({ page }) => {
  for (const size of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await page.goto(`/rng?vassalage=${vendor}`);
    await expect(cards(page)).toHaveCount(15);
    // On a phone the filters open in a bottom sheet (issue 25); on a desktop they sit above the list.
    if (size.width < 640) await page.getByTestId('game-filters-open').click();
    await expect(page.locator('[data-testid="filter-minbet-0.75"]:visible')).toBeVisible();
    if (size.width < 640) await page.getByTestId('game-filters-done').click();
    await expect(page.getByTestId('list-type-recent')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }
});
