import { expect, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

// The operator console as operators use it (docs/adr/0043): the first sign-in with a one-time password.

/** The current code of an authenticator app holding this secret. */
export const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/**
 * Signs in at /backoffice/ with a one-time password: the password step, then enrolment (the key
 * shown on the page goes into the "authenticator", which computes the code) and a new password.
 * A desktop window in Thai; the dashboard is the first page.
 */
export async function signInFirstTime(browser: Browser, username: string, oneTimePassword: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await expect(page).toHaveURL(/\/backoffice\/sign-in$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(oneTimePassword);
  await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await expect(page.getByRole('img', { name: 'คิวอาร์โค้ดสำหรับแอปยืนยันตัวตน' })).toBeVisible();
  await page.getByLabel('รหัสยืนยัน').fill(totpCode(secret));
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(`${username}-console-pass`);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(`${username}-console-pass`);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  // The dashboard first: figures read from the database.
  await expect(page.getByRole('heading', { name: 'ภาพรวม', level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure-registrations')).toBeVisible();
  await expect(page.getByTestId('console-operator')).toContainText(username);
  return page;
}
