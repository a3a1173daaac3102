import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { registerWithUsername, uniqueName } from './support/accounts';
import { ops } from './support/ops';
import { checkPhonePage, checkSmallPhoneWidth, PHONE, SMALL_PHONE, usePhoneSettings } from './support/phone';
import { signedVendorHeaders } from './support/vendor';

// Issue 25: the shared widgets a phone sweep of a new member does not reach (its lists have one page),
// measured where a player meets them at 390 px and 360 px.

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT}`;
/** With E2E_SCREENSHOTS=1 the widgets are saved at 390 px to docs/screenshots/. */
const SHOTS = process.env.E2E_SCREENSHOTS === '1' ? resolve(import.meta.dirname, '../docs/screenshots') : null;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'th-TH' });

/** A vendor (`npm run ops -- vendor add`) publishing `count` slots through a signed games/sync. */
async function vendorWithGames(count: number): Promise<string> {
  const vendor = `PG${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const out = ops('vendor', 'add', vendor, '--name', `Pager ${vendor}`, '--launch-url', `${BASE_URL}/e2e-vendor/launch`, '--game-types', 'SLOT');
  const secret = out.trim().split('\n').pop()!.trim();
  const raw = JSON.stringify({
    requestId: `pager-${vendor}`,
    games: Array.from({ length: count }, (_, i) => ({
      gameCode: `${vendor}_${String(i + 1).padStart(3, '0')}`,
      gameType: 'RNG',
      names: { th: `วงล้อ ${i + 1}`, en: `Reel ${i + 1}` },
      classification: 'VIDEO_SLOT',
      minBet: '50',
      lines: 25,
      thumbnailUrl: '/house/thumbs/lotus-pond.svg',
      isHot: false,
      freePlay: false,
      status: 'ACTIVE',
    })),
  });
  const res = await fetch(`${BASE_URL}/vendor/v1/games/sync`, {
    method: 'POST',
    headers: signedVendorHeaders(vendor, secret, '/vendor/v1/games/sync', raw),
    body: raw,
  });
  expect(await res.json()).toMatchObject({ status: 'OK', created: count });
  return vendor;
}

test('issue 25: a list pager offers 44 px targets in one row on a 390 px phone and at 360 px', async ({ page }) => {
  // 100 games at 15 a page: seven pages, the pager's widest row on a phone (previous, 1 to 7, next).
  const vendor = await vendorWithGames(100);
  await usePhoneSettings(page, 'light');
  // A member: the visitor's header is wider than 360 px today (reported to the header's owner), and a
  // page wider than the screen would stretch every row of it, the pager's too.
  await registerWithUsername(page, { username: uniqueName('pg'), password: 'Phone2026!' });
  await page.goto(`/rng?vassalage=${vendor}&page=4`);
  const pager = page.getByRole('navigation', { name: 'การแบ่งหน้า' });
  await expect(pager.getByRole('button', { name: 'หน้า 4' })).toHaveAttribute('aria-current', 'page');
  const buttons = pager.getByRole('button');
  await expect(pager.getByRole('button', { name: 'หน้า 7' })).toBeVisible();
  const sizes = async () =>
    buttons.evaluateAll((all) =>
      all.map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label'), width: Math.round(r.width), height: Math.round(r.height), right: r.right, top: Math.round(r.top) };
      }),
    );
  for (const size of await sizes()) {
    expect(size.width, `${size.name} width`).toBeGreaterThanOrEqual(44);
    expect(size.height, `${size.name} height`).toBeGreaterThanOrEqual(44);
  }
  // One row: previous, the pages and next side by side, as on a desktop.
  expect(new Set((await sizes()).map((s) => s.top)).size, 'rows of the pager at 390 px').toBe(1);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await pager.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, 'pager-390-th.png') });
  }
  // At 360 px: no sideways scroll (the check names what sticks out) and every button still on the screen.
  expect((await checkSmallPhoneWidth(page, 'rng with a pager')).map((p) => p.what)).toEqual([]);
  await page.setViewportSize(SMALL_PHONE);
  await page.waitForFunction((w) => document.documentElement.clientWidth === w, SMALL_PHONE.width);
  expect(new Set((await sizes()).map((s) => s.top)).size, 'rows of the pager at 360 px').toBe(1);
  for (const size of await sizes()) {
    expect(size.height, `${size.name} height at 360 px`).toBeGreaterThanOrEqual(44);
    expect(size.right, `${size.name} inside the screen at 360 px`).toBeLessThanOrEqual(SMALL_PHONE.width);
  }
});

