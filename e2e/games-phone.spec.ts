import { expect, test, type Page } from '@playwright/test';
import { forgetSession, registerWithUsername, uniqueName } from './support/accounts';
import { ops } from './support/ops';
import { PHONE, checkPhonePage, checkSmallPhoneWidth, usePhoneSettings, type PhoneChecks } from './support/phone';
import { waitForApp } from './support/live';
import { signedVendorHeaders } from './support/vendor';
import { fundedMember } from './support/money';
import { submitLogin, trackCaptcha } from './support/login';
import { HOUSE_GAME } from './support/house';

// Issue 25, "Games" on a 390 px phone (and the house slot on a 1366x768 desktop), against the built site
// and the real server: the home page counts only providers with games a player can open and hides empty
// categories; /rng shows games in the first screen; a visitor who taps a game logs in in a sheet and the
// game opens, and so does one who opened a game's address; the game frame is full screen on a phone, names
// the game, and the house slot's Spin is in sight on a laptop screen; a win in the game shows a toast with
// its amount at once and the header balance follows each spin.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const PASSWORD = 'Lotus2026';
const LAPTOP = { width: 1366, height: 768 } as const;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-6).toUpperCase()}`;

/** `npm run ops -- vendor add`: the vendor's signing secret is the output's last line. */
function addVendor(vendor: string): string {
  const out = ops(
    'vendor',
    'add',
    vendor,
    '--name',
    `Phone ${vendor}`,
    '--launch-url',
    `${BASE_URL}/e2e-vendor/launch`,
    '--game-types',
    'SLOT',
  );
  return out.trim().split('\n').pop()!.trim();
}

/** A signed games/sync of RNG games (docs/vendor-protocol.md section 10). */
async function publish(
  vendor: string,
  secret: string,
  games: { gameCode: string; status: 'ACTIVE' | 'MAINTENANCE' }[],
) {
  const raw = JSON.stringify({
    requestId: `phone-${vendor}-${Date.now()}`,
    games: games.map((g) => ({
      gameCode: g.gameCode,
      gameType: 'RNG',
      names: { th: `เกม ${g.gameCode}`, en: `Game ${g.gameCode}` },
      classification: 'VIDEO_SLOT',
      minBet: '50',
      lines: 25,
      thumbnailUrl: '/house/thumbs/lotus-pond.svg',
      isHot: false,
      freePlay: false,
      status: g.status,
    })),
  });
  const res = await fetch(`${BASE_URL}/vendor/v1/games/sync`, {
    method: 'POST',
    headers: signedVendorHeaders(vendor, secret, '/vendor/v1/games/sync', raw),
    body: raw,
  });
  expect(await res.json()).toMatchObject({ status: 'OK', created: games.length });
}

/** The number a home category card shows ("3 ผู้ให้บริการ"). */
async function shownCount(page: Page, category: string): Promise<number> {
  const count = page.getByTestId(`home-category-count-${category}`);
  await expect(count).toHaveText(/\d/);
  return Number(/\d+/.exec((await count.textContent()) ?? '')![0]);
}

/** Registers a member (logged in at the end). */
async function member(page: Page): Promise<string> {
  const username = uniqueName('gp');
  await registerWithUsername(page, { username, password: PASSWORD });
  return username;
}

/** The house slot in the frame: spins until a round wins (at most 60 rounds); answers the win as shown. */
async function spinUntilWin(page: Page): Promise<string> {
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.locator('body')).toHaveAttribute('data-ready', '1');
  for (let i = 1; i <= 60; i++) {
    await game.locator('#spin').click();
    await expect(game.locator('body')).toHaveAttribute('data-spins', String(i));
    const win = (await game.locator('#last-win').textContent())!.trim();
    if (win !== '฿0.00') return win;
  }
  throw new Error('no win in 60 rounds of the house slot');
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  test.beforeEach(async ({ page }) => {
    await usePhoneSettings(page, 'light');
    // Another test's failed login from this address makes the login form ask for the captcha.
    trackCaptcha(page);
  });

  test('home: a category counts only the providers with a game a player can open, and a category without one is not offered', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('home-category-RNG')).toBeVisible();
    const before = await shownCount(page, 'RNG');
    // No provider has published live-casino, sports or esports games on this server: no card invites a tap to an empty page.
    for (const empty of ['LIVE', 'SPORTS', 'ESPORTS'])
      await expect(page.getByTestId(`home-category-${empty}`)).toHaveCount(0);

    // A provider whose only game is in maintenance has nothing to play; one with an open game has.
    const closed = code('GC');
    await publish(closed, addVendor(closed), [{ gameCode: `${closed}_1`, status: 'MAINTENANCE' }]);
    const open = code('GO');
    await publish(open, addVendor(open), [{ gameCode: `${open}_1`, status: 'ACTIVE' }]);
    await page.reload();
    await expect.poll(() => shownCount(page, 'RNG')).toBe(before + 1);
    await page.screenshot({ path: 'docs/screenshots/games-home-390.png' });
  });

  test('/rng shows games in the first screen, and every filter control is a 44 px target', async ({
    page,
  }) => {
    await page.goto('/rng');
    const first = page.getByTestId('game-grid').locator('li').first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, 'the first game card ends inside the first screen').toBeLessThanOrEqual(
      PHONE.height,
    );

    // The filters (in their sheet when they are in one) are finger-sized.
    const opener = page.getByTestId('game-filters-open');
    if (await opener.isVisible()) await opener.click();
    const filters = page.locator('[data-testid="game-filters"]:visible');
    await expect(filters).toBeVisible();
    // Measured once the sheet has finished sliding in.
    await page
      .getByRole('dialog')
      .evaluate((sheet) => Promise.all(sheet.getAnimations().map((a) => a.finished)));
    const small = await filters.locator('button, select, input').evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({
          name: (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim(),
          r: el.getBoundingClientRect(),
        }))
        .filter(({ r }) => Math.round(r.width) < 44 || Math.round(r.height) < 44)
        .map(({ name, r }) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`),
    );
    expect(small).toEqual([]);
    await page.screenshot({ path: 'docs/screenshots/games-rng-filters-390.png' });
    await page.keyboard.press('Escape');
    await expect(filters).toHaveCount(0);
    await page.screenshot({ path: 'docs/screenshots/games-rng-390.png' });
  });

  test('4.GS.01 a visitor who taps a game logs in in a sheet on the same page, and the game opens after the login', async ({
    page,
  }) => {
    const username = await member(page);
    await forgetSession(page);
    await page.goto('/rng?vassalage=HOUSE');
    const card = page.getByTestId(`game-card-${HOUSE_GAME}`);
    const name = (await card.getByTestId('game-card-name').textContent())!.trim();
    await card.getByTestId('game-card-play').click();

    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('login-form')).toBeVisible();
    await expect(page).toHaveURL(/\/rng\?vassalage=HOUSE$/);
    await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: 'docs/screenshots/games-login-sheet-390.png' });
    expect(await submitLogin(page, sheet.getByTestId('login-form'), username, PASSWORD)).toBe('left');

    await expect(page).toHaveURL(new RegExp(`/game\\?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`));
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/house\/play\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('2.R.25 4.GS.03 the game frame fills a phone screen under a small bar with a labelled 44 px exit, and names the game', async ({
    page,
  }) => {
    await member(page);
    await page.goto('/rng?vassalage=HOUSE');
    const card = page.getByTestId(`game-card-${HOUSE_GAME}`);
    const name = (await card.getByTestId('game-card-name').textContent())!.trim();
    await card.getByTestId('game-card-play').click();
    const frame = page.getByTestId('game-frame');
    await expect(frame).toHaveAttribute('src', /\/house\/play\?/);
    await expect(page.frameLocator('[data-testid="game-frame"]').locator('#spin')).toBeVisible();

    // The site's header and footer give way to the game: the frame spans the screen's width and all but a small bar of its height.
    const box = (await frame.boundingBox())!;
    expect(box.width).toBe(PHONE.width);
    expect(box.y + box.height).toBeGreaterThanOrEqual(PHONE.height - 1);
    expect(box.height).toBeGreaterThanOrEqual(PHONE.height - 56);
    // Nothing of the site lies over the game or its bar (header, docked bar, chat button).
    const onTop = await page.evaluate(
      ({ PHONE_WIDTH, PHONE_HEIGHT }) =>
        [
          [20, 20],
          [PHONE_WIDTH - 30, PHONE_HEIGHT - 30],
          [PHONE_WIDTH / 2, PHONE_HEIGHT / 2],
        ].map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="game-page"]') != null),
      { PHONE_WIDTH: PHONE.width, PHONE_HEIGHT: PHONE.height },
    );
    expect(onTop).toEqual([true, true, true]);

    const exit = page.getByRole('button', { name: 'ออกจากเกม' });
    await expect(exit).toBeVisible();
    const e = (await exit.boundingBox())!;
    expect(Math.min(e.width, e.height)).toBeGreaterThanOrEqual(44);

    // The title bar names the game: the frame's heading and the browser's title.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(name));
    await page.screenshot({ path: 'docs/screenshots/games-frame-390.png' });

    await exit.click();
    await expect(page).toHaveURL(/\/rng\?vassalage=HOUSE$/);
  });

  test('4.GS.01 a visitor who opens a game\'s address logs in in the sheet there, and the game opens after the login', async ({
    page,
  }) => {
    const username = await member(page);
    await forgetSession(page);
    await page.goto(`/game?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`);
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('login-form')).toBeVisible();
    await expect(page).toHaveURL(/\/game\?/);
    expect(await submitLogin(page, sheet.getByTestId('login-form'), username, PASSWORD)).toBe('left');
    await expect(page).toHaveURL(new RegExp(`/game\\?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`));
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/house\/play\?/);
  });

  test('a visitor who closes the sheet on a game\'s address is asked to log in, with a button that opens it again', async ({
    page,
  }) => {
    await page.goto(`/game?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`);
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByTestId('login-form')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('game-frame-login')).toContainText('เข้าสู่ระบบเพื่อเล่นเกมนี้');
    await page.getByTestId('game-frame-login-open').click();
    await expect(page.getByRole('dialog').getByTestId('login-form')).toBeVisible();
  });

  test('a win in the game shows a toast with its amount at once, and the header has the new balance on leaving', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await fundedMember(page, uniqueName('gw'));
    await page.goto('/rng?vassalage=HOUSE');
    await page.getByTestId(`game-card-${HOUSE_GAME}`).getByTestId('game-card-play').click();
    const win = await spinUntilWin(page);
    const toast = page.locator('[data-sonner-toast]', { hasText: `คุณชนะ ${win}` });
    await expect(toast).toBeVisible();
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await page.screenshot({ path: 'docs/screenshots/games-win-toast-390.png' });

    const inGame = (await page.frameLocator('[data-testid="game-frame"]').getByTestId('house-balance').textContent())!.trim();
    await page.getByTestId('game-frame-close').click();
    await expect(page.getByTestId('header-balance')).toHaveText(inGame);
  });

  test('2.R.25 a game page opened from a link names its game too', async ({ page }) => {
    await member(page);
    await page.goto('/rng?vassalage=HOUSE');
    const name = (await page
      .getByTestId(`game-card-${HOUSE_GAME}`)
      .getByTestId('game-card-name')
      .textContent())!.trim();
    await page.goto(`/game?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`);
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/house\/play\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveTitle(new RegExp(name));
  });
});

