import type { Page } from '@playwright/test';

/**
 * A prerendered page paints from its HTML before its code is fetched (ADR 0062): links work at once
 * and a submitted form is held, but a hover menu, a select or a toggle responds once the app has
 * taken the page over (main.tsx sets `__lotusLive`). Tests that use those wait for it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { __lotusLive?: boolean }).__lotusLive === true);
}
