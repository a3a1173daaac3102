import { expect, test, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { registerWithUsername, skipNewsPopup, uniqueName } from './support/accounts';
import { signInFirstTime } from './support/backoffice';
import { approveAsSecondAdmin, approverToken, ops, resetSite, revealedSecret } from './support/ops';

/**
 * The operator console (issue 12, docs/adr/0043-0046), as operators use it at /backoffice/: an
 * admin signs in with TOTP and creates a support operator; support finds a member and ends their
 * sessions (the member's open page is logged out) and cannot open the operators page (nor call
 * it); an admin starts maintenance, which waits for a second admin's approval, then the member
 * site shows the maintenance page; the audit log lists it all and its chain verifies.
 * With CONSOLE_SCREENSHOTS=1 the pages are saved to docs/screenshots/console-*.png.
 */
test.afterEach(() => resetSite());
test.setTimeout(180_000);

const shotsDir = resolve(import.meta.dirname, '../docs/screenshots');
const shot = async (page: Page, name: string) => {
  if (process.env.CONSOLE_SCREENSHOTS) await page.screenshot({ path: `${shotsDir}/console-${name}.png`, fullPage: true });
};

const supportCreated = (username: string) => `เพิ่ม ${username} แล้ว`;

/**
 * Adds an operator on the Operators page with a reason; answers the number of the four-eyes request
 * the page reports (docs/adr/0080): the new admin itself, or a new operator's one-time password.
 */
async function addOperator(admin: Page, username: string, role: 'ผู้ดูแลสูงสุด' | 'ฝ่ายบริการ'): Promise<string> {
  await admin.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้ดูแลระบบ' }).click();
  await admin.getByLabel('ชื่อผู้ใช้', { exact: true }).fill(username);
  await admin.getByLabel('บทบาท', { exact: true }).selectOption({ label: role });
  await admin.getByLabel('เหตุผล (บันทึกในบันทึกการตรวจสอบ)').fill(`New ${role} operator`);
  await admin.getByRole('button', { name: 'เพิ่ม', exact: true }).click();
  // The page's answer to this submission (an earlier notice may still be on screen until it replaces it).
  const notice = admin.getByRole('status').filter({ hasText: role === 'ผู้ดูแลสูงสุด' ? 'ผู้ดูแลสูงสุดคนใหม่' : supportCreated(username) });
  await expect(notice).toBeVisible();
  return /#(\d+)/.exec(await notice.innerText())![1]!;
}

test('12.CONSOLE admin with TOTP, support revokes a member, four-eyes maintenance, audit chain verifies', async ({ browser }) => {
  // A second admin (the command line's e2e approver) exists before the owner asks for anything.
  approverToken();
  // The owner gets their own one-time console password from the command line (their own: at once).
  const line = ops('operator', 'console-password', 'owner');
  const ownerPassword = /\(shown once\): (\S+)/.exec(line)?.[1];
  expect(ownerPassword).toBeTruthy();
  const admin = await signInFirstTime(browser, 'owner', ownerPassword!);
  await shot(admin, 'dashboard');

  // Another admin: a four-eyes request, approved by the second admin; its console password is a
  // request too, and only its approver sees the password.
  const secondName = uniqueName('adm').toLowerCase();
  const adminRequest = await addOperator(admin, secondName, 'ผู้ดูแลสูงสุด');
  await expect(admin.getByRole('cell', { name: secondName, exact: true })).toHaveCount(0);
  approveAsSecondAdmin(adminRequest);
  await admin.reload();
  const secondRow = admin.getByRole('row').filter({ has: admin.getByRole('cell', { name: secondName, exact: true }) });
  await secondRow.getByRole('button', { name: 'รีเซ็ตข้อมูลเข้าสู่ระบบ' }).click();
  const resetDialog = admin.getByRole('dialog');
  await resetDialog.getByLabel('เหตุผล (บันทึกในบันทึกการตรวจสอบ)').fill('Console access for the new admin');
  await resetDialog.getByRole('button', { name: 'ยืนยัน' }).click();
  const resetNotice = admin.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ });
  await expect(resetNotice).toBeVisible();
  const resetRequest = /#(\d+)/.exec(await resetNotice.innerText())![1]!;
  const secondPassword = revealedSecret(approveAsSecondAdmin(resetRequest), 'temporaryPassword');
  const second = await signInFirstTime(browser, secondName, secondPassword);

  // Support: created at once; their one-time password waits for a second admin, who approves it in
  // the console and sees it there, once.
  const supportName = uniqueName('sup').toLowerCase();
  const supportRequest = await addOperator(admin, supportName, 'ฝ่ายบริการ');
  await expect(admin.getByRole('cell', { name: supportName, exact: true }).first()).toBeVisible();
  await shot(admin, 'operators');
  await second.getByRole('link', { name: 'รออนุมัติ' }).click();
  const credentialsRequest = second.getByRole('row').filter({ hasText: 'รีเซ็ตข้อมูลเข้าสู่ระบบของผู้ดูแล' }).filter({ hasText: `operator:${supportName}` });
  await expect(credentialsRequest).toContainText(supportRequest);
  await credentialsRequest.getByRole('button', { name: 'อนุมัติ' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(second.getByRole('status').filter({ hasText: `อนุมัติคำขอ #${supportRequest} แล้ว` })).toBeVisible();
  const supportPassword = (await second.getByTestId('revealed-temporaryPassword').innerText()).trim();
  expect(supportPassword.length).toBeGreaterThanOrEqual(12);
  await shot(second, 'approvals-revealed');

  // A member, logged in on the member site.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  // The member page's clock is ours to move (its 30-second check runs when we say so).
  await member.clock.install();
  await skipNewsPopup(member);
  const memberName = uniqueName('m');
  await registerWithUsername(member, { username: memberName, password: 'Member-pass-2468' });

  // Support signs in, finds the member and ends their sessions.
  const support = await signInFirstTime(browser, supportName, supportPassword);
  await support.getByRole('link', { name: 'สมาชิก' }).click();
  await shot(support, 'members');
  // The shortcut needs the page's search field on screen (the members page loads on demand).
  const search = support.getByLabel('ค้นหา', { exact: true });
  await expect(search).toBeVisible();
  await support.keyboard.press('/');
  await expect(search).toBeFocused();
  await support.keyboard.type(memberName);
  await support.keyboard.press('Enter');
  await support.getByRole('link', { name: memberName }).click();
  await expect(support.getByRole('heading', { name: new RegExp(memberName) })).toBeVisible();
  await expect(support.getByRole('table', { name: 'เซสชันที่ใช้งานอยู่' }).locator('tbody tr')).toHaveCount(1);
  await support.getByRole('button', { name: 'ออกจากระบบทุกอุปกรณ์' }).click();
  const dialog = support.getByRole('dialog');
  await dialog.getByLabel('เหตุผล (บันทึกในบันทึกการตรวจสอบ)').fill('Member reported a lost phone');
  await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(support.getByRole('status').filter({ hasText: 'ปิดทุกเซสชันแล้ว' })).toBeVisible();
  await expect(support.getByRole('table', { name: 'เซสชันที่ใช้งานอยู่' }).locator('tbody tr')).toHaveCount(0);
  await shot(support, 'member-detail');

  // The member's open page notices at its next 30-second check: logged out.
  await member.clock.fastForward('00:31');
  await expect(member.getByTestId('header-member-bar')).toHaveCount(0);

  // Support has no operators page, and the server refuses the call too.
  await support.goto('/backoffice/operators');
  await expect(support.getByTestId('page-denied')).toBeVisible();
  await expect(support.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'ผู้ดูแลระบบ' })).toHaveCount(0);
  const refused = await support.evaluate(async () => {
    const res = await fetch('/ops/operators', { credentials: 'same-origin' });
    return { status: res.status, body: (await res.json()) as { message: string } };
  });
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: 'ops_permission_denied' }) as unknown });

  // The admin asks for maintenance: nothing changes until a second admin approves.
  await admin.getByRole('link', { name: 'ปิดปรับปรุงระบบ' }).click();
  await admin.getByLabel('ข้อความภาษาไทย').fill('ปิดปรับปรุงระบบชั่วคราว');
  await admin.getByLabel('ข้อความภาษาอังกฤษ').fill('Short maintenance');
  await admin.getByLabel('เหตุผล (บันทึกในบันทึกการตรวจสอบ)').fill('Database upgrade');
  await admin.getByRole('button', { name: 'ส่งคำขอเริ่มปิดปรับปรุง' }).click();
  await expect(admin.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ })).toBeVisible();
  await shot(admin, 'maintenance');
  const visitor = await (await browser.newContext()).newPage();
  await skipNewsPopup(visitor);
  await visitor.goto('/');
  await expect(visitor.getByTestId('home-page')).toBeVisible();
  await expect(visitor.getByTestId('maintenance-page')).toHaveCount(0);

  // The requester sees their own request but cannot approve it.
  await admin.getByRole('link', { name: 'รออนุมัติ' }).click();
  const own = admin.getByRole('row').filter({ hasText: 'เริ่มปิดปรับปรุงระบบ' });
  await expect(own.getByText('คำขอของคุณ')).toBeVisible();
  await expect(own.getByRole('button', { name: 'อนุมัติ' })).toHaveCount(0);

  // The second admin (made before this request, so independent of it) approves it.
  // Already on the approvals page: it shows the new request when loaded again.
  await second.reload();
  const request = second.getByRole('row').filter({ hasText: 'เริ่มปิดปรับปรุงระบบ' });
  await expect(request).toContainText('Database upgrade');
  await shot(second, 'approvals');
  await request.getByRole('button', { name: 'อนุมัติ' }).click();
  await second.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(second.getByRole('status').filter({ hasText: /อนุมัติคำขอ #\d+ แล้ว/ })).toBeVisible();

  await visitor.reload();
  await expect(visitor.getByTestId('maintenance-page')).toBeVisible();
  await expect(visitor.getByTestId('maintenance-page')).toContainText('ปิดปรับปรุงระบบชั่วคราว');

  // The audit log lists these actions, and the chain verifies.
  await admin.getByRole('link', { name: 'บันทึกการตรวจสอบ' }).click();
  const log = admin.getByRole('table', { name: 'บันทึกการตรวจสอบ' });
  for (const action of ['member.sessions.revoke', 'approval.approve', 'operator.create', 'console.sign_in', 'ops.denied']) {
    await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  }
  await admin.getByLabel('รายการ').fill('member.');
  await admin.getByRole('button', { name: 'กรอง' }).click();
  await expect(log.getByRole('cell', { name: 'member.sessions.revoke', exact: true })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'approval.approve', exact: true })).toHaveCount(0);
  await admin.getByRole('button', { name: 'ตรวจสอบความถูกต้องของสายบันทึก' }).click();
  await expect(admin.getByTestId('chain-intact')).toBeVisible();
  await shot(admin, 'audit');

  // Tablet width: the frame still works (navigation above the page).
  await admin.setViewportSize({ width: 820, height: 1100 });
  await expect(admin.getByRole('navigation', { name: 'เมนูหลัก' })).toBeVisible();
  await shot(admin, 'audit-tablet');

  // Sign-out ends the session.
  await admin.getByRole('button', { name: 'ออกจากระบบ' }).click();
  await expect(admin).toHaveURL(/\/backoffice\/sign-in$/);
});
