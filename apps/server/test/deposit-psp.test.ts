import type { TDeposit } from '@lotus/contracts/cashier';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPspRepository } from '../src/modules/deposit/psp/sandbox-psp.repository';
import { balanceOf, createChannel, depositsOf, messagesOf } from './deposit-helpers';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';

/**
 * Cashier: deposits through the sandbox PSP (2.MC.04): the hosted payment page, the signed
 * server-to-server callback sent through the outbox, credited exactly once; replayed, forged,
 * stale and conflicting callbacks (docs/adr/0027).
 */
const clock = createClock({ frozen: Date.now() });
const t = useTestApp({ clock });
let psp: string;

beforeAll(async () => {
  psp = await createChannel(t, { kind: 'psp', adapter: 'sandbox', nameEn: 'PromptPay (sandbox)' });
});

const sandbox = () => t.app.services.deposit.sandbox!;
const CALLBACK = '/wps/cashier/psp/sandbox/callback';

async function pspDeposit(m: Member, amount: string, lang: 'th' | 'en' = 'en') {
  const res = await m.c.inject({ method: 'POST', url: '/wps/cashier/deposits', payload: { channel: psp, amount, lang } });
  const v = body<{ deposit: TDeposit; paymentUrl: string }>(res).value;
  const ref = /^\/sandbox\/psp\/pay\/(SBX-[A-Za-z0-9_-]+)\?lang=(th|en)(&return=[^&]+)?$/.exec(v.paymentUrl)?.[1];
  if (!ref) throw new Error(`no payment page: ${res.body}`);
  return { deposit: v.deposit, url: v.paymentUrl, ref };
}

const press = (ref: string, action: 'pay' | 'fail') =>
  t.inject({
    method: 'POST',
    url: `/sandbox/psp/pay/${ref}?lang=en`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });

/** The callback of a completed sandbox payment, signed at `at` (default now). */
async function signedCallback(ref: string, change: (body: Record<string, unknown>) => Record<string, unknown> = (b) => b, at?: number) {
  const row = await sandbox().find(ref);
  const raw = JSON.stringify(change(JSON.parse(sandbox().callbackBody(row)) as Record<string, unknown>));
  return { raw, headers: await sandbox().signedHeaders(raw, at) };
}

