import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { uniqueName } from './support/accounts';
import { watchConsole } from './support/console';
import { fundedMember } from './support/money';
import { houseLaunchUrl } from './support/house';
import { expectPhoneFriendly, PHONE, usePhoneSettings } from './support/phone';

// Issue 25, "Games": the fairness page and the betting record on a 390 px phone, in Thai (the default).
// One member, funded by a bank-transfer deposit an operator approves, plays three rounds of the house
// slot (the embedded demo's vendor HOUSE), then changes seeds so those rounds can be checked:
// - the betting record links each house round to its fairness page, which shows the round's reels as the
//   slot's symbols, its bet and win in baht, the game's name and "matches your round";
// - the betting record's vendor filter lists the vendors the member has bets with, each once.

const ROUNDS = 3;
/** The house slot the member plays, and what the betting record and the fairness page call it. */
const GAME = { code: 'lotus-pond', th: 'สระบัวทองคำ', en: 'Golden Lotus Pond' };
/** The embedded demo's house vendor, by its registry name (the only vendor this member bets with). */
const HOUSE_NAME = 'Lotus House';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let errors: string[];

/** Launches the house slot as the site does, spins ROUNDS times, then changes seeds (revealing the old one). */
async function playHouseRounds(p: Page, rounds = ROUNDS, rotate = true): Promise<void> {
  const url = await houseLaunchUrl(p, 'th', GAME.code);
  const game = await context.newPage();
  await game.goto(url);
  await expect(game.locator('body')).toHaveAttribute('data-ready', '1');
  for (let i = 1; i <= rounds; i++) {
    await game.getByRole('button', { name: 'หมุน', exact: true }).click();
    await expect(game.locator('body')).toHaveAttribute('data-spins', String(i));
  }
  if (rotate) {
    await game.locator('#fair summary').click();
    await game.getByRole('button', { name: /เปลี่ยนซีด/ }).click();
    await expect(game.getByTestId('revealed-seed')).not.toBeEmpty();
  }
  await game.close();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  context = await browser.newContext({ viewport: PHONE });
  page = await context.newPage();
  await usePhoneSettings(page, 'light');
  errors = watchConsole(page);
  await fundedMember(page, uniqueName('f'), { amount: 500 });
  await playHouseRounds(page);
});

test.afterAll(async () => {
  await context?.close();
});

test('2.MC.08 at 390 px: each house round in the betting record opens its fairness page: the reels as the slot\'s symbols, bet and win in baht, the game named, "matches your round"', async () => {
  test.setTimeout(90_000);
  await page.goto('/member?page=personalHistoryCopy');
  const rows = page.getByTestId('bets-row');
  await expect(rows).toHaveCount(ROUNDS);
  // Every house round has its link, named in the page's language.
  await expect(page.getByRole('link', { name: 'ตรวจสอบความยุติธรรม' })).toHaveCount(ROUNDS);
  const newest = rows.first();
  const bet = (await newest.getByTestId('bets-bet').textContent())!.trim();
  const win = (await newest.getByTestId('bets-win').textContent())!.trim();
  await expect(newest.getByTestId('bets-game')).toHaveText(GAME.th);
  const link = newest.getByRole('link', { name: 'ตรวจสอบความยุติธรรม' });
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await link.click();

  await expect(page).toHaveURL(/\/house\/fair\?/);
  const result = page.getByTestId('fair-result');
  // The recomputed round is compared with the recorded one.
  await expect(page.getByTestId('fair-match')).toHaveText('ตรงกับรอบของคุณ');
  await expect(page.getByTestId('fair-game')).toHaveText(GAME.th);
  // The same amounts the betting record shows, in baht.
  await expect(page.getByTestId('fair-bet')).toHaveText(bet);
  await expect(page.getByTestId('fair-win')).toHaveText(win);
  // The reels: 5 reels of 3 symbols, the slot's own art, each named for a screen reader.
  const symbols = result.getByTestId('fair-reels').first().getByRole('img');
  await expect(symbols).toHaveCount(15);
  const drawn = await symbols.evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: new URL((img as HTMLImageElement).src).pathname,
      alt: (img as HTMLImageElement).alt,
      loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    })),
  );
  for (const d of drawn) {
    expect(d.src).toMatch(new RegExp(`^/house/art/${GAME.code}/[A-Z0-9]+\\.svg$`));
    expect(d.alt).not.toBe('');
  }
  await expect
    .poll(() =>
      symbols.evaluateAll((imgs) =>
        imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  expect(drawn.length).toBe(15);
  await expectPhoneFriendly(page, 'fairness page (th, light)');
  await page.screenshot({ path: 'docs/screenshots/fairness-round-390-th.png', fullPage: true });

  // In English: the same badge in English and no jargon ("floats") on the page.
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByTestId('fair-match')).toHaveText('Matches your round');
  await expect(page.getByTestId('fair-game')).toHaveText(GAME.en);
  await expect(page.locator('main')).not.toContainText(/float/i);
  await expectPhoneFriendly(page, 'fairness page (en, light)');
  await page.screenshot({ path: 'docs/screenshots/fairness-round-390-en.png', fullPage: true });
  expect(errors).toEqual([]);
});

test("2.MC.08 at 390 px: the betting record's vendor filter lists only the vendors the member has bets with, each once", async () => {
  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByTestId('bets-row')).toHaveCount(ROUNDS);
  const options = page.getByTestId('bets-vendor').locator('option');
  await expect(options).toHaveText(['ทุกค่าย', HOUSE_NAME]);
  await page.getByTestId('bets-vendor').selectOption({ label: HOUSE_NAME });
  await expect(page.getByTestId('bets-row')).toHaveCount(ROUNDS);
  await page.getByTestId('bets-page').evaluate((el) => el.scrollIntoView());
  await page.screenshot({ path: 'docs/screenshots/betting-record-390-th.png' });
  expect(errors).toEqual([]);
});

test('2.MC.08 at 390 px: a round whose seed is not revealed yet opens its fairness page as recorded, saying in plain words how to check it', async () => {
  await playHouseRounds(page, 1, false);
  await page.goto('/member?page=personalHistoryCopy');
  const rows = page.getByTestId('bets-row');
  await expect(rows).toHaveCount(ROUNDS + 1);
  const newest = rows.first();
  const bet = (await newest.getByTestId('bets-bet').textContent())!.trim();
  const win = (await newest.getByTestId('bets-win').textContent())!.trim();
  await newest.getByRole('link', { name: 'ตรวจสอบความยุติธรรม' }).click();
  await expect(page).toHaveURL(/\/house\/fair\?/);
  await expect(page.getByText(/ยังตรวจสอบรอบนี้ไม่ได้/)).toBeVisible();
  await expect(page.getByTestId('fair-match')).toBeHidden();
  await expect(page.getByTestId('fair-game')).toHaveText(GAME.th);
  await expect(page.getByTestId('fair-bet')).toHaveText(bet);
  await expect(page.getByTestId('fair-win')).toHaveText(win);
  await expect(page.getByTestId('fair-reels').getByRole('img')).toHaveCount(15);
  await expectPhoneFriendly(page, 'fairness page, unrevealed round (th)');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByText(/cannot be checked yet/)).toBeVisible();
  await expect(page.getByTestId('fair-reels').getByRole('img')).toHaveCount(15);
  await page.screenshot({ path: 'docs/screenshots/fairness-unrevealed-390-en.png', fullPage: true });
  expect(errors).toEqual([]);
});
