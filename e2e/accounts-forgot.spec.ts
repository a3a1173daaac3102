import { expect, test } from '@playwright/test';
import { forgetSession, readSmsCode, registerWithUsername, skipNewsPopup, uniqueMobile, uniqueName } from './support/accounts';
import { ops } from './support/ops';
import { nextSliderChallenge, solveSlider } from './support/slider';
import { waitForMail } from './support/smtp';
import { submitLogin, trackCaptcha } from './support/login';

// Accounts (issue 3), password recovery: by email through the test SMTP server, and by phone with
// the code from the SMS outbox, each ending as the spec says (4.PWR).

test.beforeEach(async ({ page }) => {
  // Another test's failed login from this address makes the login form ask for the captcha.
  trackCaptcha(page);
  await skipNewsPopup(page);
});
// Flags a test switched off are switched back on after it (the demo site has them on).
const switchedOff: string[] = [];
const switchOff = (flag: string) => {
  ops('flag', flag, 'off');
  switchedOff.push(flag);
};
test.afterEach(() => {
  for (const flag of switchedOff.splice(0)) ops('flag', flag, 'on');
});

test('2.FGT.01/02 the mobile tab shows only with CHNGPASSVERIF3 and is then the default; the contact list is below', async ({ page }) => {
  await page.goto('/forget');
  const tabs = page.getByTestId('forgot-tabs');
  await expect(tabs.getByRole('tab')).toHaveCount(2);
  await expect(tabs.getByRole('tab', { selected: true })).toHaveText(/เบอร์มือถือ|Mobile/);
  await expect(page.getByTestId('forgot-phone-form')).toBeVisible();
  await expect(page.getByTestId('contact-list')).toBeVisible();
  switchOff('CHNGPASSVERIF3');
  await page.reload();
  await expect(page.getByTestId('forgot-email-form')).toBeVisible();
  await expect(page.getByTestId('forgot-tabs')).toHaveCount(0);
});

test('4.PWR.03 7.AUTH.13 forgot by email: the mail reaches the SMTP server and its link sets a new password', async ({ page, baseURL }) => {
  const username = uniqueName('m');
  const email = `${username}@example.com`;
  await registerWithUsername(page, { username, password: 'Before2026', email });
  await forgetSession(page);

  await page.goto('/forget');
  await page.getByTestId('forgot-tabs').getByRole('tab', { name: /อีเมล|Email/ }).click();
  // Decision 5.FGP.04: username and a valid email are required.
  await page.getByTestId('forgot-input-username').fill(username);
  await page.getByTestId('forgot-input-email').fill('not-an-email');
  await page.getByTestId('forgot-email-submit').click();
  await expect(page.getByTestId('forgot-field-email-error')).toBeVisible();
  await page.getByTestId('forgot-input-email').fill(email);
  await page.getByTestId('forgot-email-submit').click();
  await expect(page.getByTestId('forgot-email-sent')).toBeVisible();

  const mail = await waitForMail(email);
  // Security #1/#18: the link is on the canonical origin (PUBLIC_URL) with the token in the fragment.
  const link = /https?:\/\/\S+\/forget#token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(`${baseURL}/forget#token=`)).toBe(true);
  await page.goto(link!);
  await expect(page.getByTestId('reset-password-form')).toBeVisible();
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/forget$/);
  await page.getByTestId('reset-input-newPassword').fill('After2026x');
  await page.getByTestId('reset-input-confirmPassword').fill('After2026x');
  await page.getByTestId('reset-submit').click();
  await expect(page).toHaveURL(/\/login$/);

  // The new password works (and the link was single use).
  expect(await submitLogin(page, page.getByTestId('login-form'), username, 'After2026x')).toBe('left');
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  await forgetSession(page);
  await page.goto(link!);
  await page.getByTestId('reset-input-newPassword').fill('Again2026x');
  await page.getByTestId('reset-input-confirmPassword').fill('Again2026x');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-link-invalid')).toBeVisible();
});

test('4.PWR.01/02 5.FGP.01-03 forgot by phone: the SMS code resets the password and logs in at home', async ({ page }) => {
  // A member with a mobile number, registered on the mobile tab (SMS check off for this signup, so
  // the number's first code is the reset code).
  const number = uniqueMobile();
  switchOff('REGMOBVERF3');
  await page.goto('/register');
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-tab', 'mobile');
  await page.getByTestId('register-input-mobileNum').fill(number);
  await page.getByTestId('register-input-password').fill('Phone2026');
  await page.getByTestId('register-input-confirmPassword').fill('Phone2026');
  await page.getByTestId('register-terms').check();
  let challenge = nextSliderChallenge(page);
  await page.getByTestId('register-submit').click();
  await solveSlider(page, challenge);
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  const account = (await page.getByTestId('header-nickname').textContent())?.trim();
  await forgetSession(page);

  await page.goto('/forget');
  const form = page.getByTestId('forgot-phone-form');
  await expect(form).toBeVisible();
  await page.getByTestId('forgot-input-mobileNum').fill(number);
  // Security #5: the slider is solved before every code is sent.
  const smsChallenge = nextSliderChallenge(page);
  await page.getByTestId('forgot-sms-button').click();
  await solveSlider(page, smsChallenge);
  await expect(page.getByTestId('forgot-sms-button')).toBeDisabled();
  const code = await readSmsCode(number);
  await page.getByTestId('forgot-input-verificationCode').fill(code);
  await page.getByTestId('forgot-input-newPassword').fill('Reset2026');
  await page.getByTestId('forgot-input-confirmPassword').fill('Reset2026');
  challenge = nextSliderChallenge(page);
  await page.getByTestId('forgot-phone-submit').click();
  await solveSlider(page, challenge);

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  if (account) await expect(page.getByTestId('header-nickname')).toContainText(account);
});
