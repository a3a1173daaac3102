import { expect, test } from '@playwright/test';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { watchConsole } from './support/console';

// Money (issue 8), as a new member would use it: registration, My wallet, the header balance and the
// account record, through the real server and the built site.

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

test('2.MC.03 2.MC.09 4.BAL.01-03 9.C.04 a new member sees 0.00 in the header and in My wallet, and an empty account record', async ({ page }) => {
  const errors = watchConsole(page);
  const username = uniqueName('m');
  await registerWithUsername(page, { username, password: 'Lotus2026' });

  // 4.BAL: the header shows the wallet balance with two decimals and the currency symbol.
  const balance = page.getByTestId('header-balance');
  await expect(balance).toHaveText('฿0.00');
  await page.getByTestId('header-balance-toggle').click();
  await expect(balance).toHaveText('******');
  await page.getByTestId('header-balance-toggle').click();
  await expect(balance).toHaveText('฿0.00');
  const refreshed = page.waitForResponse((r) => r.url().includes('/wps/v2/wallets/balance') && r.ok());
  await page.getByTestId('header-balance-refresh').click();
  await refreshed;
  await expect(balance).toHaveText('฿0.00');

  // 2.MC.03: My wallet from the member centre menu.
  await page.getByTestId('header-member-centre').click();
  await page.getByTestId('mc-entry-transferFund').click();
  await expect(page).toHaveURL(/page=transferFund/);
  await expect(page.getByTestId('wallet-total')).toHaveText('฿0.00');
  await expect(page.getByTestId('wallet-main')).toHaveText('฿0.00');
  await expect(page.getByTestId('wallet-vendors-empty')).toBeVisible();

  // 2.MC.09: the account record of a new member is empty (Thai: Buddhist-era dates).
  await page.getByTestId('wallet-record').click();
  await expect(page).toHaveURL(/page=transactionHistory/);
  await expect(page.getByTestId('record-range')).toContainText(/25\d\d/);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('record-period-d90').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(errors).toEqual([]);
});
