import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, uniqueName } from './support/accounts';
import { watchConsole } from './support/console';
import { waitForApp } from './support/live';
import { PHONE, usePhoneSettings } from './support/phone';

// Issue 25, "Language and polish", as a player on a 390 px phone notices it (docs/adr/0076): only
// languages with a complete catalogue in the picker; a Thai-and-dark first load hydrates without an
// error; the news popup keeps Thai words whole; messages name a deposit by a short reference; the
// member's real name stays out of the header; axe on the inbox; the header's tab order follows its rows.
// E2E_SCREENSHOTS=1 saves the fixed screens to docs/screenshots/.

const SHOTS = process.env.E2E_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../docs/screenshots') : null;
const PASSWORD = 'Lotus2026';
const DESKTOP = { width: 1440, height: 900 } as const;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'th-TH' });

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: resolve(SHOTS, `${name}.png`) });
}

/** A deposit through the sandbox PSP's hosted page (PromptPay sandbox), credited by its signed callback. */
async function depositThroughSandboxPsp(page: Page, amount: string, shown: string): Promise<void> {
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-channel-promptpay-sandbox').click();
  await expect(page.getByTestId('deposit-form')).toHaveAttribute('data-kind', 'psp');
  await page.getByTestId('deposit-amount-input').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/psp\/pay\/SBX-/);
  await page.locator('button[value="pay"]').click();
  await expect(page.getByRole('status')).toBeVisible();
  // Back to the site lands on the result page of this deposit (issue 25, money on screen).
  await page.locator('a[href^="/member?page=depositv2&deposit="]').click();
  await expect(page.getByTestId('deposit-result')).toBeVisible();
  const balance = page.getByTestId('header-balance');
  await expect(async () => {
    await page.getByTestId('header-balance-refresh').click();
    await expect(balance).toHaveText(shown, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('1.I18N.01 9.C.01 2.HDR.04 the language picker offers only the languages with a complete catalogue (Thai, English)', async ({ page }) => {
  await usePhoneSettings(page, 'light');
  // The site's configuration also enables Vietnamese and Chinese (their catalogues do not exist yet): the
  // picker is checked once the server's list has arrived.
  const languages = page.waitForResponse((r) => r.url().includes('/wps/system/languages') && r.ok());
  await page.goto('/');
  await waitForApp(page);
  await languages;
  const picker = page.getByTestId('language-picker');
  await expect(picker.locator('option')).toHaveCount(2);
  expect(await picker.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual(['th', 'en']);
});

test('1.I18N.01 a stored language without a complete catalogue opens the site in Thai', async ({ page }) => {
  await page.addInitScript(() => {
    sessionStorage.setItem('newsPopupShown', '1');
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('hisLang', 'vi');
      localStorage.setItem('lang', 'vi');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByTestId('language-picker')).toHaveValue('th');
});

test('1.I18N.06 1.I18N.07 a first load in Thai with the dark theme stored hydrates without an error', async ({ page }) => {
  const errors = watchConsole(page);
  await usePhoneSettings(page, 'dark');
  await page.goto('/');
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // Hydration is over once the page is idle and the header's theme switch offers the light theme.
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'เปลี่ยนเป็นธีมสว่าง');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
  await expect(page.getByTestId('banner-carousel')).toBeVisible();
  expect(errors.filter((e) => !e.includes('Failed to load resource'))).toEqual([]);
});

test('2.BAN.05 2.BAN.09 1.I18N.04 the home banner speaks the page\'s language: its artwork and alternative text in Thai, then in English', async ({ page }) => {
  await usePhoneSettings(page, 'light');
  await page.goto('/');
  await waitForApp(page);
  const first = page.getByTestId('banner-carousel').locator('img').first();
  // The welcome offer (seed banners): Thai artwork and a Thai description.
  await expect(first).toHaveAttribute('alt', /โบนัสต้อนรับ 100%/);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/home-welcome-th[-.]/);
  await shot(page, 'polish-banner-th-390');
  await page.getByTestId('language-picker').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(first).toHaveAttribute('alt', /100% welcome bonus/);
  await expect(first).not.toHaveAttribute('alt', /[\u0E01-\u0E3A\u0E40-\u0E5B]/);
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/home-welcome-en[-.]/);
  await shot(page, 'polish-banner-en-390');
});

/**
 * Where the Thai text of `selector` is broken across lines: a line that starts inside one of `words`
 * (loanwords of the popup's content that the browser's dictionary does not know), or at a place that
 * is no word boundary at all (Intl.Segmenter, the browser's own dictionary).
 */
function brokenThaiWords({ selector, words }: { selector: string; words: string[] }): string[] {
  const root = document.querySelector(selector);
  if (!root) return [`${selector} is missing`];
  // Every character of the popup's text with the top of its line box.
  const chars: { ch: string; top: number | null }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let i = 0; i < text.length; i++) {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      chars.push({ ch: text[i]!, top: rect && rect.width > 0 ? Math.round(rect.top) : null });
    }
    chars.push({ ch: '\n', top: null });
  }
  const all = chars.map((c) => c.ch).join('');
  const problems: string[] = [];
  for (const word of words) {
    for (let at = all.indexOf(word); at >= 0; at = all.indexOf(word, at + 1)) {
      const tops = new Set(chars.slice(at, at + word.length).map((c) => c.top).filter((t) => t !== null));
      if (tops.size > 1) problems.push(`"${word}" is split across lines`);
    }
  }
  const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
  const boundaries = new Set([...segmenter.segment(all)].map((s) => s.index));
  let lastTop: number | null = null;
  for (let i = 0; i < chars.length; i++) {
    const { ch, top } = chars[i]!;
    if (top === null || /\s/.test(ch)) continue;
    if (lastTop !== null && top > lastTop + 2 && /[\u0E00-\u0E7F]/.test(ch) && !boundaries.has(i) && !/\s/.test(chars[i - 1]?.ch ?? ' '))
      problems.push(`a line starts inside a word: "${all.slice(Math.max(0, i - 6), i)}|${all.slice(i, i + 6)}"`);
    lastTop = top;
  }
  return problems;
}

