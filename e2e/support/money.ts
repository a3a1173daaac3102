import { expect, type Page } from '@playwright/test';
import { registerWithUsername, uniqueName } from './accounts';
import { ops } from './ops';

// Money for a journey that needs it: a member funded the way a player is (a bank-transfer deposit with its
// slip, approved by an operator through the ops command line).

/** A real 1x1 PNG (the deposit slip). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function idOfRow(table: string, text: string): string {
  const row = table.split('\n').find((line) => line.includes(text));
  if (!row) throw new Error(`no row with ${text} in:\n${table}`);
  return row.trim().split(/\s+/)[0]!;
}

/** Whole baht as the header shows them: 1000 -> "฿1,000.00". */
const baht = (whole: number) => `฿${whole.toLocaleString('en-US')}.00`;

/**
 * Registers a member (`username`, password Lotus2026; through an agent's registration link when `affiliateCode` is
 * given) and credits `amount` whole baht (1,000 by default)
 * through a bank-transfer deposit with its slip that an operator approves; answers the username.
 */
export async function fundedMember(
  page: Page,
  username = uniqueName('h'),
  { amount = 1000, affiliateCode }: { amount?: number; affiliateCode?: string } = {},
): Promise<string> {
  await registerWithUsername(page, { username, password: 'Lotus2026' }, affiliateCode ? { affiliateCode } : undefined);
  await page.goto('/member?page=depositv2');
  await page.getByTestId('deposit-amount-input').fill(String(amount));
  await page.getByTestId('deposit-reference-input').fill(`REF ${username}`);
  await page
    .getByTestId('deposit-slip-input')
    .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-item').first()).toHaveAttribute('data-status', 'awaiting_approval');
  ops(
    'deposit',
    'approve',
    idOfRow(ops('deposit', 'list', '--status', 'awaiting_approval', '--limit', '500'), username),
  );
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-balance')).toHaveText(baht(amount));
  return username;
}
