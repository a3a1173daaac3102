import { expect, test, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { resolve } from 'node:path';
import { skipNewsPopup } from './support/accounts';
import { approveAsSecondAdmin, approverToken, ops, resetSite } from './support/ops';

/**
 * The console's site configuration and support pages (issue 12, docs/adr/0055, 0056): an admin
 * makes the real name required at registration (the live preview shows it at once, the member
 * site's form after saving), switches a flag, requests a region rule (four-eyes: approved by a
 * second admin from the command line), and reads a player's feedback on the Support page.
 * With CONSOLE_SCREENSHOTS=1 the pages are saved to docs/screenshots/console-*.png at 1440 px and
 * 820 px (tablet).
 */
test.setTimeout(180_000);
let savedRegister: string | null = null;
let savedFlags: string | null = null;
test.beforeEach(() => {
  savedRegister = ops('config', 'get', 'register');
  savedFlags = ops('config', 'get', 'whitelabel');
});
test.afterEach(() => {
  if (savedRegister) ops('config', 'set', 'register', savedRegister);
  if (savedFlags) ops('config', 'set', 'whitelabel', savedFlags);
  resetSite();
});

const shotsDir = resolve(import.meta.dirname, '../docs/screenshots');
async function shots(page: Page, name: string) {
  if (!process.env.CONSOLE_SCREENSHOTS) return;
  await page.screenshot({ path: `${shotsDir}/console-${name}.png`, fullPage: true });
  await page.setViewportSize({ width: 820, height: 1100 });
  await page.screenshot({ path: `${shotsDir}/console-${name}-tablet.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** The bootstrap admin signs in with a fresh one-time password (enrolment of TOTP, new password). */
async function signInOwner(browser: Browser): Promise<Page> {
  const oneTime = /\(shown once\): (\S+)/.exec(ops('operator', 'console-password', 'owner'))?.[1];
  expect(oneTime).toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await page.getByLabel('ชื่อผู้ใช้').fill('owner');
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(oneTime!);
  await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('รหัสยืนยัน').fill(totpCode(secret));
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill('owner-console-pass-site');
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill('owner-console-pass-site');
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page.getByRole('heading', { name: 'ภาพรวม', level: 1 })).toBeVisible();
  return page;
}

async function confirm(page: Page, note?: string) {
  const dialog = page.getByRole('dialog');
  if (note) await dialog.getByRole('textbox').fill(note);
  await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
}

test('12.CONSOLE site configuration: registration rule with live preview, flag, four-eyes region rule, feedback', async ({ browser, request }) => {
  // The second admin who approves the region rule exists before the owner asks (docs/adr/0080).
  approverToken();
  const admin = await signInOwner(browser);
  await admin.getByRole('link', { name: 'ตั้งค่าเว็บไซต์' }).click();
  await expect(admin.getByRole('heading', { name: 'ตั้งค่าเว็บไซต์', level: 1 })).toBeVisible();

  // Flags: each with its meaning; switching FREEPLAY3 off reaches the member site's flags call.
  const freePlay = admin.getByRole('switch', { name: /FREEPLAY3/ });
  await expect(freePlay).toBeChecked();
  await expect(admin.getByText('มีปุ่มและบริการทดลองเล่น (บัญชีทดลอง)')).toBeVisible();
  await shots(admin, 'site-flags');
  await freePlay.uncheck();
  await admin.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
  await confirm(admin);
  await expect(admin.getByRole('status').filter({ hasText: 'บันทึกแล้ว' })).toBeVisible();
  const flags = (await (await request.get('/wps/system/whitelabel')).json()) as { value: Record<string, boolean> };
  expect(flags.value.FREEPLAY3).toBe(false);

  // Registration rules: the preview follows the draft before anything is saved.
  await admin.getByRole('tab', { name: 'กฎการสมัครสมาชิก' }).click();
  const preview = admin.getByTestId('register-preview');
  await expect(preview.getByRole('tab', { name: 'ชื่อผู้ใช้' })).toBeVisible();
  await preview.getByRole('tab', { name: 'ชื่อผู้ใช้' }).click();
  // The real name starts optional: inside the collapsed "more details".
  await expect(preview.locator('details').getByLabel('ชื่อจริง')).toHaveCount(1);
  await admin.getByLabel('บังคับ: ชื่อจริง').check();
  await expect(preview.locator('details').getByLabel('ชื่อจริง')).toHaveCount(0);
  const realName = preview.getByLabel(/ชื่อจริง/);
  await realName.fill('somchai');
  await expect(preview.getByText('ต้องเป็น: ตัวพิมพ์ใหญ่ คั่นคำด้วยช่องว่างหนึ่งช่อง')).toBeVisible();
  await realName.fill('SOMCHAI JAIDEE');
  await expect(preview.getByText('ต้องเป็น: ตัวพิมพ์ใหญ่ คั่นคำด้วยช่องว่างหนึ่งช่อง')).toHaveCount(0);
  // Minimum above maximum cannot be saved.
  await admin.getByLabel('ต่ำสุด: ชื่อจริง').fill('90');
  await expect(admin.getByText('ความยาวต่ำสุดต้องไม่มากกว่าสูงสุด')).toBeVisible();
  await expect(admin.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' })).toBeDisabled();
  await admin.getByLabel('ต่ำสุด: ชื่อจริง').fill('2');
  await shots(admin, 'site-register');
  await admin.getByRole('button', { name: 'บันทึกการเปลี่ยนแปลง' }).click();
  await confirm(admin, 'Withdrawals need the bank name');
  await expect(admin.getByRole('status').filter({ hasText: 'บันทึกแล้ว' })).toBeVisible();
  await expect(admin.getByRole('dialog')).toBeHidden();

  // The member site's registration form now asks the real name among the required fields.
  const member = await browser.newPage();
  await skipNewsPopup(member);
  await member.goto('/register');
  await member.getByTestId('register-tabs').getByRole('tab', { name: 'ชื่อผู้ใช้' }).click();
  await expect(member.getByTestId('register-input-payeeName')).toBeVisible();

  // Region rules: a request that a second admin approves (here from the command line).
  await admin.getByRole('tab', { name: 'กฎภูมิภาค' }).click();
  await admin.getByLabel('ประเทศที่บล็อก (รหัส ISO เช่น KP SG)').fill('KP ZZ');
  await admin.getByRole('button', { name: 'ส่งคำขอเปลี่ยนแปลง' }).click();
  await confirm(admin, 'Sanctions list update');
  // ZZ is no country: refused with the field's message, nothing requested.
  await expect(admin.getByTestId('field-errors')).toContainText('ไม่ใช่รหัสประเทศที่รู้จัก');
  await admin.getByLabel('ประเทศที่บล็อก (รหัส ISO เช่น KP SG)').fill('KP');
  await admin.getByRole('button', { name: 'ส่งคำขอเปลี่ยนแปลง' }).click();
  await confirm(admin, 'Sanctions list update');
  const requested = admin.getByRole('status').filter({ hasText: /ส่งคำขอ #\d+ แล้ว/ });
  await expect(requested).toBeVisible();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await shots(admin, 'site-region');
  const id = /#(\d+)/.exec(await requested.innerText())?.[1];
  const pending = JSON.parse(ops('config', 'get', 'region')) as { blockedCountries: string[] };
  expect(pending.blockedCountries).not.toContain('KP');
  // The same request from the command line: the requester cannot approve it; a second admin can.
  approveAsSecondAdmin(id!);
  expect((JSON.parse(ops('config', 'get', 'region')) as { blockedCountries: string[] }).blockedCountries).toContain('KP');

  // Domains and customer-service tabs render their documents.
  await admin.getByRole('tab', { name: 'โดเมนและเราเตอร์' }).click();
  await expect(admin.getByLabel(/เราเตอร์สำหรับเดสก์ท็อป/)).toBeVisible();
  await shots(admin, 'site-domains');
  // Member uploads: the seeded daily allowance (20 MB) from the server, in whole MB.
  await admin.getByRole('tab', { name: 'การอัปโหลดของสมาชิก' }).click();
  await expect(admin.getByLabel('โควตาต่อวันต่อสมาชิก (MB)')).toHaveValue('20');
  await shots(admin, 'site-uploads');
  await admin.getByRole('tab', { name: 'ฝ่ายบริการลูกค้า' }).click();
  await expect(admin.getByRole('button', { name: 'เพิ่มช่องทาง' })).toBeVisible();
  await shots(admin, 'site-cs');

  // Support: a player's feedback from the member site.
  const left = await request.put('/wps/feedback', { data: { content: 'ระบบฝากเงินช้ามากคืนนี้', type: 'COMPLAINT' } });
  expect(left.ok()).toBe(true);
  await admin.getByRole('link', { name: 'ฝ่ายสนับสนุน' }).click();
  await expect(admin.getByTestId('feedback-table')).toContainText('ระบบฝากเงินช้ามากคืนนี้');
  await shots(admin, 'support-feedback');
  await admin.getByRole('tab', { name: 'กล่องขาออกอีเมล' }).click();
  await expect(admin.getByRole('searchbox')).toBeVisible();
  await shots(admin, 'support-mail');
});