for (const language of ['th', 'en'] as const) {
  test(`issue 25: the country-code list offers 44 px rows and every country's name in full on a 390 px phone (${language})`, async ({
    page,
  }) => {
    await usePhoneSettings(page, 'light', language);
    await page.goto('/register');
    await page.getByTestId('register-country-code-field').click();
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    const rows = await list.getByRole('option').evaluateAll((options) =>
      options.map((o) => {
        const name = o.querySelector('.ui-cc__name') as HTMLElement;
        return {
          name: name.textContent,
          height: Math.round(o.getBoundingClientRect().height),
          cut: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight + 1,
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.height < 44).map((r) => `${r.name} ${r.height}px`)).toEqual([]);
    expect(rows.filter((r) => r.cut).map((r) => r.name)).toEqual([]);
    // The open list as a whole passes the phone checks too (its rows are tap targets, nothing cut).
    expect((await checkPhonePage(page, `register with the country list open (${language})`)).map((p) => p.what)).toEqual([]);
    if (SHOTS && language === 'th') await page.screenshot({ path: join(SHOTS, 'country-code-list-390-th.png') });
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`issue 25: a toast on a 390 px phone offers a 44 px close target and its text passes axe (${theme})`, async ({ page }) => {
    // The page's clock runs on Playwright's: paused, the toast's own 4-second timer stands still, so the
    // checks below see it however busy the machine is.
    await page.clock.install();
    await usePhoneSettings(page, theme);
    await registerWithUsername(page, { username: uniqueName('ts'), password: 'Phone2026!' });
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 30_000 });
    await page.getByTestId('header-logout').click();
    const dialog = page.getByTestId('dialog');
    await expect(dialog).toBeVisible();
    // From here the page's time moves only when the test moves it, 100 ms at a time, until the toast is up.
    await page.clock.pauseAt(Date.now() + 1_000);
    await dialog.getByTestId('dialog-button-1').click();
    // Logging out says so in a success toast (the rich colour the light theme failed axe with).
    const toast = page.locator('[data-sonner-toast][data-type="success"]');
    await expect(async () => {
      await page.clock.runFor(100);
      await expect(toast).toBeVisible({ timeout: 250 });
    }).toPass({ timeout: 30_000 });
    // Faded in (axe measures colours through a half-transparent toast otherwise).
    await expect(toast).toHaveCSS('opacity', '1');
    const close = toast.locator('[data-close-button]');
    const box = (await close.boundingBox())!;
    expect([Math.round(box.width) >= 44, Math.round(box.height) >= 44]).toEqual([true, true]);
    const toastBox = (await toast.boundingBox())!;
    // Inside the toast, not on its corner.
    expect(box.x >= toastBox.x && box.x + box.width <= toastBox.x + toastBox.width).toBe(true);
    // axe waits on the page's timers: move the paused clock in small steps while it runs (a few hundred ms of
    // the toast's four seconds), then check the toast was still there for it.
    // Legacy mode runs axe in this page only: the default opens a blank page in the same context for its
    // last step and closes it, and a clock step of the context in flight then failed with "page closed"
    // (the flake of this test in CI).
    let analysed = false;
    const analysis = new AxeBuilder({ page })
      .include('[data-sonner-toaster]')
      .setLegacyMode()
      .analyze()
      .finally(() => (analysed = true));
    while (!analysed) await page.clock.runFor(10);
    const axe = await analysis;
    await expect(toast).toBeVisible();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    if (SHOTS && theme === 'light') {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'toast-390-th.png') });
    }
    await page.clock.resume();
    await close.click();
    await expect(toast).toHaveCount(0);
  });
}
