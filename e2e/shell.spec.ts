import { expect, test } from '@playwright/test';
import { ops, opsApproved, resetSite } from './support/ops';
import { waitForApp } from './support/live';

test.afterEach(() => resetSite());

// The 'news' popup greets the first visit of a browser session; specs about other parts mark it seen.
const skipNewsPopup = (page: import('@playwright/test').Page) =>
  page.addInitScript(() => sessionStorage.setItem('newsPopupShown', '1'));

test('2.NOT.04 the news popup greets a new session with sanitised notices and closes', async ({ page }) => {
  await page.goto('/');
  const news = page.getByTestId('news-popup');
  await expect(news).toBeVisible();
  await expect(news).toContainText('ข่าวสาร');
  expect(await news.locator('script').count()).toBe(0);
  await news.getByRole('button', { name: /ปิด|close/i }).first().click();
  await expect(news).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.getByTestId('news-popup')).toHaveCount(0);
});

test('1.I18N.02 2.R.01 home renders in Thai by default', async ({ page }) => {
  await skipNewsPopup(page);
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('navigation').first()).toContainText('หน้าแรก');
  await expect(page.getByTestId('footer')).toBeVisible();
});

test('1.I18N.03/04 2.HDR.04 switching to English survives a reload', async ({ page }) => {
  await skipNewsPopup(page);
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await waitForApp(page);
  await page.getByTestId('language-picker').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation').first()).toContainText('Home');
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation').first()).toContainText('Home');
  expect(await page.evaluate(() => [localStorage.getItem('hisLang'), localStorage.getItem('lang')])).toEqual(['en', 'en']);
});

test('1.I18N.06/07 the dark theme survives a reload; light is the default', async ({ page }) => {
  await skipNewsPopup(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await waitForApp(page);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('2.R.29 2.MNT.01/02 maintenance set through the ops command shows the maintenance page', async ({ page }) => {
  const until = new Date(Date.now() + 2 * 3600_000).toISOString();
  // A four-eyes request from the command line, approved by a second admin (docs/adr/0055).
  opsApproved('maintenance', 'start', '--until', until, '--info-th', 'ปรับปรุงระบบประจำสัปดาห์', '--info-en', 'Weekly upgrade');
  await page.goto('/');
  const mnt = page.getByTestId('maintenance-page');
  await expect(mnt).toBeVisible();
  await expect(mnt).toContainText('ปรับปรุงระบบประจำสัปดาห์');
  await expect(mnt.getByRole('button')).toBeVisible();
  await expect(page.getByTestId('home-page')).toHaveCount(0);
  ops('maintenance', 'stop');
  await page.reload();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('2.R.30 2.MNT.03 a region rule set through the ops command shows the region-blocked page with the IP', async ({ page }) => {
  opsApproved('region', 'block', '127.0.0.1/32');
  await page.goto('/');
  const blocked = page.getByTestId('region-blocked-page');
  await expect(blocked).toBeVisible();
  await expect(blocked).toContainText('127.0.0.1');
  await expect(blocked.getByRole('button')).toBeVisible();
});

test('2.R.31/32 with the login-required flag on, / goes to /login while /download stays open', async ({ page }) => {
  ops('flag', 'LOGINREQHOME3', 'on');
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.goto('/download');
  await expect(page).toHaveURL(/\/download$/);
  await expect(page.getByTestId('download-page')).toBeVisible();
  await page.goto('/vip');
  await expect(page).toHaveURL(/\/login$/);
});

test('2.BAN.05-07 the home banner carousel advances by itself', async ({ page }) => {
  await skipNewsPopup(page);
  await page.goto('/');
  const carousel = page.getByTestId('banner-carousel');
  await expect(carousel).toBeVisible();
  await expect(page.getByTestId('banner-dot-0')).toHaveAttribute('aria-current', 'true');
  // autoplay every 5000 ms: the second banner becomes current without any interaction
  await expect(page.getByTestId('banner-dot-1')).toHaveAttribute('aria-current', 'true', { timeout: 9000 });
});

test('2.NOT.01/03 clicking a notice in the bar opens the notice modal at that index', async ({ page }) => {
  await skipNewsPopup(page);
  await page.goto('/');
  const bar = page.getByTestId('notice-bar');
  await expect(bar).toBeVisible();
  // 2.NOT.02 hovering pauses the scrolling titles, so the one under the pointer can be clicked
  await bar.hover();
  await expect(bar).toHaveAttribute('data-paused', 'true');
  const second = bar.getByTestId('notice-item-1');
  const title = (await second.textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(0);
  await second.click();
  const modal = page.getByTestId('notice-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('notice-active-title')).toHaveText(title);
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
});
