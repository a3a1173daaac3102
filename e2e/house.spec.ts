import { expect, test } from '@playwright/test';
import { skipNewsPopup } from './support/accounts';
import { houseLaunchUrl } from './support/house';
import { fundedMember } from './support/money';
import { watchConsole } from './support/console';

// The house vendor in the one-process mode (issue 9, part 3): a funded member is launched through
// POST /wps/game/vendorLaunch into the embedded demo's house vendor HOUSE, spins ten times with the
// keyboard, the game page's balance and the platform's header balance agree, and after a seed rotation
// the verify page recomputes a past spin from the revealed seed.

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

test('a member launched into a house slot spins ten times; the balances agree; the verify page recomputes a spin', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await fundedMember(page);

  // The launch call the site makes (the member's token is in the tab's session storage).
  const url = await houseLaunchUrl(page, 'en');
  expect(new URL(url).pathname).toBe('/house/play');

  const game = await context.newPage();
  const gameErrors = watchConsole(game);
  await game.goto(url);
  await expect(game).toHaveURL(/\/house\/play\?gameCode=lotus-pond/); // the token is gone from the address bar
  await expect(game.locator('body')).toHaveAttribute('data-ready', '1');
  await expect(game.getByRole('heading', { name: 'Golden Lotus Pond' })).toBeVisible();
  const balance = game.getByTestId('house-balance');
  await expect(balance).toHaveText('฿1,000.00');
  // Every reel cell shows a drawn symbol (no broken images).
  const images = game.locator('.cell img');
  await expect(images).toHaveCount(15);

  for (let i = 1; i <= 10; i++) {
    await game.keyboard.press('Space');
    await expect(game.locator('body')).toHaveAttribute('data-spins', String(i));
  }
  const broken = await images.evaluateAll(
    (imgs) => imgs.filter((img) => !(img as HTMLImageElement).naturalWidth).length,
  );
  expect(broken).toBe(0);
  // The page fits a 390 px phone without sideways scrolling.
  await game.setViewportSize({ width: 390, height: 844 });
  expect(await game.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await game.screenshot({ path: test.info().outputPath('house-390.png') });
  await game.setViewportSize({ width: 1440, height: 900 });
  const shown = await balance.textContent();
  expect(shown).toMatch(/^฿[\d,]+\.\d\d$/);

  // The platform's header balance agrees with the game page.
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-balance')).toHaveText(shown!);

  // Rotate the seed: the old one is revealed, and a past spin verifies on the verify page.
  await game.getByText(/Provably fair/).click();
  const hash = await game.getByTestId('seed-hash').textContent();
  await game.getByRole('button', { name: /Rotate seeds/ }).click();
  await expect(game.getByTestId('revealed-seed')).not.toBeEmpty();
  await expect(game.getByTestId('seed-hash')).not.toHaveText(hash!);
  const newest = game.locator('#rounds li').first();
  const verifyLink = newest.locator('a');
  await expect(verifyLink).toBeVisible();
  const href = await verifyLink.getAttribute('href');
  const verify = await context.newPage();
  await verify.goto(href!);
  await expect(verify.locator('#verify-result')).toHaveAttribute('data-stops', /^\d+(,\d+){4}$/);
  await expect(verify.locator('#verify-result')).toContainText(hash!);
  // The recomputed win (in line bets) times the round's line bet is the round's recorded win.
  const winLines = Number(await verify.locator('#verify-result').getAttribute('data-win'));
  expect(winLines * Number(await newest.getAttribute('data-line-bet'))).toBe(
    Number(await newest.getAttribute('data-win')),
  );
  // The verify page without a language is Thai.
  await verify.goto('/house/fair');
  await expect(verify.getByRole('heading', { name: 'ตรวจสอบผลการหมุน' })).toBeVisible();
  expect(errors).toEqual([]);
  expect(gameErrors).toEqual([]);
});
