import { expect, test, type Browser, type Page } from '@playwright/test';
import { createCanvas } from '@napi-rs/canvas';
import { Secret, TOTP } from 'otpauth';
import { resolve } from 'node:path';
import { skipNewsPopup, uniqueName } from './support/accounts';
import { operatorWithConsolePassword, resetSite } from './support/ops';

/**
 * The console's Content pages (issue 12, docs/adr/0053, 0054): an admin schedules a notice with
 * formatted text (bold and a link) and the member site shows it (title in the notice bar, the
 * formatting in the notice modal, a pasted <script> neither present nor run); an admin uploads
 * banner artwork and the member home page shows it with the AVIF/WebP versions.
 * With CONSOLE_SCREENSHOTS=1 the pages are saved to docs/screenshots/console-content-*.png at
 * 1440 px and at a tablet width (820 px).
 */
test.afterEach(() => resetSite());
test.setTimeout(240_000);

const shotsDir = resolve(import.meta.dirname, '../docs/screenshots');
async function shots(page: Page, name: string) {
  if (!process.env.CONSOLE_SCREENSHOTS) return;
  for (const width of [1440, 820]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.screenshot({ path: `${shotsDir}/console-content-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

/** A new admin (command line), signed in at /backoffice/ with enrolment, in Thai. */
async function signInAdmin(browser: Browser): Promise<Page> {
  const username = uniqueName('cadm').toLowerCase();
  const password = operatorWithConsolePassword(username, 'admin');
  expect(password).toBeTruthy();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'th-TH' });
  const page = await context.newPage();
  await page.goto('/backoffice/');
  await page.getByLabel('ชื่อผู้ใช้').fill(username);
  await page.getByLabel('รหัสผ่าน', { exact: true }).fill(password!);
  await page.getByRole('button', { name: 'ดำเนินการต่อ' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  await page.getByLabel('รหัสยืนยัน').fill(totpCode(secret));
  await page.getByLabel('รหัสผ่านใหม่', { exact: true }).fill(`${username}-console-pass`);
  await page.getByLabel('ยืนยันรหัสผ่านใหม่').fill(`${username}-console-pass`);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ' }).click();
  await expect(page.getByRole('heading', { name: 'ภาพรวม', level: 1 })).toBeVisible();
  return page;
}

test('12.CONTENT 2.NOT.01 2.NOT.04 an admin schedules a notice (start and end) with bold text and a link; the member site shows it; a pasted script is gone', async ({ browser }) => {
  const admin = await signInAdmin(browser);
  await admin.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'เนื้อหา' }).click();
  await admin.getByRole('link', { name: 'ประกาศและป๊อปอัป' }).click();
  await expect(admin.getByRole('cell').first()).toBeVisible();
  await admin.getByRole('button', { name: 'เพิ่มประกาศ' }).click();

  const title = `ประกาศทดสอบ ${uniqueName('n')}`;
  await admin.getByLabel('หัวข้อ', { exact: true }).fill(title);
  await admin.getByLabel('ภาษา', { exact: true }).last().selectOption('th');
  const editor = admin.getByTestId('rich-text');
  await editor.click();
  await admin.keyboard.type('สวัสดี ');
  const bold = admin.getByRole('button', { name: 'ตัวหนา' });
  await bold.click();
  // The editor takes the focus back from the toolbar in its next animation frame (TipTap): typing
  // before then went to the button on a loaded machine, so each step waits for it.
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await expect(editor).toBeFocused();
  await admin.keyboard.type('ตัวหนามาก');
  await bold.click();
  // Bold is off before the next words are typed (the toolbar shows the editor's state).
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await expect(editor).toBeFocused();
  await admin.keyboard.type(' promo');
  await expect(editor).toContainText('ตัวหนามาก promo');
  // Select the last word and make it a link (the editor asks for the address).
  for (let i = 0; i < 'promo'.length; i++) await admin.keyboard.press('Shift+ArrowLeft');
  admin.once('dialog', (d) => void d.accept('https://example.com/promo'));
  await admin.getByRole('button', { name: 'ลิงก์' }).click();
  await expect(editor.locator('a[href="https://example.com/promo"]')).toHaveText('promo');
  await editor.click();
  await admin.keyboard.press('End');
  // The editor (ProseMirror) takes the caret of a click from the browser's selectionchange event,
  // after the click: an Enter handled before then replaced the still-selected linked word on a
  // loaded machine. Wait until the editor's own selection is a caret.
  await expect
    .poll(() => editor.evaluate((el) => (el as HTMLElement & { editor?: { state: { selection: { empty: boolean } } } }).editor?.state.selection.empty))
    .toBe(true);
  await admin.keyboard.press('Enter');
  // Paste HTML with a script and an event handler, as from another page.
  await editor.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/html', '<p>วาง<img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>ข้อความ</p>');
    data.setData('text/plain', 'วางข้อความ');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  // The preview shows it as a player will see it, in Thai and in English.
  const preview = admin.getByTestId('player-preview');
  await expect(preview.locator('strong')).toHaveText('ตัวหนามาก');
  await expect(preview.locator('a[href="https://example.com/promo"]')).toHaveText('promo');
  await admin.getByRole('button', { name: 'English' }).click();
  await expect(preview).toContainText('news');
  await admin.getByRole('button', { name: 'ไทย' }).click();
  // Scheduled: from a few minutes ago until tomorrow, in Bangkok time (UTC+7) as the form asks.
  const bangkok = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 16);
  await admin.getByLabel('แสดงตั้งแต่ (เวลากรุงเทพฯ)').fill(bangkok(Date.now() - 5 * 60_000));
  await admin.getByLabel('แสดงถึง (เวลากรุงเทพฯ)').fill(bangkok(Date.now() + 24 * 3_600_000));
  await shots(admin, 'notice-editor');

  await admin.getByRole('button', { name: 'บันทึก', exact: true }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText('บันทึกการเปลี่ยนแปลงนี้?');
  await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'บันทึกแล้ว' })).toBeVisible();
  await expect(admin.getByRole('cell', { name: title, exact: true })).toBeVisible();
  // The list shows its window, not "always".
  await expect(admin.getByRole('row').filter({ hasText: title })).not.toContainText('ตลอดเวลา');
  await shots(admin, 'notices');

  // The member site: the title in the notice bar, the formatting in the notice modal, no script.
  const memberContext = await browser.newContext({ locale: 'th-TH' });
  const member = await memberContext.newPage();
  await skipNewsPopup(member);
  await member.goto('/');
  const bar = member.getByTestId('notice-bar');
  await expect(bar).toBeVisible();
  await bar.hover();
  const item = bar.getByRole('button', { name: title });
  await expect(item).toBeVisible();
  await item.click();
  const modal = member.getByTestId('notice-modal');
  await expect(modal.getByTestId('notice-active-title')).toHaveText(title);
  await expect(modal.locator('strong', { hasText: 'ตัวหนามาก' })).toBeVisible();
  await expect(modal.locator('a[href="https://example.com/promo"]')).toHaveText('promo');
  await expect(modal.locator('script')).toHaveCount(0);
  await expect(modal.locator('[onerror]')).toHaveCount(0);
  expect(await member.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  // What the server stored holds neither the script nor the handler.
  const stored = await admin.evaluate(async (t) => {
    const res = await fetch('/ops/notices', { credentials: 'same-origin' });
    const rows = ((await res.json()) as { value: { title: string; content: string }[] }).value;
    return rows.find((r) => r.title === t)?.content ?? '';
  }, title);
  expect(stored).toContain('<strong>ตัวหนามาก</strong>');
  expect(stored).not.toMatch(/script|onerror|__pwned/);
  await memberContext.close();
  // Removed again (confirmed), so the other specs see the site's own content.
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'ลบ' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(admin.getByRole('table').getByText(title, { exact: true })).toHaveCount(0);

  // The audit log lists the notice's creation and removal, and the chain still verifies.
  await admin.getByRole('navigation', { name: 'เมนูหลัก' }).getByRole('link', { name: 'บันทึกการตรวจสอบ' }).click();
  await admin.getByLabel('รายการ').fill('notices.');
  await admin.getByRole('button', { name: 'กรอง' }).click();
  const log = admin.getByRole('table', { name: 'บันทึกการตรวจสอบ' });
  await expect(log.getByRole('cell', { name: 'notices.add', exact: true }).first()).toBeVisible();
  await expect(log.getByRole('cell', { name: 'notices.remove', exact: true }).first()).toBeVisible();
  await admin.getByRole('button', { name: 'ตรวจสอบความถูกต้องของสายบันทึก' }).click();
  await expect(admin.getByTestId('chain-intact')).toBeVisible();
});

test('12.CONTENT 2.BAN.05 an admin uploads banner artwork; the member home page shows it with AVIF/WebP versions', async ({ browser }) => {
  const admin = await signInAdmin(browser);
  await admin.goto('/backoffice/content/banners');
  await expect(admin.getByRole('heading', { name: 'เนื้อหา', level: 1 })).toBeVisible();
  await expect(admin.getByRole('cell').first()).toBeVisible();
  await admin.getByRole('button', { name: 'เพิ่มแบนเนอร์' }).click();

  // A 4:1 png drawn here, uploaded through the file field.
  const canvas = createCanvas(1200, 300);
  const g = canvas.getContext('2d');
  g.fillStyle = '#5b2bbf';
  g.fillRect(0, 0, 1200, 300);
  g.fillStyle = '#ffd54a';
  g.fillRect(80, 90, 500, 120);
  const png = await canvas.encode('png');
  await admin.getByLabel('อัปโหลดรูปภาพ').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(admin.getByRole('status').filter({ hasText: 'อัปโหลดรูปภาพแล้ว (1200 × 300 พิกเซล)' })).toBeVisible({ timeout: 60_000 });

  // A page's HTML with a .png name is refused by content.
  await admin.getByLabel('อัปโหลดรูปภาพ').setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(admin.getByRole('alert').filter({ hasText: 'รับเฉพาะรูปภาพ png, jpg, webp หรือ avif เท่านั้น' })).toBeVisible();

  const title = `แบนเนอร์ ${uniqueName('b')}`;
  await admin.getByLabel('หัวข้อ', { exact: true }).fill(title);
  await admin.getByLabel('ประเภทลิงก์').selectOption('INTERNAL');
  await admin.getByLabel('ลิงก์', { exact: true }).fill('/promotions');
  await admin.getByLabel('ลำดับ (น้อยแสดงก่อน)').fill('0');
  await shots(admin, 'banner-editor');
  await admin.getByRole('button', { name: 'บันทึก', exact: true }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  // The new row: its artwork (served to the console by the operator API) and its title.
  await expect(admin.getByRole('table').getByText(title, { exact: true })).toBeVisible();
  await expect(admin.getByRole('table').getByRole('img', { name: title })).toHaveJSProperty('complete', true);
  await shots(admin, 'banners');

  // The member home page: the uploaded banner in the carousel with its AVIF/WebP srcset.
  const memberContext = await browser.newContext({ locale: 'th-TH', viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  await skipNewsPopup(member);
  await member.goto('/');
  const carousel = member.getByTestId('banner-carousel');
  await expect(carousel).toBeVisible();
  const source = carousel.locator('source[type="image/avif"][srcset*="/media/uploads/"]').first();
  await expect(source).toBeAttached();
  const first = /(\/media\/uploads\/\S+) 960w/.exec((await source.getAttribute('srcset')) ?? '')?.[1];
  expect(first).toBeTruthy();
  const served = await member.request.get(first!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/avif');
  expect(served.headers()['cache-control']).toContain('immutable');
  await memberContext.close();
  // Removed again (confirmed), so the other specs see the site's own content.
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: 'ลบ' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'ยืนยัน' }).click();
  await expect(admin.getByRole('table').getByText(title, { exact: true })).toHaveCount(0);

  // The help-centre page of the console, for the screenshots.
  await admin.getByRole('link', { name: 'ศูนย์ช่วยเหลือ' }).click();
  await expect(admin.getByRole('cell').first()).toBeVisible();
  await admin.getByRole('button', { name: 'แก้ไข' }).first().click();
  await expect(admin.getByTestId('player-preview')).toBeVisible();
  await shots(admin, 'help');
});
