import { expect, test, type Locator, type Page } from '@playwright/test';
import { forgetSession, readSmsCode, skipNewsPopup, uniqueMobile, uniqueName } from './support/accounts';
import { peekChallenge } from './support/challenge';
import { PHONE, SMALL_PHONE } from './support/phone';
import { nextSliderChallenge, solveSlider } from './support/slider';

// Accounts on a phone (issue 25): a player who signs up with a mobile number knows the username
// the site gave (or the one chosen), logs in with the number and the password, types the number
// with its leading 0 anywhere, solves one slider to sign up, ticks the terms box themselves, and
// every login and sign-up tab fits a 360 px phone.

test.use({ viewport: PHONE });

/** The id of the last captcha each page fetched (the captcha-id response header). */
const lastCaptchaId = new WeakMap<Page, string>();

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/wps/captcha') {
      const id = response.headers()['captcha-id'];
      if (id) lastCaptchaId.set(page, id);
    }
  });
});

/**
 * Logs in on the password tab of /login with `id` (a username or a phone number) and the password,
 * answering the attempt's one challenge: the captcha when the form shows it (an earlier failed
 * login from this address in the run), else the slider.
 */
async function logInWithPassword(page: Page, id: string, password: string) {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await expect(form).not.toHaveAttribute('data-challenge', 'pending');
  await form.getByTestId('login-username').fill(id);
  await form.getByTestId('login-password').fill(password);
  if ((await form.getAttribute('data-challenge')) === 'captcha') {
    await expect(form.getByTestId('captcha-image')).toBeVisible();
    await expect.poll(() => lastCaptchaId.get(page) ?? null).not.toBeNull();
    const { answer } = await peekChallenge(lastCaptchaId.get(page)!);
    await form.getByTestId('captcha-input').fill(answer ?? '');
    await form.getByTestId('login-submit').click();
  } else {
    const challenge = nextSliderChallenge(page);
    await form.getByTestId('login-submit').click();
    await solveSlider(page, challenge);
  }
}

/** Asks for the registration SMS code (one slider, security #5) and types it in. */
async function typeRegistrationCode(page: Page, national: string) {
  const challenge = nextSliderChallenge(page);
  await page.getByTestId('register-sms-button').click();
  await solveSlider(page, challenge);
  await expect(page.getByTestId('register-sms-button')).toBeDisabled();
  await page.getByTestId('register-input-verificationCode').fill(await readSmsCode(national));
}

/** Submits the registration form and fails if a slider shows: the SMS code was the challenge. */
async function submitWithoutSlider(page: Page) {
  let sliderShown = false;
  page.on('response', (r) => {
    if (r.url().includes('/wps/verification/slider')) sliderShown = true;
  });
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  await expect(page.getByTestId('slider-modal')).toHaveCount(0);
  expect(sliderShown, 'a second slider after the SMS code').toBe(false);
}

test('4.REG.10 5.REQ.03/05 4.REG.07 issue 25 the mobile tab lets the player choose a username, asks one slider, names the username on the success card; the phone number and password log in', async ({
  page,
}) => {
  const national = uniqueMobile();
  const username = uniqueName('m');
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await expect(form).toHaveAttribute('data-tab', 'mobile');
  await page.getByTestId('register-input-mobileNum').fill(national);
  await typeRegistrationCode(page, national);
  // The username is offered on the mobile tab, beside the number, not folded away.
  const usernameInput = page.getByTestId('register-input-username');
  await expect(usernameInput).toBeVisible();
  await usernameInput.fill(username);
  await page.getByTestId('register-input-password').fill('Mobile2026');
  await page.getByTestId('register-input-confirmPassword').fill('Mobile2026');
  await page.getByTestId('register-terms').check();
  // The picture: from the SMS code down (the username with its hint), below the fixed header.
  await page.getByTestId('register-field-verificationCode').evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 72));
  await page.screenshot({ path: 'docs/screenshots/accounts-signup-mobile-390.png' });
  await submitWithoutSlider(page);

  // The card after sign-up names the username and says how to log in.
  const card = page.getByTestId('next-step');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('next-step-username')).toHaveText(username);
  await expect(card).toContainText(national.slice(-4));
  await page.screenshot({ path: 'docs/screenshots/accounts-signup-card-390.png' });

  // A browser without the session: the number as typed in Thailand (leading 0) and the password.
  await forgetSession(page);
  await page.goto('/login');
  // The password tab says the number is a login ID.
  await expect(page.getByTestId('login-form')).toContainText(/ชื่อผู้ใช้หรือเบอร์มือถือ|Username or mobile number/);
  await page.getByTestId('login-username').fill(`0${national}`);
  await page.screenshot({ path: 'docs/screenshots/accounts-login-phone-390.png' });
  await logInWithPassword(page, `0${national}`, 'Mobile2026');
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
  await expect(page.getByTestId('header-nickname')).toContainText(username);
});

