import type { TCashierChannel, TDeposit, TOpsDepositRow, TOpsPaymentChannel } from '@lotus/contracts/cashier';
import { BANGKOK_OFFSET_MS, DAY_MS } from '@lotus/contracts/calendar';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deposits, opsApprovals } from '../src/db/schema';
import { inProcessConnection } from '../src/ops/connect';
import { bankDeposit, createChannel, depositsOf } from './deposit-helpers';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import { runCommand } from './ops-run';

/**
 * Issue 24, the cashier desk's payment channels and deposit queue (docs/adr/0084): a channel's daily
 * opening hours in Bangkok time (a closed channel refuses a deposit and writes nothing; a window may
 * cross midnight; the member's list says closed), changed at once without a second operator; the
 * queue's searches by member, reference (the member's or the PSP's) and exact amount, with a PSP
 * deposit's callbacks; bad input refused with its keys, nothing written.
 */
// 07:00 in Bangkok (00:00 UTC), Monday 12 January 2026: the clock only moves forward from here.
const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 0, 0) });
const t = useTestApp({ clock });

/**
 * Moves the clock forward to the next `hh:mm` of the Bangkok day (today's if still ahead, else
 * tomorrow's); the members given sign in again (a session idle for two hours is over).
 */
async function moveTo(hhmm: string, ...members: Member[]) {
  const [h, m] = hhmm.split(':').map(Number);
  const local = clock.now() + BANGKOK_OFFSET_MS;
  let target = Math.floor(local / DAY_MS) * DAY_MS + (h! * 60 + m!) * 60_000;
  if (target < local) target += DAY_MS;
  clock.advance(target - local);
  for (const member of members) await member.c.loginOk(member.username, member.password);
}

const value = <T>(res: Awaited<ReturnType<typeof t.ops>>) => body<T>(res).value;
const channelsOf = async (m: Member) => value<TCashierChannel[]>(await m.c.get('/wps/cashier/channels'));
const opsChannel = async (code: string) => value<TOpsPaymentChannel[]>(await t.ops('GET', '/ops/payment-channels')).find((c) => c.code === code);
const search = async (query: Record<string, string>) => {
  const res = await t.ops('GET', `/ops/deposits?${new URLSearchParams({ status: 'awaiting_approval', ...query })}`);
  expect(res.statusCode, res.body).toBe(200);
  return value<TOpsDepositRow[]>(res);
};
const depositRowsOf = async (memberId: number) => t.db.database.db.select().from(deposits).where(eq(deposits.memberId, memberId));