describe('deposits through the sandbox PSP', () => {
  it('2.MC.04 the hosted page shows the amount with Pay and Fail, in Thai or English', async () => {
    const m = await createMember(t);
    const { url, deposit, ref } = await pspDeposit(m, '1000');
    expect(deposit).toMatchObject({ status: 'pending', kind: 'psp', amount: '1000.00', channelName: { en: 'PromptPay (sandbox)' } });
    const en = await t.inject({ method: 'GET', url });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^text\/html/);
    expect(en.body).toContain('THB 1,000.00');
    expect(en.body).toMatch(/<button[^>]*value="pay">Pay<\/button>/);
    expect(en.body).toMatch(/<button[^>]*value="fail">Fail<\/button>/);
    const th = await t.inject({ method: 'GET', url: `/sandbox/psp/pay/${ref}?lang=th` });
    expect(th.body).toContain('ชำระเงิน');
    expect((await t.inject({ method: 'GET', url: '/sandbox/psp/pay/SBX-doesnotexist00' })).statusCode).toBe(404);
  });

  it('2.MC.04 issue 25: the payer returns to the result page of the deposit, which reads it (only the member who made it)', async () => {
    const m = await createMember(t);
    const other = await createMember(t);
    const { url, deposit, ref } = await pspDeposit(m, '500');
    const resultPath = `/member?page=depositv2&deposit=${deposit.id}`;
    expect(url).toContain(`&return=${encodeURIComponent(resultPath)}`);
    const done = await t.inject({
      method: 'POST',
      url: `/sandbox/psp/pay/${ref}?lang=en&return=${encodeURIComponent(resultPath)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(done.body).toContain(`<a href="${resultPath.replace(/&/g, '&amp;')}">Back to the site</a>`);
    // Another origin in the address is never linked to.
    const elsewhere = await t.inject({ method: 'GET', url: `/sandbox/psp/pay/${ref}?lang=en&return=${encodeURIComponent('//evil.example/x')}` });
    expect(elsewhere.body).toContain('<a href="/">Back to the site</a>');
    const own = await m.c.inject({ method: 'GET', url: `/wps/cashier/deposits/${deposit.id}` });
    expect(body<TDeposit>(own).value).toMatchObject({ id: deposit.id, amount: '500.00' });
    expect((await other.c.inject({ method: 'GET', url: `/wps/cashier/deposits/${deposit.id}` })).statusCode).toBe(404);
  });

  it('2.MC.04 3.STAT.05 Pay -> the signed callback goes out through the outbox -> credited once, message sent', async () => {
    const m = await createMember(t);
    const { deposit, ref } = await pspDeposit(m, '2000.25');
    const page = await press(ref, 'pay');
    expect(page.body).toContain('Payment completed');
    await t.app.services.platform.outbox.drain();
    const [listed] = (await depositsOf(m.c)).items;
    expect(listed).toMatchObject({ id: deposit.id, status: 'credited' });
    expect(await balanceOf(m.c)).toBe('2000.25');
    const inbox = await messagesOf(t, m.c);
    expect(inbox.items.map((x) => x.template)).toEqual(['deposit_arrival']);
    // Pressing Pay again sends nothing more.
    await press(ref, 'pay');
    await t.app.services.platform.outbox.drain();
    expect(await balanceOf(m.c)).toBe('2000.25');

    // The same callback replayed (a provider retry): acknowledged, nothing changes.
    const replay = await signedCallback(ref);
    const again = await t.inject({ method: 'POST', url: CALLBACK, headers: replay.headers, payload: replay.raw });
    expect(again.statusCode).toBe(200);
    expect(body(again).value).toEqual({ received: true });
    expect(await balanceOf(m.c)).toBe('2000.25');
    expect((await messagesOf(t, m.c)).items).toHaveLength(1);

    // Another body for the same reference (signed): refused.
    const other = await signedCallback(ref, (b) => ({ ...b, status: 'failed' }));
    const conflict = await t.inject({ method: 'POST', url: CALLBACK, headers: other.headers, payload: other.raw });
    expect(conflict.statusCode).toBe(409);
    expect(body(conflict).message).toBe('psp_callback_conflict');
    expect((await depositsOf(m.c)).items[0]!.status).toBe('credited');
  });

  it('3.STAT.05 Fail -> failed, nothing credited, a deposit_failed message', async () => {
    const m = await createMember(t);
    const { deposit, ref } = await pspDeposit(m, '500');
    expect((await press(ref, 'fail')).body).toContain('Payment failed');
    await t.app.services.platform.outbox.drain();
    expect((await depositsOf(m.c)).items[0]).toMatchObject({ id: deposit.id, status: 'failed' });
    expect(await balanceOf(m.c)).toBe('0.00');
    expect((await messagesOf(t, m.c)).items[0]).toMatchObject({ template: 'deposit_failed', params: { depositId: deposit.id } });
  });

  it('forged, unsigned, stale and mismatched callbacks are refused and change nothing', async () => {
    const m = await createMember(t);
    const { ref } = await pspDeposit(m, '700');
    // The sandbox payment is completed without its outbox callback (the test plays the provider).
    await t.db.database.tx((tx) => createSandboxPspRepository(t.db.database.db).complete(ref, 'paid', new Date(clock.now()), tx));
    const good = await signedCallback(ref);

    const forged = await t.inject({
      method: 'POST',
      url: CALLBACK,
      headers: { ...good.headers, 'x-psp-signature': 'a'.repeat(64) },
      payload: good.raw,
    });
    expect(forged.statusCode).toBe(401);
    expect(body(forged).message).toBe('psp_signature_invalid');

    const unsigned = await t.inject({ method: 'POST', url: CALLBACK, headers: { 'content-type': 'application/json' }, payload: good.raw });
    expect(body(unsigned).message).toBe('psp_signature_invalid');

    // The body changed after signing (the amount raised): the signature no longer matches.
    const tampered = await t.inject({ method: 'POST', url: CALLBACK, headers: good.headers, payload: good.raw.replace('700.00', '7000.00') });
    expect(body(tampered).message).toBe('psp_signature_invalid');

    // Signed six minutes ago, and six minutes ahead: outside the 5-minute window.
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const stale = await signedCallback(ref, (b) => b, clock.now() + skew);
      const res = await t.inject({ method: 'POST', url: CALLBACK, headers: stale.headers, payload: stale.raw });
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe('psp_callback_stale');
    }

    // Signed, but for another amount than the deposit's.
    const wrongAmount = await signedCallback(ref, (b) => ({ ...b, amount: '7000.00' }));
    const mismatch = await t.inject({ method: 'POST', url: CALLBACK, headers: wrongAmount.headers, payload: wrongAmount.raw });
    expect(body(mismatch).message).toBe('psp_callback_invalid');

    expect((await t.inject({ method: 'POST', url: '/wps/cashier/psp/nosuch/callback', headers: good.headers, payload: good.raw })).statusCode).toBe(404);
    expect(await balanceOf(m.c)).toBe('0.00');
    expect((await depositsOf(m.c)).items[0]!.status).toBe('pending');

    // Four minutes late is inside the window: the genuine callback credits it.
    clock.advance(4 * 60_000);
    const ok = await t.inject({ method: 'POST', url: CALLBACK, headers: good.headers, payload: good.raw });
    expect(ok.statusCode).toBe(200);
    expect(await balanceOf(m.c)).toBe('700.00');
  });

  it('an operator approval racing the paid callback: credited exactly once', async () => {
    const m = await createMember(t);
    const { deposit, ref } = await pspDeposit(m, '900');
    await press(ref, 'pay');
    const [approval] = await Promise.all([
      t.ops('POST', `/ops/deposits/${deposit.id}/approve`, {}),
      t.app.services.platform.outbox.drain(),
    ]);
    await t.app.services.platform.outbox.drain();
    expect([200, 409]).toContain(approval.statusCode);
    expect(await balanceOf(m.c)).toBe('900.00');
    expect((await messagesOf(t, m.c)).items.filter((x) => x.template === 'deposit_arrival')).toHaveLength(1);
  });

  it('an unpaid PSP deposit expires after 30 minutes; a late paid callback still credits it', async () => {
    const m = await createMember(t);
    const { deposit, ref } = await pspDeposit(m, '400');
    clock.advance(31 * 60_000);
    await t.app.services.deposit.service.expire();
    expect((await depositsOf(m.c)).items[0]).toMatchObject({ id: deposit.id, status: 'expired' });
    await press(ref, 'pay');
    await t.app.services.platform.outbox.drain();
    expect((await depositsOf(m.c)).items[0]!.status).toBe('credited');
    expect(await balanceOf(m.c)).toBe('400.00');
  });
});
