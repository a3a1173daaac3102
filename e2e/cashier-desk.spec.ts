import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { signInFirstTime } from './support/backoffice';
import { operatorWithConsolePassword } from './support/ops';

/**
 * The cashier desk (issue 24, docs/adr/0081), as two finance operators use it: a member sends bank
 * transfers with their slips; finance A sees the slip and approves the small one; the large one A asks
 * for waits for finance B (A cannot approve it); the member's header shows each credit. With
 * CONSOLE_SCREENSHOTS=1 the queue is saved at 1440 and 820 px.
 */
test.setTimeout(180_000);

/** A real 1x1 PNG (the slip). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const shotsDir = resolve(import.meta.dirname, '../docs/screenshots');
async function shots(page: Page, name: string) {
  if (!process.env.CONSOLE_SCREENSHOTS) return;
  for (const width of [1440, 820]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${shotsDir}/console-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A bank transfer with its slip, sent on the member site. */
async function sendDeposit(member: Page, amount: string, reference: string) {
  await member.goto('/member?page=depositv2');
  await member.getByTestId('deposit-amount-input').fill(amount);
  await member.getByTestId('deposit-reference-input').fill(reference);
  await member.getByTestId('deposit-slip-input').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: PNG });
  await member.getByTestId('deposit-submit').click();
  await expect(member.getByTestId('deposit-item').first()).toHaveAttribute('data-status', 'awaiting_approval');
}

async function headerBalance(member: Page, expected: string) {
  await member.getByTestId('header-balance-refresh').click();
  await expect(member.getByTestId('header-balance')).toHaveText(expected);
}

test('24 the cashier desk: finance A approves a deposit with its slip; a large one A asks for waits for finance B; the member sees both', async ({ browser }) => {
  const nameA = uniqueName('fina').toLowerCase();
  const nameB = uniqueName('finb').toLowerCase();
  const financeA = await signInFirstTime(browser, nameA, operatorWithConsolePassword(nameA, 'finance'));
  const financeB = await signInFirstTime(browser, nameB, operatorWithConsolePassword(nameB, 'finance'));

  const member = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await skipNewsPopup(member);
  const username = uniqueName('dsk');
  await registerWithUsername(member, { username, password: 'Lotus2026' });
  await sendDeposit(member, '1000', `SMALL ${username}`);
  await sendDeposit(member, '30000', `LARGE ${username}`);

  // Finance A's queue: both transfers, each with its slip shown as an image the browser decoded.
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการฝากเงิน' }).click();
  await expect(financeA.getByRole('heading', { name: 'รายการฝากเงิน', level: 1 })).toBeVisible();
  await financeA.getByLabel('ค้นหา (สมาชิก เลขอ้างอิง จำนวนเงิน)').fill(username);
  const queue = financeA.getByRole('table', { name: 'รายการฝากเงิน' });
  const small = queue.getByRole('row').filter({ hasText: `SMALL ${username}` });
  const large = queue.getByRole('row').filter({ hasText: `LARGE ${username}` });
  await expect(small).toContainText('฿1,000.00');
  await expect(large).toContainText('฿30,000.00');
  const slip = small.getByRole('img');
  await expect(slip).toBeVisible();
  await expect.poll(() => slip.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await shots(financeA, 'deposits');

  // The small one: approved by A at once.
  await small.getByRole('button', { name: 'อนุมัติ' }).click();
  await financeA.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(financeA.getByRole('status').filter({ hasText: 'เติม ฿1,000.00 แล้ว' })).toBeVisible();
  await headerBalance(member, '฿1,000.00');

  // The large one: above the threshold, A's approval is a request.
  await large.getByRole('button', { name: 'อนุมัติ' }).click();
  const dialog = financeA.getByRole('dialog');
  await dialog.getByRole('textbox').fill('Statement shows 30,000.00 from the member');
  await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
  const requested = financeA.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ });
  await expect(requested).toBeVisible();
  const requestId = /#(\d+)/.exec(await requested.innerText())![1]!;
  await headerBalance(member, '฿1,000.00');

  // A cannot approve their own request.
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รออนุมัติ' }).click();
  const own = financeA.getByRole('row').filter({ has: financeA.getByRole('cell', { name: requestId, exact: true }) });
  await expect(own.getByText('คำขอของคุณ')).toBeVisible();
  await expect(own.getByRole('button', { name: 'อนุมัติ' })).toHaveCount(0);

  // B approves it: the member is credited.
  await financeB.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รออนุมัติ' }).click();
  const request = financeB.getByRole('row').filter({ has: financeB.getByRole('cell', { name: requestId, exact: true }) });
  await expect(request).toContainText('Statement shows 30,000.00 from the member');
  await request.getByRole('button', { name: 'อนุมัติ' }).click();
  await financeB.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(financeB.getByRole('status').filter({ hasText: `อนุมัติคำขอ #${requestId} แล้ว` })).toBeVisible();
  await headerBalance(member, '฿31,000.00');

  // The queue shows who decided each.
  await financeB.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการฝากเงิน' }).click();
  await financeB.getByLabel('สถานะ').selectOption({ label: 'เติมเงินแล้ว' });
  await financeB.getByLabel('ค้นหา (สมาชิก เลขอ้างอิง จำนวนเงิน)').fill(username);
  const credited = financeB.getByRole('table', { name: 'รายการฝากเงิน' });
  await expect(credited.getByRole('row').filter({ hasText: `SMALL ${username}` })).toContainText(nameA);
  await expect(credited.getByRole('row').filter({ hasText: `LARGE ${username}` })).toContainText(nameB);
});
