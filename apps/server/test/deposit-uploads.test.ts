import type { TDeposit } from '@lotus/contracts/cashier';
import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankDeposit, createChannel, depositsOf, PNG_1X1 } from './deposit-helpers';
import { createMember } from './factories';
import { body, useTestApp } from './helper';

/**
 * Cashier: slip images of bank transfers. png or jpg by content (5.UPL.02 as the model), at most
 * 5 MB (5.UPL.03), at most 3 per deposit (5.UPL.04); a refused upload stores nothing; a slip is
 * served only to its member and to operators.
 */
const t = useTestApp();
let bank: string;
beforeAll(async () => {
  bank = await createChannel(t, { kind: 'bank_transfer' });
});

const b64 = (bytes: Buffer) => bytes.toString('base64');
// A real JPEG (slips are decoded before they are stored, issue 23 #4).
const JPEG = createCanvas(8, 8).encodeSync('jpeg', 80);

describe('slip images', () => {
  it('5.UPL.02 a png or jpg slip is stored with the deposit and served to its member and operators only', async () => {
    const m = await createMember(t);
    const res = await bankDeposit(m.c, bank, '1000', { slipImage: `data:image/png;base64,${b64(PNG_1X1)}` });
    expect(res.statusCode).toBe(200);
    const deposit = body<{ deposit: TDeposit }>(res).value.deposit;
    expect(deposit.slips).toHaveLength(1);
    const slip = deposit.slips[0]!;
    const own = await m.c.get(slip.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(PNG_1X1)).toBe(true);
    const stranger = await createMember(t);
    expect((await stranger.c.get(slip.url)).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: slip.url })).statusCode).toBe(401);
    const ops = await t.ops('GET', `/ops/deposits/${deposit.id}/slips/${slip.id}`);
    expect(ops.statusCode).toBe(200);
    expect(ops.rawPayload.equals(PNG_1X1)).toBe(true);
    const jpeg = await m.c.inject({ method: 'POST', url: `/wps/cashier/deposits/${deposit.id}/slips`, payload: { image: b64(JPEG) } });
    expect(body<TDeposit>(jpeg).value.slips).toHaveLength(2);
  });

  it('5.UPL.02 a file of the wrong type by content is refused (whatever it claims) and nothing is stored', async () => {
    const m = await createMember(t);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const image of [`data:image/png;base64,${b64(gif)}`, `data:image/jpeg;base64,${b64(svg)}`, 'not-an-image']) {
      const res = await bankDeposit(m.c, bank, '1000', { slipImage: image });
      expect(res.statusCode).toBe(415);
      expect(body(res).message).toBe('upload_type_invalid');
    }
    expect((await depositsOf(m.c)).total).toBe(0);
  });

  it('5.UPL.03 a slip over 5 MB is refused and nothing is stored; a body past the route limit too', async () => {
    const m = await createMember(t);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG_1X1.copy(big);
    const res = await bankDeposit(m.c, bank, '1000', { slipImage: b64(big) });
    expect(res.statusCode).toBe(413);
    expect(body(res).message).toBe('upload_too_large');
    const huge = await bankDeposit(m.c, bank, '1000', { slipImage: b64(Buffer.alloc(6 * 1024 * 1024)) });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).message).toBe('payload_too_large');
    expect((await depositsOf(m.c)).total).toBe(0);
    // Exactly 5 MB is accepted.
    const max = Buffer.alloc(5 * 1024 * 1024);
    PNG_1X1.copy(max);
    expect((await bankDeposit(m.c, bank, '1000', { slipImage: b64(max) })).statusCode).toBe(200);
  });

  it('5.UPL.04 at most 3 slips per deposit; the 4th is refused and not stored; none once decided', async () => {
    const m = await createMember(t);
    const id = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '1000', { slipImage: b64(PNG_1X1) })).value.deposit.id;
    const add = () => m.c.inject({ method: 'POST', url: `/wps/cashier/deposits/${id}/slips`, payload: { image: b64(PNG_1X1) } });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    const fourth = await add();
    expect(fourth.statusCode).toBe(400);
    expect(body(fourth).message).toBe('upload_too_many');
    expect((await depositsOf(m.c)).items[0]!.slips).toHaveLength(3);
    // A wrong type on the separate upload call is refused the same way.
    const id2 = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '1000', { slipImage: undefined })).value.deposit.id;
    const bad = await m.c.inject({ method: 'POST', url: `/wps/cashier/deposits/${id2}/slips`, payload: { image: b64(Buffer.from('%PDF-1.7')) } });
    expect(body(bad).message).toBe('upload_type_invalid');
    await t.ops('POST', `/ops/deposits/${id2}/reject`, { reason: 'Duplicate' });
    const late = await m.c.inject({ method: 'POST', url: `/wps/cashier/deposits/${id2}/slips`, payload: { image: b64(PNG_1X1) } });
    expect(body(late).message).toBe('deposit_already_decided');
    const items = (await depositsOf(m.c)).items;
    expect(items.find((d) => d.id === id2)!.slips).toHaveLength(0);
  });
});
