import type { TDeposit } from '@lotus/contracts/cashier';
import type { TOpsWithdrawalRow, TWithdrawal } from '@lotus/contracts/withdrawal';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankDeposit, createChannel, depositsOf, PNG_1X1 } from './deposit-helpers';
import { createMember } from './factories';
import { body, createClock, useTestApp, type TestClient } from './helper';
import { corruptBody, drawnImage, grayPng, padded, truncatedJpeg } from './image-fixtures';
import { cashierMember, receipt, requestWithdrawal } from './withdrawal-helpers';

/**
 * Issue 23 #4: uploads that cannot fill the database. One free account could store about 30 GB of
 * slips a day. Now: at most 3 open deposits a member, a daily byte allowance a member for slips and
 * not-received proofs together (20 MB by default, site configuration `uploads`), and every slip,
 * proof and banner is judged by the size its header announces (above 8,000 px refused before any
 * decode) and then decoded in full (a valid signature with a corrupt body is refused).
 */
// 10:00 in Bangkok on a Monday (withdrawals are open); time moves only when a test moves it.
const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) });
const t = useTestApp({ clock });
let bank: string;
beforeAll(async () => {
  bank = await createChannel(t, { kind: 'bank_transfer' });
});
beforeEach(() => t.resetConfig());

const MB = 1024 * 1024;
const b64 = (bytes: Buffer) => bytes.toString('base64');
const addSlip = (c: TestClient, id: string, image: Buffer) =>
  c.inject({ method: 'POST', url: `/wps/cashier/deposits/${id}/slips`, payload: { image: b64(image) } });
const depositId = (res: Awaited<ReturnType<typeof bankDeposit>>) => body<{ deposit: TDeposit }>(res).value.deposit.id;

