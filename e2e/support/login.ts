import { expect, type Locator, type Page } from '@playwright/test';
import { peekChallenge } from './challenge';
import { nextSliderChallenge, solveSlider } from './slider';

// Logging in through a login form as a person would, answering the one challenge the attempt asks
// (docs/adr/0031): the slider, or the captcha once a failure from this address (any test's, on the same
// server) has made the form show it. Call trackCaptcha(page) before the page loads.

/** Remembers the id of the last captcha each page fetched (the captcha-id response header). */
const lastCaptchaId = new WeakMap<Page, string>();
export function trackCaptcha(page: Page) {
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/wps/captcha') {
      const id = response.headers()['captcha-id'];
      if (id) lastCaptchaId.set(page, id);
    }
  });
}

/** Types the captcha shown in `form` (its text read through the operator API). */
export async function fillCaptcha(page: Page, form: Locator) {
  const input = form.getByTestId('captcha-input');
  await expect(form.getByTestId('captcha-image')).toBeVisible();
  await expect.poll(() => lastCaptchaId.get(page) ?? null).not.toBeNull();
  const { answer } = await peekChallenge(lastCaptchaId.get(page)!);
  await input.fill(answer ?? '');
}

/**
 * Submits a login form filled with `username` and `password` answering the one challenge the
 * attempt asks (docs/adr/0031): the captcha when the form shows it (an earlier failure from this
 * address), else the slider; when the server still asks for a captcha, types it and submits again.
 */
export async function submitLogin(page: Page, form: Locator, username: string, password: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await expect(form).not.toHaveAttribute('data-challenge', 'pending');
    await form.getByTestId('login-username').fill(username);
    await form.getByTestId('login-password').fill(password);
    const withCaptcha = await form.getByTestId('captcha-field').isVisible();
    if (withCaptcha) {
      await page.waitForLoadState('networkidle');
      await fillCaptcha(page, form);
    }
    const challenge = nextSliderChallenge(page);
    challenge.catch(() => undefined);
    await form.getByTestId('login-submit').click();
    if (!withCaptcha) await solveSlider(page, challenge);
    // A captcha that was no longer due gives way to the slider (the same attempt's one challenge).
    else if (
      await Promise.race([
        page
          .getByTestId('slider-modal')
          .waitFor()
          .then(() => true),
        form
          .getByTestId('login-submit')
          .waitFor({ state: 'detached' })
          .then(() => false),
        page
          .getByTestId('login-error')
          .waitFor()
          .then(() => false),
        // The login took with the captcha alone, but the account must change its password or answer
        // its second factor first: the form stays under that step.
        page
          .getByTestId('change-password-modal')
          .waitFor()
          .then(() => false),
        page
          .getByTestId('two-factor-step')
          .waitFor()
          .then(() => false),
      ])
    )
      await solveSlider(page, challenge);
    const outcome = await Promise.race([
      form
        .getByTestId('login-error')
        .waitFor()
        .then(() => 'error' as const),
      form.waitFor({ state: 'detached' }).then(() => 'left' as const),
      page
        .getByTestId('change-password-modal')
        .waitFor()
        .then(() => 'forced' as const),
      page
        .getByTestId('two-factor-step')
        .waitFor()
        .then(() => 'two-factor' as const),
    ]);
    if (outcome === 'left') {
      // The form also leaves when the two-factor step or the forced change replaces it: look which.
      const next = await Promise.race([
        page
          .getByTestId('two-factor-step')
          .waitFor({ timeout: 3000 })
          .then(() => 'two-factor' as const),
        page
          .getByTestId('change-password-modal')
          .waitFor({ timeout: 3000 })
          .then(() => 'forced' as const),
      ]).catch(() => 'left' as const);
      return next;
    }
    if (outcome !== 'error') return outcome;
    if (!(await form.getByTestId('captcha-field').isVisible())) return outcome;
    // 4.CAP.02: the answer asked for the captcha; it is shown now.
    const text = await form.getByTestId('login-error').innerText();
    if (!/captcha|แคปต์ชา|รหัสภาพ|ตรวจสอบ/i.test(text) && attempt > 0) return outcome;
  }
  return 'error' as const;
}

/**
 * The first login of an account someone else made with a temporary password (an operator, an agent's account
 * centre): the login form of `path` (/login, or /agentHome for an agent), the forced change to `newPassword`, the
 * login again, and the first-login welcome closed (4.LOGIN.05).
 */
export async function loginFirstTime(page: Page, username: string, password: string, newPassword: string, path = '/login') {
  trackCaptcha(page);
  await page.goto(path);
  expect(await submitLogin(page, page.getByTestId('login-form'), username, password)).toBe('forced');
  const modal = page.getByTestId('change-password-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('new-password').fill(newPassword);
  await modal.getByTestId('confirm-password').fill(newPassword);
  const again = nextSliderChallenge(page);
  await modal.getByTestId('change-password-submit').click();
  await solveSlider(page, again);
  await expect(modal).toHaveCount(0);
  // 4.LOGIN.05: the first-login welcome shows once the login with the new password is stored (it
  // replaces the session: the token rotates; leaving the page before then would lose the session).
  // Closing it lands on home (on /agentHome from the agent page).
  const welcome = page.getByTestId('dialog');
  await expect(welcome).toContainText(/ยินดีต้อนรับ|Welcome/);
  await welcome.getByTestId('dialog-button-0').click();
  await expect(page).toHaveURL(path === '/agentHome' ? /\/agentHome$/ : /\/$/);
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
}