describe('24 payment channels: opening hours in Bangkok time', () => {
  let day: string;
  let night: string;
  beforeAll(async () => {
    day = await createChannel(t, { kind: 'bank_transfer', hours: { opens: '06:00', closes: '23:30' } });
    night = await createChannel(t, { kind: 'bank_transfer', hours: { opens: '22:00', closes: '02:00' } });
  });

  it('outside its hours a channel refuses a deposit with deposit_channel_closed and writes nothing; inside, it takes it', async () => {
    const m = await createMember(t);
    await moveTo('05:59', m);
    const refused = await bankDeposit(m.c, day, '500');
    expect([refused.statusCode, body(refused).message]).toEqual([403, 'deposit_channel_closed']);
    expect(await depositRowsOf(m.id)).toHaveLength(0);
    expect((await depositsOf(m.c)).total).toBe(0);
    await moveTo('06:00', m);
    const taken = await bankDeposit(m.c, day, '500');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(body<{ deposit: TDeposit }>(taken).value.deposit.status).toBe('awaiting_approval');
    await moveTo('23:30', m);
    expect(body(await bankDeposit(m.c, day, '500')).message).toBe('deposit_channel_closed');
    expect(await depositRowsOf(m.id)).toHaveLength(1);
  });

  it('a window across midnight (22:00-02:00) is open on both sides of midnight and closed outside', async () => {
    const m = await createMember(t);
    await moveTo('21:59', m);
    expect(body(await bankDeposit(m.c, night, '300')).message).toBe('deposit_channel_closed');
    await moveTo('23:00', m);
    expect((await bankDeposit(m.c, night, '300')).statusCode).toBe(200);
    await moveTo('01:59', m);
    expect((await bankDeposit(m.c, night, '300')).statusCode).toBe(200);
    await moveTo('02:00', m);
    expect(body(await bankDeposit(m.c, night, '300')).message).toBe('deposit_channel_closed');
    expect(await depositRowsOf(m.id)).toHaveLength(2);
  });

  it("the member's channel list says which channels are closed now, with their hours", async () => {
    const m = await createMember(t);
    await moveTo('12:00', m);
    const noon = await channelsOf(m);
    expect(noon.find((c) => c.code === day)).toMatchObject({ open: true, hours: { opens: '06:00', closes: '23:30' } });
    expect(noon.find((c) => c.code === night)).toMatchObject({ open: false, hours: { opens: '22:00', closes: '02:00' } });
    await moveTo('23:45', m);
    const late = await channelsOf(m);
    expect(late.find((c) => c.code === day)?.open).toBe(false);
    expect(late.find((c) => c.code === night)?.open).toBe(true);
  });

  it('hours and limits change at once (no second operator); clearing the hours leaves the channel always open', async () => {
    const finance = await t.operator('finance');
    const code = await createChannel(t, { kind: 'bank_transfer' });
    const pendingBefore = (await t.db.database.db.select().from(opsApprovals)).filter((a) => a.status === 'pending').length;
    const changed = await finance.ops('PUT', `/ops/payment-channels/${code}`, { hours: { opens: '08:00', closes: '20:00' }, max: '40000.00' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(value<TOpsPaymentChannel>(changed)).toMatchObject({ code, hours: { opens: '08:00', closes: '20:00' }, max: '40000.00' });
    expect((await t.db.database.db.select().from(opsApprovals)).filter((a) => a.status === 'pending')).toHaveLength(pendingBefore);
    const cleared = await finance.ops('PUT', `/ops/payment-channels/${code}`, { hours: null });
    expect(value<TOpsPaymentChannel>(cleared).hours).toBeNull();
    await moveTo('03:00');
    const m = await createMember(t);
    expect((await channelsOf(m)).find((c) => c.code === code)).toMatchObject({ open: true, hours: null });
    expect((await bankDeposit(m.c, code, '500')).statusCode).toBe(200);
  });

  it('bad hours and amounts are refused with their keys and change nothing', async () => {
    const code = await createChannel(t, { kind: 'bank_transfer', hours: { opens: '06:00', closes: '23:30' } });
    const before = await opsChannel(code);
    const cases: [unknown, Record<string, string>][] = [
      [{ hours: { opens: '25:00', closes: '23:30' } }, { 'hours.opens': 'validation_failed' }],
      [{ hours: { opens: '10:00', closes: '10:00' } }, { 'hours.closes': 'validation_failed' }],
      [{ hours: { opens: '10:00' } }, { 'hours.closes': 'content_required' }],
      [{ min: '100.005' }, { min: 'validation_failed' }],
      [{ max: '0.00', min: '0.00' }, { min: 'validation_failed' }],
      [{ min: '900.00', max: '800.00' }, { max: 'validation_failed' }],
    ];
    for (const [patch, fields] of cases) {
      const res = await t.ops('PUT', `/ops/payment-channels/${code}`, patch);
      expect([res.statusCode, body(res).message, body(res).fields], JSON.stringify(patch)).toEqual([400, 'validation_failed', fields]);
    }
    expect(await opsChannel(code)).toEqual(before);
    // A new channel with bad hours is refused before any request for a second operator is made.
    const approvalsBefore = (await t.db.database.db.select().from(opsApprovals)).length;
    const created = await t.ops('POST', '/ops/payment-channels?reason=bad%20hours', {
      code: 'bad-hours',
      kind: 'bank_transfer',
      nameTh: 'ทดสอบ',
      nameEn: 'Test',
      bankCode: 'KBANK',
      accountNumber: '111-1-11111-1',
      accountName: 'LOTUS',
      min: '100.00',
      max: '1000.00',
      dailyLimit: '5000.00',
      hours: { opens: '24:00', closes: '06:00' },
    });
    expect([created.statusCode, body(created).message, body(created).fields]).toEqual([400, 'validation_failed', { 'hours.opens': 'validation_failed' }]);
    expect(await t.db.database.db.select().from(opsApprovals)).toHaveLength(approvalsBefore);
    expect(await opsChannel('bad-hours')).toBeUndefined();
  });
});

describe('24 the deposit queue: search by member, reference and amount; PSP deposits and their callbacks', () => {
  let bank: string;
  let psp: string;
  let alice: Member;
  let bob: Member;
  const ids: Record<string, string> = {};
  const idOf = (res: Awaited<ReturnType<typeof bankDeposit>>) => body<{ deposit: TDeposit }>(res).value.deposit.id;

  beforeAll(async () => {
    await moveTo('10:00');
    bank = await createChannel(t, { kind: 'bank_transfer' });
    psp = await createChannel(t, { kind: 'psp', adapter: 'sandbox' });
    alice = await createMember(t);
    bob = await createMember(t);
    ids.alice1 = idOf(await bankDeposit(alice.c, bank, '1234.56', { reference: 'KB-SEARCH-0001' }));
    ids.alice2 = idOf(await bankDeposit(alice.c, bank, '700.00', { reference: 'KB-SEARCH-0002' }));
    ids.bob1 = idOf(await bankDeposit(bob.c, bank, '1234.56', { reference: 'SCB 88 Bob' }));
    ids.bob2 = idOf(await bankDeposit(bob.c, bank, '1234.50', { reference: 'KB-SEARCH-0001-B' }));
  });

  it('by reference: exactly the deposits with that member reference, in any case', async () => {
    expect((await search({ reference: 'kb-search-0001' })).map((d) => d.id)).toEqual([ids.alice1]);
    expect((await search({ reference: ' SCB 88 BOB ' })).map((d) => d.id)).toEqual([ids.bob1]);
    expect(await search({ reference: 'KB-SEARCH' })).toEqual([]);
  });

  it('by exact amount: every deposit of that amount and no other', async () => {
    expect((await search({ amount: '1234.56' })).map((d) => d.id).sort()).toEqual([ids.alice1, ids.bob1].sort());
    expect((await search({ amount: '1234.5' })).map((d) => d.id)).toEqual([ids.bob2]);
    expect(await search({ amount: '1234' })).toEqual([]);
  });

  it('by member username (any case), alone or with the other searches; an unknown username finds nothing', async () => {
    expect((await search({ username: alice.username.toUpperCase() })).map((d) => d.id).sort()).toEqual([ids.alice1, ids.alice2].sort());
    expect((await search({ username: bob.username, amount: '1234.56' })).map((d) => d.id)).toEqual([ids.bob1]);
    expect(await search({ username: 'nobody_here' })).toEqual([]);
  });

  it("the console's one search box (q) finds a username, either reference, an amount as copied, or an id, each exactly", async () => {
    const ids_ = async (q: string) => (await search({ q })).map((d) => d.id).sort();
    expect(await ids_('kb-search-0002')).toEqual([ids.alice2]);
    expect(await ids_(alice.username)).toEqual([ids.alice1, ids.alice2].sort());
    expect(await ids_('฿1,234.56')).toEqual([ids.alice1, ids.bob1].sort());
    expect(await ids_(ids.bob2!)).toEqual([ids.bob2]);
    expect(await ids_('KB-SEARCH')).toEqual([]);
    // With another filter: both hold.
    expect((await search({ q: '1234.56', username: bob.username })).map((d) => d.id)).toEqual([ids.bob1]);
  });

  it("a PSP deposit is found by the PSP's reference, filtered by kind, and shows its verified callback", async () => {
    const res = await bob.c.inject({ method: 'POST', url: '/wps/cashier/deposits', payload: { channel: psp, amount: '450.00', lang: 'en' } });
    const created = body<{ deposit: TDeposit; paymentUrl: string }>(res).value;
    const ref = /\/sandbox\/psp\/pay\/(SBX-[A-Za-z0-9_-]+)/.exec(created.paymentUrl)![1]!;
    // Waiting for the payment: a pending PSP deposit, no callback yet.
    const pending = await search({ status: 'pending', kind: 'psp' });
    expect(pending.map((d) => d.id)).toEqual([created.deposit.id]);
    expect(pending[0]).toMatchObject({ kind: 'psp', pspReference: ref, callbacks: [] });
    // The payer pays; the provider's signed callback arrives through the outbox.
    await t.inject({ method: 'POST', url: `/sandbox/psp/pay/${ref}?lang=en`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' });
    await t.app.services.platform.outbox.drain();
    const found = await search({ status: 'credited', reference: ref.toLowerCase() });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: created.deposit.id, status: 'credited', decidedBy: 'psp:sandbox', callbacks: [{ status: 'paid', receivedAt: new Date(clock.now()).toISOString() }] });
    // Bank transfers have no callbacks; the kind filter keeps them apart.
    expect((await search({ status: 'credited', kind: 'bank_transfer' })).some((d) => d.id === created.deposit.id)).toBe(false);
    expect(value<TOpsDepositRow>(await t.ops('GET', `/ops/deposits/${created.deposit.id}`)).callbacks).toEqual(found[0]!.callbacks);
  });

  it('npm run ops -- deposit list searches the same way; channel list shows the hours', async () => {
    const connection = inProcessConnection(t.app.opsApp, { token: () => t.opsToken, target: 'test', mode: 'api', close: async () => undefined });
    const lines: string[] = [];
    const out = { log: (text: string) => lines.push(text) };
    expect(await runCommand(connection, ['deposit', 'list', '--reference', 'KB-SEARCH-0002'], out)).toBe(0);
    expect(lines.join('\n')).toContain(ids.alice2);
    expect(lines.join('\n')).not.toContain(ids.alice1);
    expect(await runCommand(connection, ['deposit', 'list', '--username', bob.username, '--amount', '1234.5'], out)).toBe(0);
    expect(lines.at(-1)).toContain(ids.bob2);
    expect(lines.at(-1)).not.toContain(ids.bob1);
    expect(await runCommand(connection, ['channel', 'list'], out)).toBe(0);
    expect(lines.at(-1)).toMatch(/06:00-23:30/);
    expect(lines.at(-1)).toMatch(/22:00-02:00/);
    expect(lines.at(-1)).toMatch(/always/);
  });

  it('bad searches are refused with their keys', async () => {
    for (const [query, fields] of [
      ['amount=12.345', { amount: 'validation_failed' }],
      ['amount=-5', { amount: 'validation_failed' }],
      ['kind=cash', { kind: 'validation_failed' }],
      [`reference=${'x'.repeat(81)}`, { reference: 'content_too_long' }],
    ] as const) {
      const res = await t.ops('GET', `/ops/deposits?${query}`);
      expect([res.statusCode, body(res).message, body(res).fields], query).toEqual([400, 'validation_failed', fields]);
    }
  });
});
