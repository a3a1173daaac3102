import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { signInFirstTime } from './support/backoffice';
import { operatorWithConsolePassword, ops } from './support/ops';

/**
 * The cashier desk (issue 24, docs/adr/0081), as two finance operators use it: a member sends bank
 * transfers with their slips; finance A sees the slip and approves the small one; the large one A asks
 * for waits for finance B (A cannot approve it); the member's header shows each credit. The member
 * withdraws: A and B (who credited the deposits) cannot pay it out, C does; the member reports it not
 * received with a proof; A asks for the refund, B approves it, the money is back; the day's report
 * (from the ledger) moved by exactly those amounts. With CONSOLE_SCREENSHOTS=1 the queues and the
 * report are saved at 1440 and 820 px.
 */
test.setTimeout(240_000);

const PASSWORD = 'Lotus2026';
const PAYMENT_PASSWORD = '246810';
/** The demo withdrawal settings (apps/server/src/db/seed-data); this spec's deposits carry no turnover. */
const WITHDRAWAL_SETTINGS = { minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, hours: { from: '00:00', to: '24:00' }, autoReceiptMinutes: 30 };
test.beforeEach(() => ops('config', 'set', 'withdrawal', JSON.stringify({ ...WITHDRAWAL_SETTINGS, turnoverMultiple: 0 })));
test.afterEach(() => ops('config', 'set', 'withdrawal', JSON.stringify({ ...WITHDRAWAL_SETTINGS, turnoverMultiple: 1 })));

/** A capital-letter real name nobody else in this run has. */
const uniquePayee = () => `DESK ${Array.from({ length: 6 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;

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
  const nameC = uniqueName('finc').toLowerCase();
  const financeC = await signInFirstTime(browser, nameC, operatorWithConsolePassword(nameC, 'finance'));

  // The day's report before this journey: its figures move by exactly what the journey does.
  const before = await dailyReport(financeA);

  const member = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await skipNewsPopup(member);
  const username = uniqueName('dsk');
  const payee = uniquePayee();
  await registerWithUsername(member, { username, password: PASSWORD });
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

  // The member withdraws 500.00 (real name, payment password and bank account set up once).
  await member.goto('/member?page=withdraw');
  const setup = member.getByTestId('withdraw-setup');
  await setup.getByTestId('setup-login-password').fill(PASSWORD);
  await setup.getByTestId('setup-real-name').fill(payee);
  await setup.getByTestId('setup-pp-new').fill(PAYMENT_PASSWORD);
  await setup.getByTestId('setup-pp-confirm').fill(PAYMENT_PASSWORD);
  await setup.getByTestId('setup-bank').selectOption('KBANK');
  await setup.getByTestId('setup-number').fill('1234567890');
  await setup.getByTestId('setup-submit').click();
  await member.getByTestId('withdraw-amount').fill('500');
  await member.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await member.getByTestId('withdraw-submit').click();
  await expect(member.getByTestId('withdrawal-item').first()).toHaveAttribute('data-status', 'pending');
  await headerBalance(member, '฿30,500.00');

  // A and B credited the member's deposits: the payout is refused for them, and C pays it.
  const payout = async (operator: Page) => {
    await operator.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการถอนเงิน' }).click();
    const row = operator.getByRole('table', { name: 'รายการถอนเงิน' }).getByRole('row').filter({ hasText: payee });
    await expect(row).toContainText('฿500.00');
    await row.getByRole('button', { name: 'จ่ายแล้ว' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
    return row;
  };
  await payout(financeA);
  await expect(financeA.getByRole('dialog').getByRole('alert')).toContainText('คุณเป็นผู้อนุมัติเงินฝากที่ใช้ถอนรายการนี้');
  await financeA.getByRole('dialog').getByRole('button', { name: 'ยกเลิก' }).click();
  await shots(financeA, 'withdrawals');
  await payout(financeB);
  await expect(financeB.getByRole('dialog').getByRole('alert')).toContainText('คุณเป็นผู้อนุมัติเงินฝากที่ใช้ถอนรายการนี้');
  await financeB.getByRole('dialog').getByRole('button', { name: 'ยกเลิก' }).click();
  await payout(financeC);
  await expect(financeC.getByRole('status').filter({ hasText: 'จ่าย ฿500.00' })).toBeVisible();

  // The member says it did not arrive, with a proof.
  await member.reload();
  const item = member.getByTestId('withdrawal-item').first();
  await expect(item).toHaveAttribute('data-status', 'awaiting_confirmation');
  await item.getByTestId('withdrawal-not-received').click();
  await item.getByTestId('nr-proofs').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await item.getByTestId('nr-remark').fill('ยังไม่ได้รับเงินในบัญชี');
  await item.getByTestId('nr-submit').click();
  await expect(item).toHaveAttribute('data-status', 'not_received');

  // A opens the case, looks at the proof and asks for the refund; B approves; the money is back.
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายการถอนเงิน' }).click();
  await financeA.getByLabel('สถานะ').selectOption({ label: 'แจ้งว่าไม่ได้รับ' });
  const report = financeA.getByRole('table', { name: 'รายการถอนเงิน' }).getByRole('row').filter({ hasText: payee });
  await expect(report).toContainText('ยังไม่ได้รับเงินในบัญชี');
  await report.getByRole('button', { name: 'หลักฐาน 1' }).click();
  const proof = report.getByRole('img');
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await report.getByRole('button', { name: 'คืนเงิน' }).click();
  const refund = financeA.getByRole('dialog');
  await refund.getByRole('textbox').fill('The bank returned the transfer');
  await refund.getByRole('button', { name: 'ยืนยัน' }).click();
  const refundRequest = financeA.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ });
  await expect(refundRequest).toBeVisible();
  const refundId = /#(\d+)/.exec(await refundRequest.innerText())![1]!;
  await headerBalance(member, '฿30,500.00');
  await financeB.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รออนุมัติ' }).click();
  await financeB.reload();
  const refundRow = financeB.getByRole('row').filter({ has: financeB.getByRole('cell', { name: refundId, exact: true }) });
  await refundRow.getByRole('button', { name: 'อนุมัติ' }).click();
  await financeB.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(financeB.getByRole('status').filter({ hasText: `อนุมัติคำขอ #${refundId} แล้ว` })).toBeVisible();
  await headerBalance(member, '฿31,000.00');

  // The day's report (from the ledger) moved by exactly what this journey did.
  const after = await dailyReport(financeA, before.day);
  expect(after.deposits).toEqual({ count: before.deposits.count + 2, total: before.deposits.total + 31_000_00 });
  expect(after.payouts).toEqual({ count: before.payouts.count + 1, total: before.payouts.total + 500_00 });
  expect(after.refunds).toEqual({ count: before.refunds.count + 1, total: before.refunds.total + 500_00 });
  expect(after.registrations).toBe(before.registrations + 1);
  expect(after.firstDeposits).toBe(before.firstDeposits + 1);
  await shots(financeA, 'reports');

  // The member's money on the desk (ADR 0085): A asks for a 100.00 credit with a reason, B applies it; the
  // member's balance shows it, and the ledger names B and the reason beside the running balance.
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'สมาชิก' }).click();
  await financeA.getByLabel('ค้นหา', { exact: true }).fill(username);
  await financeA.getByRole('button', { name: 'ค้นหา', exact: true }).click();
  await financeA.getByRole('link', { name: username, exact: true }).click();
  const money = financeA.getByRole('region', { name: 'การเงิน' });
  await expect(money.getByRole('term').filter({ hasText: 'กระเป๋าหลัก' }).locator('xpath=following-sibling::dd[1]')).toHaveText('฿31,000.00');
  const adjustment = money.getByRole('form', { name: 'ปรับยอดด้วยมือ' });
  await adjustment.getByLabel('จำนวนเงิน (บาท)').fill('100');
  await adjustment.getByLabel('เหตุผล').fill('Compensation for the delayed payout');
  await adjustment.getByRole('button', { name: 'ขอปรับยอด' }).click();
  const adjustRequest = money.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ });
  await expect(adjustRequest).toBeVisible();
  const adjustId = /#(\d+)/.exec(await adjustRequest.innerText())![1]!;
  await shots(financeA, 'member-money');
  await headerBalance(member, '฿31,000.00');
  await financeB.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รออนุมัติ' }).click();
  await financeB.reload();
  const adjustRow = financeB.getByRole('row').filter({ has: financeB.getByRole('cell', { name: adjustId, exact: true }) });
  await adjustRow.getByRole('button', { name: 'อนุมัติ' }).click();
  await financeB.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(financeB.getByRole('status').filter({ hasText: `อนุมัติคำขอ #${adjustId} แล้ว` })).toBeVisible();
  await headerBalance(member, '฿31,100.00');
  await financeA.reload();
  const ledgerRow = financeA.getByRole('table', { name: 'บัญชีแยกประเภท' }).getByRole('row').nth(1);
  await expect(ledgerRow).toContainText('ปรับยอด');
  await expect(ledgerRow).toContainText('฿31,100.00');
  await expect(ledgerRow).toContainText('Compensation for the delayed payout');

  // The desk's other pages, as finance sees them: payment channels, vendors and games.
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ช่องทางชำระเงิน' }).click();
  await expect(financeA.getByRole('heading', { level: 1, name: 'ช่องทางชำระเงิน' })).toBeVisible();
  await expect(financeA.getByRole('table').first().getByRole('row').nth(1)).toContainText('฿');
  await shots(financeA, 'channels');
  await financeA.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้ให้บริการเกมและเกม' }).click();
  await expect(financeA.getByRole('heading', { level: 1, name: 'ผู้ให้บริการเกมและเกม' })).toBeVisible();
  await expect(financeA.getByRole('table').first()).toBeVisible();
  await shots(financeA, 'vendors');
});

