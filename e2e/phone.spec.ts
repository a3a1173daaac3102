import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, uniqueName } from './support/accounts';
import { HOUSE_GAME, houseLaunchUrl } from './support/house';
import { checkPhonePage, checkSmallPhoneWidth, PHONE, usePhoneSettings, type PhoneChecks, type PhoneProblem } from './support/phone';

// Issues 11 and 25: every screen a new player meets on a 390x844 phone (the visitor pages, every
// member-centre page, every game list, /game with the house slot in its frame, the house slot opened
// directly and the fairness page), in Thai light, Thai dark and English: no sideways scroll (the
// member centre at 360 px too), tap targets of 44x44 px, nothing fixed lying over a control, no text
// the player needs cut with an ellipsis (docs/adr/0077), and no serious or critical axe-core
// violation. One test per look, one member for all its member and game pages. With
// E2E_SCREENSHOTS=1 the same walk saves each screen at 390 px and 1440 px to docs/screenshots/
// (Thai light).

const SHOTS =
  process.env.E2E_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../docs/screenshots') : null;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'th-TH' });

/** The member-centre pages a plain member reaches from its menu (spec 2.MC). */
const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'personalHistoryCopy',
  'transactionHistory',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
];

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // A login form first asks which challenge is due; with the captcha, its picture loads too.
  const form = page.locator('[data-challenge]');
  if (await form.count()) await expect(form.first()).not.toHaveAttribute('data-challenge', 'pending');
  if (await page.getByTestId('captcha-field').count()) await expect(page.getByTestId('captcha-image').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

async function shoot(page: Page, name: string, look: string) {
  if (!SHOTS || look !== 'th light') return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`) });
  await page.setViewportSize({ width: 1440, height: 900 });
  await settle(page);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await settle(page);
}

/** Opens `path`, waits for `testId`, checks it and collects the problems. */
async function visit(
  page: Page,
  path: string,
  testId: string,
  name: string,
  look: string,
  problems: PhoneProblem[],
  checks: PhoneChecks,
) {
  await page.goto(path);
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await settle(page);
  problems.push(...(await checkPhonePage(page, `${name} (${look})`, checks)));
  // Issue 11 defect 1 asks for 360 px and up: no sideways scroll and no cut text there either.
  if (checks.layout) problems.push(...(await checkSmallPhoneWidth(page, `${name} (${look})`)));
  await shoot(page, name, look);
}

/**
 * The game lists (spec 2.R.11-16): the category pages and lottery, as a member sees them, every one in
 * every look (issue 25's Done when; docs/adr/0077).
 */
const GAME_LISTS: { path: string; testId: string }[] = [
  { path: '/rng', testId: 'category-page-RNG' },
  { path: '/fish', testId: 'category-page-FISH' },
  { path: '/live', testId: 'category-page-LIVE' },
  { path: '/sports', testId: 'category-page-SPORTS' },
  { path: '/esports', testId: 'category-page-ESPORTS' },
  { path: '/pvp', testId: 'category-page-PVP' },
  { path: '/cockfight', testId: 'category-page-COCKFIGHT' },
  { path: '/elott', testId: 'category-page-ELOTT' },
  { path: '/lottery', testId: 'lottery-page' },
  // The VN lottery lobby with its missions, leaderboard and winner board (issue 27, ADR 0097).
  { path: '/vnlottery', testId: 'lottery-lobby' },
];

// The looks are independent (a member each): the runner may spread them over its workers.
test.describe.configure({ mode: 'parallel' });

/**
 * Each look checks what it can change: Thai light everything; Thai dark the colours (axe's contrast rule: the dark
 * theme's tokens are colours only, so its layout is Thai light's); English light the layout with the longer English
 * texts, at 390 and 360 px, and every axe rule but contrast (its palette is Thai light's).
 */
const LOOKS = [
  { theme: 'light', language: 'th', checks: { layout: true, axe: 'all' } },
  { theme: 'dark', language: 'th', checks: { layout: false, axe: 'contrast' } },
  { theme: 'light', language: 'en', checks: { layout: true, axe: 'structure' } },
] as const satisfies readonly { theme: string; language: string; checks: PhoneChecks }[];

for (const { theme, language, checks } of LOOKS) {
  const look = `${language} ${theme}`;
  const what = checks.layout
    ? `fit a 390 px phone, offer 44 px targets, cut no text and pass axe${checks.axe === 'structure' ? ' (but for contrast, checked in th light)' : ''}`
    : 'keep their text contrast in the dark theme (axe color-contrast)';
  test(`issues 11 and 25: visitor, member-centre and game pages ${what} (${look})`, async ({
    page,
  }) => {
    test.setTimeout(600_000); // about thirty pages, each measured and run through axe
    await usePhoneSettings(page, theme, language);
    const problems: PhoneProblem[] = [];

    await test.step('visitor pages, at 390 and 360 px', async () => {
      for (const [path, testId, name] of [
        ['/', 'home-page', 'home'],
        ['/login', 'login-page', 'login'],
        ['/register', 'register-form', 'register'],
        ['/forget', 'forget-page', 'forgot-password'],
        ['/help', 'help-page', 'help-centre'],
      ] as const) {
        await visit(page, path, testId, name, look, problems, checks);
      }
    });

    await registerWithUsername(page, { username: uniqueName('ph'), password: 'Phone2026!' });

    await test.step('member-centre pages, at 390 and 360 px', async () => {
      for (const key of MEMBER_PAGES) {
        await visit(page, `/member?page=${key}`, 'member-centre', `member-${key}`, look, problems, checks);
      }
    });

    await test.step('game lists', async () => {
      for (const list of GAME_LISTS) {
        await visit(page, list.path, list.testId, `games${list.path.replace('/', '-')}`, look, problems, checks);
      }
    });

    await test.step('/game with the house slot in its frame', async () => {
      await page.goto(`/game?vendor=HOUSE&gameCode=${HOUSE_GAME}&gameType=RNG`);
      await expect(page.frameLocator('[data-testid="game-frame"]').locator('body')).toHaveAttribute('data-ready', '1');
      await settle(page);
      problems.push(...(await checkPhonePage(page, `game-frame (${look})`, checks)));
      await shoot(page, 'game-frame', look);
    });

    await test.step('the house slot opened directly', async () => {
      await page.goto('/');
      await expect(page.getByTestId('home-page')).toBeVisible();
      await page.goto(await houseLaunchUrl(page, language));
      await expect(page.locator('body')).toHaveAttribute('data-ready', '1');
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      problems.push(...(await checkPhonePage(page, `house-slot (${look})`, checks)));
      if (checks.layout) problems.push(...(await checkSmallPhoneWidth(page, `house-slot (${look})`)));
      await shoot(page, 'house-slot', look);
    });

    await test.step('the fairness page with a recomputed round', async () => {
      const round = new URLSearchParams({ lang: language, serverSeed: 'f'.repeat(64), clientSeed: 'phone-sweep', nonce: '7', game: HOUSE_GAME });
      await page.goto(`/house/fair?${round}`);
      await expect(page.locator('#verify-result')).toHaveAttribute('data-stops', /\d/);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      problems.push(...(await checkPhonePage(page, `fairness (${look})`, checks)));
      if (checks.layout) problems.push(...(await checkSmallPhoneWidth(page, `fairness (${look})`)));
      await shoot(page, 'fairness', look);
    });

    expect(problems.map((p) => p.what)).toEqual([]);
  });
}

test('issue 25: a game picture still waiting to load is no unnamed image to a screen reader (axe role-img-alt, 390 px)', async ({
  page,
}) => {
  await usePhoneSettings(page, 'light');
  await page.goto('/rng');
  const cards = page.getByTestId('game-grid').locator('li[data-testid^="game-card-"]');
  await expect(cards.first()).toBeVisible();
  // On a phone the grid starts low on the screen: the cards below the fold have not loaded their pictures.
  await expect(page.locator('.ui-lazy-image--pending').first()).toBeAttached();
  const axe = await new AxeBuilder({ page }).withRules(['role-img-alt', 'aria-hidden-focus']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  // The game stays named by its play button.
  await expect(cards.first().getByTestId('game-card-play')).toHaveAccessibleName(/.+/);
});