test('issue 25 a leading 0 is accepted and stripped: sign-up (the generated username on the card), SMS login and forgot password', async ({
  page,
}) => {
  const national = uniqueMobile();
  await page.goto('/register');
  await expect(page.getByTestId('register-form')).toHaveAttribute('data-tab', 'mobile');
  const mobile = page.getByTestId('register-input-mobileNum');
  await mobile.fill(`0${national}`);
  await mobile.blur();
  // Beside +66 the number shows as it is dialled from abroad: 0812345678 -> 812345678.
  await expect(mobile).toHaveValue(national);
  await mobile.fill(`0${national}`);
  // The code goes to +66 and the number without its 0 (the field is not refused).
  await typeRegistrationCode(page, national);
  await expect(page.getByTestId('register-field-mobileNum-error')).toHaveCount(0);
  await page.getByTestId('register-input-password').fill('Zero2026x');
  await page.getByTestId('register-input-confirmPassword').fill('Zero2026x');
  await page.getByTestId('register-terms').check();
  await submitWithoutSlider(page);
  // No username chosen: the one the site made is on the card, and in the header.
  const shown = page.getByTestId('next-step-username');
  await expect(shown).toHaveText(/^m[a-z0-9]{9}$/);
  const generated = (await shown.textContent())!.trim();
  await expect(page.getByTestId('header-nickname')).toContainText(generated);

  // SMS login: the number with its 0 is taken and shown without it.
  await forgetSession(page);
  await page.goto('/login');
  await page.getByTestId('login-tabs').getByRole('tab', { name: /รหัส SMS|SMS code/ }).click();
  const loginMobile = page.getByTestId('login-mobile');
  await loginMobile.fill(`0${national}`);
  await loginMobile.blur();
  await expect(loginMobile).toHaveValue(national);

  // Forgot password: the same; the number passes the check before a code and the server takes it
  // (the button counts down). Another number: this one had its one code of the minute at sign-up.
  const other = `${Number(national) + 1}`;
  await page.goto('/forget');
  const forgotMobile = page.getByTestId('forgot-input-mobileNum');
  await forgotMobile.fill(`0${other}`);
  const challenge = nextSliderChallenge(page);
  const sent = page.waitForRequest((r) => r.url().includes('/wps/verification/sms/noLogin'));
  await page.getByTestId('forgot-sms-button').click();
  await solveSlider(page, challenge);
  expect((await sent).postDataJSON()).toMatchObject({ mobileNum: other, countryDialingCode: '66' });
  await expect(page.getByTestId('forgot-field-mobileNum-error')).toHaveCount(0);
  await expect(page.getByTestId('forgot-sms-button')).toBeDisabled();
  await expect(forgotMobile).toHaveValue(other);
});

test('4.REG.02 5.REQ.08 issue 25 the age and terms box starts unticked; sign-up is refused with a clear message until it is ticked', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByTestId('register-tabs').getByRole('tab', { name: /ชื่อผู้ใช้|Username/ }).click();
  const terms = page.getByTestId('register-terms');
  await expect(terms).not.toBeChecked();
  await page.getByTestId('register-input-username').fill(uniqueName('t'));
  await page.getByTestId('register-input-password').fill('Terms2026x');
  await page.getByTestId('register-input-confirmPassword').fill('Terms2026x');
  await page.getByTestId('register-submit').click();
  const error = page.getByTestId('register-terms-error');
  await expect(error).toBeVisible();
  await expect(error).toHaveText(/ยอมรับ|accept/i);
  await error.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshots/accounts-signup-terms-390.png' });
  await expect(page.getByTestId('slider-modal')).toHaveCount(0);
  // Ticked, the message goes and sign-up goes on (to its slider).
  await terms.check();
  await expect(error).toHaveCount(0);
  const challenge = nextSliderChallenge(page);
  await page.getByTestId('register-submit').click();
  await solveSlider(page, challenge);
  await expect(page.getByTestId('header-member-bar')).toBeVisible();
});

