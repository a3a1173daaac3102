import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { ops } from './support/ops';
import { signedVendorHeaders } from './support/vendor';
import { waitForApp } from './support/live';

// The member site's game menus (issue 9, ADR 0057) through the real server and the built site: a
// vendor registered by the operator CLI publishes its games through the signed vendor protocol and
// gets a hot vendor card; then the header dropdown, the login screen's game menu and the side
// menu's recent-games panel lead to it. With E2E_SCREENSHOTS=1 the menus are saved to
// docs/screenshots/ at 1440 px and 390 px.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const PASSWORD = 'Lotus2026';
const SHOTS =
  process.env.E2E_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../docs/screenshots') : null;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let vendor = '';
const vendorName = () => `E2E Menu ${vendor}`;

/** `npm run ops -- vendor add`, then a signed games/sync of three slots, then a hot vendor card. */
test.beforeAll(async () => {
  vendor = `GM${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const out = ops(
    'vendor',
    'add',
    vendor,
    '--name',
    vendorName(),
    '--launch-url',
    `${BASE_URL}/e2e-vendor/launch`,
    '--game-types',
    'SLOT',
  );
  const secret = out.trim().split('\n').pop()!.trim();
  const raw = JSON.stringify({
    requestId: `e2e-${vendor}`,
    games: ['Jade Lotus', 'Golden Koi', 'Temple Reels'].map((en, i) => ({
      gameCode: `MENU_0${i + 1}`,
      gameType: 'RNG',
      names: { th: `เกม ${en}`, en },
      classification: 'VIDEO_SLOT',
      minBet: '10',
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
  expect(await res.json()).toMatchObject({ status: 'OK', created: 3 });
  ops(
    'vendors',
    'add',
    JSON.stringify({
      gameType: 'RNG',
      vassalage: vendor,
      displayName: vendorName(),
      accountTypeId: 901,
      isHot: 1,
    }),
  );
});

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

test('2.HDR.06 2.HDR.07 2.HDR.09 2.HDR.10 the header dropdown lists the slots vendors in columns of 10 and opens /rng?vassalage=', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('nav-category-RNG').hover();
  const dropdown = page.getByTestId('vendor-dropdown-RNG');
  await expect(dropdown.getByTestId(`vendor-item-${vendor}`)).toBeVisible();
  const columns = dropdown.getByTestId('vendor-column');
  const count = await columns.count();
  expect(count).toBeGreaterThanOrEqual(1);
  expect(count).toBeLessThanOrEqual(3);
  for (let i = 0; i < count; i++)
    expect(await columns.nth(i).getByRole('link').count()).toBeLessThanOrEqual(10);
  await expect(dropdown.getByTestId(`vendor-item-${vendor}`).getByTestId('hot-icon')).toBeVisible();
  await shot(page, 'game-menus-header-dropdown-desktop');
  await dropdown.getByTestId(`vendor-item-${vendor}`).click();
  await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${vendor}$`));
  await expect(page.getByTestId('game-card-MENU_01')).toBeVisible();
  await expect(page.getByTestId('game-grid').locator('[data-testid^="game-card-MENU_"]')).toHaveCount(3);
});

test('2.HDR.08 FISH has no dropdown; the keyboard opens a category dropdown with ArrowDown', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('nav-toggle-RNG')).toBeVisible();
  await expect(page.getByTestId('nav-toggle-FISH')).toHaveCount(0);
  await page.getByTestId('nav-category-LIVE').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('nav-toggle-LIVE')).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByTestId('vendor-dropdown-LIVE').getByRole('link').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vendor-dropdown-LIVE')).toHaveCount(0);
});

test('2.HDR.10 on a 390 px phone the vendor is reached from the menu by a tap on the category toggle', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('nav-toggle-RNG').click();
  const item = page.getByTestId('vendor-dropdown-RNG').getByTestId(`vendor-item-${vendor}`);
  await item.scrollIntoViewIfNeeded();
  await expect(item).toBeVisible();
  const box = (await item.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'game-menus-header-dropdown-phone');
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${vendor}$`));
});

test('2.LGN.01 2.LGN.02 2.LGN.03 2.LGN.04 the login screen game menu: Hot vendors and slots vendors open /rng?vassalage=, FISH opens /fish', async ({
  page,
}) => {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.goto('/login');
    await waitForApp(page);
    const menu = page.getByTestId('login-game-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId('login-menu-HOT')).toHaveAttribute('aria-pressed', 'true');
    await expect(menu.getByTestId('login-menu-RNG')).toBeVisible();
    await expect(menu.getByTestId(`login-menu-vendor-${vendor}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await menu.scrollIntoViewIfNeeded();
    await shot(page, `game-menus-login-${size === DESKTOP ? 'desktop' : 'phone'}`);
  }
  await page.setViewportSize(DESKTOP);
  await page.getByTestId('login-game-menu').getByTestId(`login-menu-vendor-${vendor}`).click();
  await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${vendor}$`));

  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-menu-RNG').click();
  await page.getByTestId(`login-menu-vendor-${vendor}`).click();
  await expect(page).toHaveURL(new RegExp(`/rng\\?vassalage=${vendor}$`));

  await page.goto('/login');
  await waitForApp(page);
  await page.getByTestId('login-menu-FISH').click();
  await expect(page).toHaveURL(/\/fish$/);
});

test('2.SIDE.01 2.SIDE.02 2.SIDE.03 the recent-games panel: No data for a visitor and a new member, then the game the member launched', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('recent-games-tab').hover();
  await expect(page.getByTestId('recent-games-empty')).toContainText(/ไม่มีข้อมูล|No data/);
  await expect(
    page.getByTestId('recent-games-panel').getByRole('link', { name: /เข้าสู่ระบบ|Log in/ }),
  ).toBeVisible();

  await registerWithUsername(page, { username: uniqueName('m'), password: PASSWORD });
  await page.getByTestId('recent-games-tab').hover();
  await expect(page.getByTestId('recent-games-empty')).toContainText(/ไม่มีข้อมูล|No data/);

  // The member launches a game from the list; it becomes their most recent game.
  await page.goto(`/rng?vassalage=${vendor}`);
  await waitForApp(page);
  await page.getByTestId('game-card-MENU_02').getByTestId('game-card-play').click();
  await expect(page).toHaveURL(new RegExp(`/game\\?vendor=${vendor}&gameCode=MENU_02&gameType=RNG`));
  // The launch call records the recent game; the frame gets its address only once it answered.
  // Leaving on the URL change alone raced that call on a loaded machine.
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/e2e-vendor\/launch/);

  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('recent-games-tab').hover();
  const list = page.getByTestId('recent-games-list');
  await expect(list.getByTestId('recent-game-MENU_02')).toBeVisible();
  await expect(list.getByTestId('recent-game-MENU_02')).toContainText(vendorName());
  await shot(page, 'game-menus-recent-panel-desktop');
  await list.getByTestId('recent-game-MENU_02').click();
  await expect(page).toHaveURL(new RegExp(`/game\\?vendor=${vendor}&gameCode=MENU_02&gameType=RNG`));
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/e2e-vendor\/launch/);

  // On the phone the panel opens from its tab in the bottom dock.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await waitForApp(page);
  await page.getByTestId('recent-games-tab').click();
  await expect(page.getByTestId('recent-game-MENU_02')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'game-menus-recent-panel-phone');
});