type ReportFigures = {
  day: string;
  deposits: { count: number; total: number };
  payouts: { count: number; total: number };
  refunds: { count: number; total: number };
  registrations: number;
  firstDeposits: number;
};

/** The daily report page's figures (amounts in satang), for `day` or the page's default (today in Bangkok). */
async function dailyReport(operator: Page, day?: string): Promise<ReportFigures> {
  await operator.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'รายงาน' }).click();
  await expect(operator.getByRole('heading', { name: 'รายงานประจำวัน', level: 1 })).toBeVisible();
  if (day) await operator.getByLabel('วันที่ (กรุงเทพฯ)').fill(day);
  const chosen = await operator.getByLabel('วันที่ (กรุงเทพฯ)').inputValue();
  await expect(operator.getByTestId('report-money')).toBeVisible();
  const pair = async (id: string) => {
    const text = await operator.getByTestId(id).innerText();
    const match = /^(\d+) รายการ · ฿([\d,]+)\.(\d{2})$/.exec(text.trim());
    if (!match) throw new Error(`${id}: ${text}`);
    return { count: Number(match[1]), total: Number(match[2]!.replace(/,/g, '')) * 100 + Number(match[3]) };
  };
  return {
    day: chosen,
    deposits: await pair('report-deposits'),
    payouts: await pair('report-payouts'),
    refunds: await pair('report-refunds'),
    registrations: Number(await operator.getByTestId('report-registrations').innerText()),
    firstDeposits: Number(await operator.getByTestId('report-first-deposits').innerText()),
  };
}