/** Words of the demo 'news' popup (seed notices) that Chromium's Thai dictionary splits. */
const POPUP_LOANWORDS = ['คาสิโน', 'โปรโมชั่น', 'แชท'];

test('2.NOT.04 the news popup keeps Thai words whole at 390 and 360 px', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'light'));
  for (const width of [PHONE.width, 360]) {
    await page.setViewportSize({ width, height: PHONE.height });
    await page.goto('/');
    const popup = page.getByTestId('news-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('คืนยอดเสีย');
    expect(await page.evaluate(brokenThaiWords, { selector: '[data-testid=news-popup]', words: POPUP_LOANWORDS }), `at ${width} px`).toEqual([]);
    if (width === PHONE.width) await shot(page, 'polish-news-popup-th-390');
    await page.evaluate(() => sessionStorage.removeItem('newsPopupShown'));
  }
});

test('3.STAT.05 2.MC.15 a message names the deposit by a short reference, not a raw id, keeps Thai words whole; the inbox passes axe', async ({ page }) => {
  test.setTimeout(120_000);
  await usePhoneSettings(page, 'light');
  await registerWithUsername(page, { username: uniqueName('p'), password: PASSWORD });
  await depositThroughSandboxPsp(page, '500', '฿500.00');
  await page.goto('/member?page=messageV2');
  const item = page.getByTestId('message-item').first();
  await expect(item).toHaveAttribute('data-template', 'deposit_arrival');
  const body = (await item.locator('.inbox-item__body').textContent()) ?? '';
  expect(body).not.toMatch(UUID);
  // The reference the player can quote to support: a short code of letters and digits.
  expect(body).toMatch(/[A-Z0-9]{8}/);
  // The channel's Thai name is not cut inside a word ("แซนด์บ็|อกซ์" at 390 px before).
  expect(await page.evaluate(brokenThaiWords, { selector: '[data-testid=message-item]', words: ['แซนด์บ็อกซ์', 'พร้อมเพย์'] })).toEqual([]);
  await shot(page, 'polish-inbox-th-390');
  // The unread label (its contrast) and every image of the page, pending ones included (their role).
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  // Dark theme too.
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await new AxeBuilder({ page }).analyze();
  expect(
    dark.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
});

test('2.MC.09 3.WAL.02 7.RELAY.03 the account record names the deposit channel in the page language and says which way each transfer went', async ({ page }) => {
  test.setTimeout(150_000);
  await usePhoneSettings(page, 'light');
  await registerWithUsername(page, { username: uniqueName('a'), password: PASSWORD });
  await depositThroughSandboxPsp(page, '500', '฿500.00');
  // Main -> Sandbox Casino 300, back 100 (My wallet's transfer form).
  await page.goto('/member?page=transferFund');
  for (const [direction, amount] of [['in', '300'], ['out', '100']] as const) {
    await page.getByTestId(`transfer-direction-${direction}`).click();
    await page.getByTestId('transfer-amount').fill(amount);
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-result')).toHaveAttribute('data-status', 'confirmed');
  }
  await page.goto('/member?page=transactionHistory');
  const rows = page.getByTestId('record-row');
  await expect(rows).toHaveCount(3);
  const notes = rows.locator('.record-table__memo');
  // Thai page: the channel's Thai name (seed payment channels), transfers with their direction.
  await expect(notes).toHaveText(['โอนออกจากกระเป๋า Sandbox Casino', 'โอนเข้ากระเป๋า Sandbox Casino', 'พร้อมเพย์ (แซนด์บ็อกซ์)']);
  await shot(page, 'polish-account-record-th-390');
  await page.getByTestId('language-picker').selectOption('en');
  await expect(notes).toHaveText(['From the Sandbox Casino wallet', 'To the Sandbox Casino wallet', 'PromptPay (sandbox)']);
  await shot(page, 'polish-account-record-en-390');
});

test('3.MEM.01 2.HDR.02 the header names the member by username, never by the real name (desktop and phone)', async ({ page }) => {
  await usePhoneSettings(page, 'light');
  const username = uniqueName('r');
  const realName = `SOMCHAI ${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
  await registerWithUsername(page, { username, password: PASSWORD, payeeName: realName });
  await page.setViewportSize(DESKTOP);
  await page.reload();
  const bar = page.getByTestId('header-member-bar');
  await expect(page.getByTestId('header-nickname')).toHaveText(username);
  await expect(page.locator('header')).not.toContainText(realName);
  expect(await page.locator('header').innerHTML()).not.toContain(realName);
  await expect(bar).toBeVisible();
  await shot(page, 'polish-header-1440');
  await page.setViewportSize(PHONE);
  await expect(page.locator('header')).not.toContainText(realName);
});

test('2.HDR.02 on a phone the header is tabbed through in the order it is seen: row 1 left to right, then row 2', async ({ page }) => {
  await usePhoneSettings(page, 'light');
  await registerWithUsername(page, { username: uniqueName('k'), password: PASSWORD });
  await page.goto('/');
  await waitForApp(page);
  await expect(page.getByTestId('header-balance')).toHaveText('฿0.00');
  // Tab from the top of the page through every control of the header.
  await page.locator('body').focus();
  const seen: { id: string; top: number; left: number }[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || !el.closest('header')) return null;
      const r = el.getBoundingClientRect();
      return { id: el.getAttribute('data-testid') ?? el.tagName, top: Math.round(r.top + r.height / 2), left: Math.round(r.left) };
    });
    if (!at) {
      if (seen.length > 0) break;
      continue;
    }
    seen.push(at);
  }
  expect(seen.length).toBeGreaterThan(6);
  // Visual order: rows from the top (centres more than 10 px apart), then left to right.
  const visual = [...seen].sort((a, b) => (Math.abs(a.top - b.top) > 10 ? a.top - b.top : a.left - b.left));
  expect(seen.map((s) => s.id)).toEqual(visual.map((s) => s.id));
});