/** A member whose withdrawal was paid out: it may now say "not received" with proofs. */
async function paidOut() {
  const m = await cashierMember(t);
  const requested = await requestWithdrawal(m, { amount: '200.00' });
  if (!requested.success) throw new Error(`request failed: ${requested.message}`);
  const w: TWithdrawal = requested.value;
  const res = await t.ops('POST', `/ops/withdrawals/${w.id}/pay`);
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.body}`);
  return { m, w };
}
const withdrawalRow = async (memberId: number) =>
  body<TOpsWithdrawalRow[]>(await t.ops('GET', `/ops/withdrawals?memberId=${memberId}`)).value[0]!;

describe('issue 23 #4 open deposits are bounded', () => {
  it('issue 23 #4 a 4th open deposit is refused with deposit_pending_too_many; once one is decided another is accepted', async () => {
    const m = await createMember(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await bankDeposit(m.c, bank, '1000', { slipImage: b64(PNG_1X1) });
      expect(res.statusCode).toBe(200);
      ids.push(depositId(res));
    }
    const fourth = await bankDeposit(m.c, bank, '1000', { slipImage: b64(PNG_1X1) });
    expect(fourth.statusCode).toBe(409);
    expect(body(fourth).message).toBe('deposit_pending_too_many');
    expect((await depositsOf(m.c)).total).toBe(3);

    await t.ops('POST', `/ops/deposits/${ids[0]}/reject`, { reason: 'Duplicate' });
    expect((await bankDeposit(m.c, bank, '1000', { slipImage: undefined })).statusCode).toBe(200);
  });

  it('issue 23 #4 a parallel burst of 10 deposits opens at most 3', async () => {
    const m = await createMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bankDeposit(m.c, bank, '1000', { slipImage: undefined })));
    const opened = answers.filter((r) => r.statusCode === 200);
    expect(opened).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(body(r).message).toBe('deposit_pending_too_many');
    expect((await depositsOf(m.c)).total).toBe(3);
  });
});

describe('issue 23 #4 a daily byte allowance per member', () => {
  it('issue 23 #4 the allowance is 20 MB a member a day by default (site configuration uploads.dailyBytesPerMember)', async () => {
    expect((await t.app.services.config.get('uploads')).dailyBytesPerMember).toBe(20 * MB);
  });

  it('issue 23 #4 slips and not-received proofs share the allowance; past it upload_daily_limit and nothing is stored; the next day it restarts', async () => {
    // A small allowance keeps the test light: 1 MB.
    await t.setConfig('uploads', () => ({ dailyBytesPerMember: 1 * MB }));
    const { m, w } = await paidOut();
    const slip = padded(PNG_1X1, 300 * 1024);
    // 900 KB of slips on one deposit.
    const first = depositId(await bankDeposit(m.c, bank, '1000', { slipImage: b64(slip) }));
    expect((await addSlip(m.c, first, slip)).statusCode).toBe(200);
    expect((await addSlip(m.c, first, slip)).statusCode).toBe(200);

    // Past 1 MB: a new deposit with a further slip is not even opened ...
    const second = await bankDeposit(m.c, bank, '1000', { slipImage: b64(slip) });
    expect(second.statusCode).toBe(429);
    expect(body(second).message).toBe('upload_daily_limit');
    expect((await depositsOf(m.c)).total).toBe(1);
    // ... what still fits is accepted (900 KB + 100 KB) ...
    const open = depositId(await bankDeposit(m.c, bank, '1000', { slipImage: undefined }));
    expect((await addSlip(m.c, open, padded(PNG_1X1, 100 * 1024))).statusCode).toBe(200);
    // ... and a not-received proof of the same member is refused: the withdrawal still waits for its answer.
    const proof = await receipt(m, w.id, { received: false, remark: 'Nothing arrived', proofs: [{ data: b64(slip) }] });
    expect(proof.status).toBe(429);
    expect(proof.message).toBe('upload_daily_limit');
    expect(await withdrawalRow(m.id)).toMatchObject({ status: 'awaiting_confirmation', proofs: [] });

    // A new Bangkok day (10:00 -> 00:01 the next day), a new allowance.
    clock.advance(14 * 60 * 60_000 + 60_000);
    await m.c.loginOk(m.username, m.password);
    expect((await addSlip(m.c, open, slip)).statusCode).toBe(200);
  });

  it('issue 23 #4 parallel slip uploads cannot pass the allowance together', async () => {
    await t.setConfig('uploads', () => ({ dailyBytesPerMember: 2 * MB }));
    const m = await createMember(t);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(depositId(await bankDeposit(m.c, bank, '1000', { slipImage: undefined })));
    const slip = padded(PNG_1X1, 300 * 1024);
    // Nine slips of 300 KB (three a deposit, the per-deposit maximum): 2 MB admits six.
    const answers = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => addSlip(m.c, id, slip))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(6);
    for (const r of answers.filter((x) => x.statusCode !== 200)) expect(body(r).message).toBe('upload_daily_limit');
    const stored = (await depositsOf(m.c)).items.reduce((n, d) => n + d.slips.length, 0);
    expect(stored).toBe(6);
  });
});

describe('issue 23 #4 images are judged by their header, then decoded in full', () => {
  it('issue 23 #4 a slip, a proof and a banner with valid magic bytes but a corrupt body are refused (image_corrupt, banner_image_type_invalid in the console); nothing stored', async () => {
    const png = await drawnImage('png');
    const jpeg = await drawnImage('jpeg');
    const m = await createMember(t);
    for (const bad of [corruptBody(png), truncatedJpeg(jpeg)]) {
      const res = await bankDeposit(m.c, bank, '1000', { slipImage: b64(bad) });
      expect(res.statusCode).toBe(415);
      expect(body(res).message).toBe('image_corrupt');
    }
    expect((await depositsOf(m.c)).total).toBe(0);

    const { m: payee, w } = await paidOut();
    const proof = await receipt(payee, w.id, { received: false, proofs: [{ data: b64(png) }, { data: b64(corruptBody(png)) }] });
    expect(proof).toMatchObject({ status: 415, message: 'image_corrupt', fields: { 'proofs.1': 'image_corrupt' } });
    expect(await withdrawalRow(payee.id)).toMatchObject({ status: 'awaiting_confirmation', proofs: [] });

    const before = await t.app.services.content.countImages();
    const banner = await t.ops('POST', '/ops/content/images', { image: `data:image/png;base64,${b64(corruptBody(await drawnImage('png', 800, 200)))}` });
    // The console keeps its key for a banner that does not decode (docs/adr/0054).
    expect(banner.statusCode).toBe(415);
    expect(body(banner).message).toBe('banner_image_type_invalid');
    expect(await t.app.services.content.countImages()).toBe(before);
  });

  it('issue 23 #4 a 9,000 px PNG header is refused before any decode (image_dimensions_too_large): slips, proofs and banners', async () => {
    // The body is not image data at all: had it been decoded, the answer would be image_corrupt.
    const wide = grayPng(9000, 10, { idat: Buffer.from('not deflate data') });
    const tall = grayPng(10, 9000, { idat: Buffer.from('not deflate data') });
    const m = await createMember(t);
    for (const image of [wide, tall]) {
      const res = await bankDeposit(m.c, bank, '1000', { slipImage: b64(image) });
      expect(res.statusCode).toBe(413);
      expect(body(res).message).toBe('image_dimensions_too_large');
    }
    expect((await depositsOf(m.c)).total).toBe(0);

    const { m: payee, w } = await paidOut();
    const proof = await receipt(payee, w.id, { received: false, proofs: [{ data: b64(wide) }] });
    expect(proof).toMatchObject({ status: 413, message: 'image_dimensions_too_large', fields: { 'proofs.0': 'image_dimensions_too_large' } });

    const banner = await t.ops('POST', '/ops/content/images', { image: `data:image/png;base64,${b64(wide)}` });
    expect(banner.statusCode).toBe(413);
    expect(body(banner).message).toBe('image_dimensions_too_large');
  });

  it('issue 23 #4 a decompression bomb (a valid 7,999 x 7,999 PNG of under 10 KB, 256 MB once decoded) is refused', async () => {
    const bomb = grayPng(7999, 7999);
    expect(bomb.length).toBeLessThan(10 * 1024);
    const m = await createMember(t);
    const res = await bankDeposit(m.c, bank, '1000', { slipImage: b64(bomb) });
    expect(body(res).message).toBe('image_dimensions_too_large');
    const banner = await t.ops('POST', '/ops/content/images', { image: `data:image/png;base64,${b64(bomb)}` });
    expect(body(banner).message).toBe('image_dimensions_too_large');
    // A real picture well inside the bounds is accepted.
    expect((await bankDeposit(m.c, bank, '1000', { slipImage: b64(await drawnImage('jpeg', 1200, 2600)) })).statusCode).toBe(200);
  });
});