/**
 * What a 360 px phone does not show of `root`: the form scrolling sideways, a control or text
 * of it outside the screen, text cut by its box (an ellipsis or a hidden overflow), a control cut by a
 * box around it that hides its overflow.
 */
async function cutOff(root: Locator, width: number): Promise<string[]> {
  return root.evaluate((el, screenWidth) => {
    const problems: string[] = [];
    // The form itself scrolls sideways (what sticks out of it is named below).
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`${el.scrollWidth}px wide in ${el.clientWidth}px`);
    const name = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.getAttribute('data-testid') ? `[${e.getAttribute('data-testid')}]` : ''} "${((e as HTMLElement).innerText || e.getAttribute('aria-label') || (e as HTMLInputElement).placeholder || '').trim().slice(0, 24)}"`;
    const items = el.querySelectorAll('input, button, select, textarea, label, a, [role=tab], p, h1, h2, span, summary');
    for (const e of items) {
      const style = getComputedStyle(e);
      const r = e.getBoundingClientRect();
      // Visually hidden text (a heading for screen readers) is 1 px on purpose.
      if (r.width <= 1 || r.height <= 1 || style.visibility === 'hidden' || e.closest('[aria-hidden=true]')) continue;
      if (style.opacity === '0' && r.width < 2) continue;
      if (r.left < -0.5 || r.right > screenWidth + 0.5) problems.push(`${name(e)} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
      const isField = e.matches('input, select, textarea');
      if (!isField && e.scrollWidth > e.clientWidth + 1 && (style.overflowX !== 'visible' || style.textOverflow === 'ellipsis'))
        problems.push(`${name(e)} is cut: ${e.scrollWidth}px of text in ${e.clientWidth}px`);
      for (let p = e.parentElement; p && p !== el.parentElement; p = p.parentElement) {
        const ps = getComputedStyle(p);
        if (ps.overflowX === 'visible') continue;
        const pr = p.getBoundingClientRect();
        if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5) {
          problems.push(`${name(e)} is cut by ${name(p)}`);
          break;
        }
      }
    }
    return [...new Set(problems)];
  }, width);
}

test.describe('on a 360 px phone', () => {
  test.use({ viewport: SMALL_PHONE });

  test('2.LGN.06 2.RGP.08 2.FGT.01 issue 25 every login, sign-up and forgot-password tab fits 360 px: no sideways scroll, nothing cut off', async ({
    page,
  }) => {
    const found: string[] = [];
    const check = async (label: string, root: Locator) => {
      await expect(root).toBeVisible();
      for (const problem of await cutOff(root, SMALL_PHONE.width)) found.push(`${label}: ${problem}`);
    };
    await page.goto('/login');
    const login = page.getByTestId('login-form');
    await expect(login).not.toHaveAttribute('data-challenge', 'pending');
    await check('login, password tab', login);
    await page.getByTestId('login-tabs').getByRole('tab', { name: /รหัส SMS|SMS code/ }).click();
    await expect(page.getByTestId('login-mobile')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/accounts-login-sms-360.png' });
    await check('login, SMS tab', login);

    await page.goto('/register');
    const register = page.getByTestId('register-form');
    await expect(register).toHaveAttribute('data-tab', 'mobile');
    await check('sign-up, mobile tab', page.locator('main'));
    await page.getByTestId('register-tabs').getByRole('tab', { name: /ชื่อผู้ใช้|Username/ }).click();
    await expect(register).toHaveAttribute('data-tab', 'username');
    await check('sign-up, username tab', page.locator('main'));

    await page.goto('/forget');
    await expect(page.getByTestId('forgot-phone-form')).toBeVisible();
    await check('forgot password, mobile tab', page.locator('main'));
    await page.getByTestId('forgot-tabs').getByRole('tab', { name: /อีเมล|Email/ }).click();
    await check('forgot password, email tab', page.locator('main'));

    // The sign-up popup (the header's button on a phone) and its two tabs.
    await page.goto('/?register=1');
    const popup = page.getByTestId('register-popup-panel');
    await check('sign-up popup, mobile tab', popup);
    await popup.getByRole('tab', { name: /ชื่อผู้ใช้|Username/ }).click();
    await check('sign-up popup, username tab', popup);
    expect(found).toEqual([]);
  });
});
