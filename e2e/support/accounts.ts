import { expect, type Page } from '@playwright/test';
import { ops } from './ops';
import { nextSliderChallenge, solveSlider } from './slider';

/** A fresh name for a test account (letters and digits, starting with a letter, at most 10 chars). */
export const uniqueName = (prefix = 'u') => `${prefix}${`${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.slice(-9)}`;

/** A Thai mobile number (9 digits, no leading 0) nobody has used in this run. */
export const uniqueMobile = () => `9${String(Date.now()).slice(-8)}`;

/** The 'news' popup greets the first visit of a browser session; account specs mark it seen. */
export const skipNewsPopup = (page: Page) => page.addInitScript(() => sessionStorage.setItem('newsPopupShown', '1'));

/**
 * Registers on the username tab of /register as a visitor would (fills the form, solves the
 * slider by dragging) and waits until the new member is home, logged in.
 */
export async function registerWithUsername(
  page: Page,
  account: { username: string; password: string; email?: string; payeeName?: string },
  /** The registration link's query, e.g. `{ affiliateCode: 'LOTUS01' }` for an agent's affiliate link. */
  query?: Record<string, string>,
): Promise<void> {
  await page.goto(query ? `/register?${new URLSearchParams(query)}` : '/register');
  await expect(page.getByTestId('register-form')).toBeVisible();
  const tabs = page.getByTestId('register-tabs');
  if (await tabs.count()) await tabs.getByRole('tab', { name: /ชื่อผู้ใช้|Username/ }).click();
  await page.getByTestId('register-input-username').fill(account.username);
  await page.getByTestId('register-input-password').fill(account.password);
  await page.getByTestId('register-input-confirmPassword').fill(account.password);
  if (account.email || account.payeeName) await openOptionalFields(page);
  if (account.email) await page.getByTestId('register-input-email').fill(account.email);
  if (account.payeeName) await page.getByTestId('register-input-payeeName').fill(account.payeeName);
  // The age and terms box starts unticked (issue 25): the player ticks it.
  await page.getByTestId('register-terms').check();
  const challenge = nextSliderChallenge(page);
  await page.getByTestId('register-submit').click();
  await solveSlider(page, challenge);
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
}

/** Opens the registration form's collapsed "optional" section (issue 11) when it is closed. */
export async function openOptionalFields(page: Page): Promise<void> {
  await expect(page.getByTestId('register-form')).toBeVisible();
  const section = page.getByTestId('register-optional');
  if ((await section.count()) === 0) return;
  if ((await section.getAttribute('open')) === null) await section.locator('summary').click();
  await expect(section).toHaveAttribute('open', '');
}

/** Ends the browser session on this tab (as closing the browser would): a visitor again. */
export async function forgetSession(page: Page): Promise<void> {
  await page.evaluate(() => sessionStorage.removeItem('token'));
}

/** The newest code sent to a Thai number, from `npm run ops -- sms list --to <E.164 digits>`. */
export async function readSmsCode(number: string): Promise<string> {
  for (let i = 0; i < 10; i++) {
    // The code: a group of exactly six digits on the newest line for the number (not the number itself).
    const line = ops('sms', 'list', '--to', `66${number}`).split('\n').find((l) => l.includes(number)) ?? '';
    const match = /(?<!\d)(\d{6})(?!\d)/.exec(line);
    if (match) return match[1]!;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS to ${number}`);
}
