import { expect, test, type Page } from '@playwright/test';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { watchConsole } from './support/console';
import { ops } from './support/ops';

// Money (issue 8), as a new member would use it through the real server and the built site:
// registration, My wallet, a bank-transfer deposit approved by an operator, the header balance and
// the account record; then a payment password, a bank account and two withdrawals paid out by an
// operator, one confirmed received and one reported not received with a proof image.

/** A real 1x1 PNG (the server checks images by their content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'Lotus2026';
const PAYMENT_PASSWORD = '246810';
/** The demo withdrawal settings with no turnover asked (a new member has placed no bets). */
const WITHDRAWAL_SETTINGS = { minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, hours: { from: '00:00', to: '24:00' }, autoReceiptMinutes: 30 };

/** A capital-letter real name nobody else in this run has ("TESTER QWXZ"). */
const uniquePayee = () => `TESTER ${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

/** The first column (the id) of the ops table row that mentions `text`. */
function idOfRow(table: string, text: string): string {
  const row = table.split('\n').find((line) => line.includes(text));
  if (!row) throw new Error(`no row with ${text} in:\n${table}`);
  return row.trim().split(/\s+/)[0]!;
}

async function openPage(page: Page, key: string) {
  await page.goto(`/member?page=${key}`);
  await expect(page.getByTestId(`mc-page-${key}`)).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await skipNewsPopup(page);
});

test('2.MC.03 2.MC.09 4.BAL.01-03 9.C.04 a new member sees 0.00 in the header and in My wallet, and an empty account record', async ({ page }) => {
  const errors = watchConsole(page);
  await registerWithUsername(page, { username: uniqueName('m'), password: PASSWORD });

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

test.describe('deposit and withdrawals', () => {
  test.afterAll(() => {
    ops('config', 'set', 'withdrawal', JSON.stringify({ ...WITHDRAWAL_SETTINGS, turnoverMultiple: 1 }));
  });

  test('2.MC.04 2.MC.05 2.MC.09 4.BAL.03 4.WD.01 4.WD.02 3.STAT.05 deposit by bank transfer, operator approval, balance and record; withdraw, payout, received and not received with proof', async ({ page }) => {
    test.setTimeout(180_000);
    const errors = watchConsole(page);
    const username = uniqueName('w');
    const payee = uniquePayee();
    ops('config', 'set', 'withdrawal', JSON.stringify({ ...WITHDRAWAL_SETTINGS, turnoverMultiple: 0 }));
    await registerWithUsername(page, { username, password: PASSWORD, payeeName: payee });
    const balance = page.getByTestId('header-balance');
    await expect(balance).toHaveText('฿0.00');

    // 2.MC.04: a bank transfer with its time, reference and a slip image.
    await openPage(page, 'depositv2');
    const form = page.getByTestId('deposit-form');
    await expect(form).toHaveAttribute('data-kind', 'bank_transfer');
    await expect(page.getByTestId('deposit-account-number')).not.toBeEmpty();
    await page.getByTestId('deposit-amount-input').fill('1000');
    await page.getByTestId('deposit-reference-input').fill(`REF ${username}`);
    await page.getByTestId('deposit-slip-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('deposit-submit').click();
    const first = page.getByTestId('deposit-item').first();
    await expect(first).toHaveAttribute('data-status', 'awaiting_approval');
    await expect(first.getByTestId('deposit-amount')).toHaveText('฿1,000.00');

    // The operator approves it.
    const depositId = idOfRow(ops('deposit', 'list', '--status', 'awaiting_approval', '--limit', '500'), username);
    expect(ops('deposit', 'approve', depositId)).toContain('is credited');

    // 4.BAL.03: refreshing the header shows the money; the history says credited.
    await page.getByTestId('header-balance-refresh').click();
    await expect(balance).toHaveText('฿1,000.00');
    await expect(first).toHaveAttribute('data-status', 'credited');

    // 3.STAT.05: the deposit-arrival message is in the member's messages.
    await openPage(page, 'messageV2');
    await expect(page.getByTestId('message-item').first()).toHaveAttribute('data-template', 'deposit_arrival');
    await expect(page.getByTestId('message-item').first()).toContainText('฿1,000.00');

    // 2.MC.09: the account record lists it with the running balance.
    await openPage(page, 'transactionHistory');
    const row = page.getByTestId('record-row').first();
    await expect(row.getByTestId('record-amount')).toHaveText('+฿1,000.00');
    await expect(row.getByTestId('record-balance')).toHaveText('฿1,000.00');

    // 2.MC.05: payment password, then a bank account in the real name.
    await openPage(page, 'withdraw');
    await expect(page.getByTestId('pp-missing')).toBeVisible();
    await page.getByTestId('pp-password').fill(PASSWORD);
    await page.getByTestId('pp-new').fill(PAYMENT_PASSWORD);
    await page.getByTestId('pp-confirm').fill(PAYMENT_PASSWORD);
    await page.getByTestId('pp-submit').click();
    await expect(page.getByTestId('pp-change')).toBeVisible();
    await page.getByTestId('bind-bank').selectOption('KBANK');
    await page.getByTestId('bind-number').fill('1234567890');
    await page.getByTestId('bind-name').fill(payee);
    await page.getByTestId('bind-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('bind-submit').click();
    await expect(page.getByTestId('bank-account')).toHaveCount(1);
    await expect(page.getByTestId('bank-account')).toContainText('7890');

    // A withdrawal: the amount is held at once.
    const withdraw = async (amount: string) => {
      await page.getByTestId('withdraw-amount').fill(amount);
      await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdrawal-item').first()).toHaveAttribute('data-status', 'pending');
      const id = idOfRow(ops('withdrawal', 'list', '--status', 'pending', '--limit', '500'), payee);
      expect(ops('withdrawal', 'pay', id)).toContain('is paid out');
      return id;
    };
    await withdraw('300');
    await expect(balance).toHaveText('฿700.00');

    // 4.WD.01: paid out, the member confirms it arrived.
    await page.reload();
    const paid = page.getByTestId('withdrawal-item').first();
    await expect(paid).toHaveAttribute('data-status', 'awaiting_confirmation');
    await paid.getByTestId('withdrawal-received').click();
    await expect(paid).toHaveAttribute('data-status', 'received');

    // 4.WD.02: another one reported not received, with a proof image and a remark.
    const secondId = await withdraw('200');
    await expect(balance).toHaveText('฿500.00');
    await page.reload();
    const second = page.getByTestId('withdrawal-item').first();
    await expect(second).toHaveAttribute('data-status', 'awaiting_confirmation');
    await second.getByTestId('withdrawal-not-received').click();
    await second.getByTestId('nr-proofs').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await second.getByTestId('nr-remark').fill('ยังไม่ได้รับเงินในบัญชี');
    await second.getByTestId('nr-submit').click();
    await expect(second).toHaveAttribute('data-status', 'not_received');
    expect(ops('withdrawal', 'cases')).toContain(`withdrawal ${secondId}: proof 1 image/png`);

    // The account record shows both holds with the running balance.
    await openPage(page, 'transactionHistory');
    await expect(page.getByTestId('record-row')).toHaveCount(3);
    await expect(page.getByTestId('record-row').first().getByTestId('record-amount')).toHaveText('-฿200.00');
    await expect(page.getByTestId('record-row').first().getByTestId('record-balance')).toHaveText('฿500.00');
    expect(errors).toEqual([]);
  });
});
