import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, uniqueName } from './support/accounts';
import { checkPhonePage, checkSmallPhoneWidth, PHONE, usePhoneSettings, type PhoneProblem } from './support/phone';

// Issue 11: the landed screens as a new player meets them on a 390x844 phone, in Thai, light and
// dark: no sideways scroll, tap targets of 44x44 px, nothing fixed lying over a control, and no
// serious or critical axe-core violation. With E2E_SCREENSHOTS=1 the same walk saves each screen at
// 390 px and 1440 px to docs/screenshots/ (light theme).

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

async function shoot(page: Page, name: string, theme: string) {
  if (!SHOTS || theme !== 'light') return;
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
  theme: string,
  problems: PhoneProblem[],
) {
  await page.goto(path);
  await expect(page.getByTestId(testId).first()).toBeVisible();
  await settle(page);
  problems.push(...(await checkPhonePage(page, `${name} (${theme})`)));
  await shoot(page, name, theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`issue 11: visitor screens fit a 390 px phone, offer 44 px targets, leave controls uncovered and pass axe (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await usePhoneSettings(page, theme);
    const problems: PhoneProblem[] = [];
    await visit(page, '/', 'home-page', 'home', theme, problems);
    await visit(page, '/login', 'login-page', 'login', theme, problems);
    await visit(page, '/register', 'register-form', 'register', theme, problems);
    await visit(page, '/forget', 'forget-page', 'forgot-password', theme, problems);
    await visit(page, '/help', 'help-page', 'help-centre', theme, problems);
    expect(problems.map((p) => p.what)).toEqual([]);
  });

  test(`issue 11: every member-centre page fits a 390 px phone (and 360 px), offers 44 px targets and passes axe (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(300_000); // eleven pages, each measured and run through axe
    await usePhoneSettings(page, theme);
    await registerWithUsername(page, { username: uniqueName('ph'), password: 'Phone2026!' });
    const problems: PhoneProblem[] = [];
    for (const key of MEMBER_PAGES) {
      await visit(page, `/member?page=${key}`, 'member-centre', `member-${key}`, theme, problems);
      // Defect 1 asks for 360 px and up: the same page must not scroll sideways there either.
      problems.push(...(await checkSmallPhoneWidth(page, `member-${key} (${theme})`)));
    }
    expect(problems.map((p) => p.what)).toEqual([]);
  });
}