test.describe('the game screens pass the phone checks', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  // Each look checks what it can change (as the phone sweep, phone.spec.ts): the dark theme only its colours.
  for (const [language, theme, checks] of [
    ['th', 'light', { layout: true, axe: 'all' }],
    ['th', 'dark', { layout: false, axe: 'contrast' }],
    ['en', 'light', { layout: true, axe: 'structure' }],
  ] as const satisfies readonly (readonly ['th' | 'en', 'light' | 'dark', PhoneChecks])[]) {
    const what = checks.layout
      ? 'no sideways scroll (and /game at 360 px), 44 px targets, nothing covered, no serious axe finding'
      : "no serious finding of axe's colour contrast";
    test(`/rng, its filter sheet and /game in ${language} ${theme}: ${what}`, async ({
      page,
      context,
    }) => {
      test.setTimeout(240_000);
      await usePhoneSettings(page, theme);
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await context.addCookies([
        { name: 'lotus_lang', value: language, url: test.info().project.use.baseURL! },
      ]);
      const problems: string[] = [];
      await page.goto('/rng?vassalage=HOUSE');
      await expect(page.getByTestId(`game-card-${HOUSE_GAME}`)).toBeVisible();
      // Measured once the app has taken the prerendered page over (the header settles then).
      await waitForApp(page);
      problems.push(...(await checkPhonePage(page, '/rng', checks)).map((p) => p.what));
      await page.getByTestId('game-filters-open').click();
      const sheet = page.getByRole('dialog');
      await expect(sheet).toBeVisible();
      await sheet.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      problems.push(...(await checkPhonePage(page, '/rng filters', checks)).map((p) => p.what));
      await page.screenshot({ path: `docs/screenshots/games-rng-filters-390-${language}-${theme}.png` });
      await sheet.getByTestId('game-filters-done').click();

      await member(page);
      await page.goto('/rng?vassalage=HOUSE');
      await page.getByTestId(`game-card-${HOUSE_GAME}`).getByTestId('game-card-play').click();
      await expect(page.frameLocator('[data-testid="game-frame"]').locator('#spin')).toBeVisible();
      problems.push(...(await checkPhonePage(page, '/game', checks)).map((p) => p.what));
      if (checks.layout) problems.push(...(await checkSmallPhoneWidth(page, '/game')).map((p) => p.what));
      await page.screenshot({ path: `docs/screenshots/games-frame-390-${language}-${theme}.png` });
      expect(problems).toEqual([]);
    });
  }
});

test.describe('on a 1366x768 laptop', () => {
  test.use({ viewport: LAPTOP });
  test.beforeEach(async ({ page }) => {
    await usePhoneSettings(page, 'light');
  });

  test('the header balance follows each spin without a refresh, and a win shows its toast', async ({ page }) => {
    test.setTimeout(180_000);
    await fundedMember(page, uniqueName('gl'));
    await page.goto('/rng?vassalage=HOUSE');
    await page.getByTestId(`game-card-${HOUSE_GAME}`).getByTestId('game-card-play').click();
    const win = await spinUntilWin(page);
    const inGame = (await page.frameLocator('[data-testid="game-frame"]').getByTestId('house-balance').textContent())!.trim();
    await expect(page.getByTestId('header-balance')).toHaveText(inGame);
    await expect(page.locator('[data-sonner-toast]', { hasText: `คุณชนะ ${win}` })).toBeVisible();
  });

  test("2.R.25 the house slot's reels fit the height: Spin is in sight without scrolling", async ({ page }) => {
    await member(page);
    await page.goto('/rng?vassalage=HOUSE');
    await page.getByTestId(`game-card-${HOUSE_GAME}`).getByTestId('game-card-play').click();
    const game = page.frameLocator('[data-testid="game-frame"]');
    const spin = game.locator('#spin');
    await expect(spin).toBeVisible();
    await expect(game.locator('.reels img').first()).toBeVisible();
    // Neither the page nor the game has scrolled: Spin lies inside the window and inside the frame.
    const frame = (await page.getByTestId('game-frame').boundingBox())!;
    const button = (await spin.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await spin.evaluate(() => window.scrollY)).toBe(0);
    expect(button.y + button.height).toBeLessThanOrEqual(Math.min(LAPTOP.height, frame.y + frame.height));
    await page.screenshot({ path: 'docs/screenshots/games-frame-1366.png' });
  });
});
