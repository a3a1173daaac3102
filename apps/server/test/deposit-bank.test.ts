import type { TDeposit, TDepositStatus, TCashierChannel, TOpsDepositRow } from '@lotus/contracts/cashier';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectApi } from '../src/ops/connect';
import { runCommand } from './ops-run';
import type { TAccountRecord } from '@lotus/contracts/wallet';
import { balanceOf, bankDeposit, createChannel, depositsOf, messagesOf, trialClient } from './deposit-helpers';
import { createMember } from './factories';
import { body, useTestApp } from './helper';

/**
 * Cashier: deposits by bank transfer (2.MC.04 depositv2), channel limits, trial accounts refused
 * (5.GATE.04/05), operator approve and reject (API and `npm run ops -- deposit ...`), credited exactly
 * once through the wallet, the deposit arrival / deposit failed messages (3.STAT.05/07).
 */
const t = useTestApp();
let bank: string;

beforeAll(async () => {
  // The limits: 100.00 to 50,000.00 per deposit, 200,000.00 per member and day.
  bank = await createChannel(t, { kind: 'bank_transfer', min: '100.00', max: '50000.00', dailyLimit: '200000.00' });
});

const approve = (id: string) => t.ops('POST', `/ops/deposits/${id}/approve`, {});
const reject = (id: string, reason: string) => t.ops('POST', `/ops/deposits/${id}/reject`, { reason });

describe('deposits by bank transfer', () => {
  it('2.MC.04 the member sees the active channels with the receiving account and limits', async () => {
    const m = await createMember(t);
    const channels = body<TCashierChannel[]>(await m.c.get('/wps/cashier/channels')).value;
    const mine = channels.find((c) => c.code === bank)!;
    expect(mine).toMatchObject({
      kind: 'bank_transfer',
      bank: { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'LOTUS TEST' },
      min: '100.00',
      max: '50000.00',
      dailyLimit: '200000.00',
      remainingToday: '200000.00',
    });
    await t.ops('PUT', `/ops/payment-channels/${bank}`, { status: 'disabled' });
    const after = body<TCashierChannel[]>(await m.c.get('/wps/cashier/channels')).value;
    expect(after.some((c) => c.code === bank)).toBe(false);
    expect(body(await bankDeposit(m.c, bank, '500')).message).toBe('payment_channel_unavailable');
    await t.ops('PUT', `/ops/payment-channels/${bank}`, { status: 'active' });
  });

  it('5.GATE.04 5.GATE.05 a trial account is refused the cashier with in_need_true_account', async () => {
    const c = await trialClient(t);
    for (const res of [await c.get('/wps/cashier/channels'), await bankDeposit(c, bank, '500'), await c.get('/wps/cashier/deposits')]) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('in_need_true_account');
    }
  });

  it('2.MC.04 per-deposit minimum and maximum, and the daily limit per member (rejected deposits do not count)', async () => {
    const m = await createMember(t);
    expect(body(await bankDeposit(m.c, bank, '99.99')).message).toBe('deposit_amount_below_min');
    expect(body(await bankDeposit(m.c, bank, '50000.01')).message).toBe('deposit_amount_above_max');
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await bankDeposit(m.c, bank, '50000');
      expect(res.statusCode).toBe(200);
      ids.push(body<{ deposit: TDeposit }>(res).value.deposit.id);
      // Credited deposits count against the daily limit too; at most 3 may be open at once (issue 23 #4).
      // 50,000.00 is above the four-eyes threshold (docs/adr/0081): a second operator applies it.
      if (i > 0) await t.opsApproved('POST', `/ops/deposits/${ids[i]!}/approve`, { note: 'statement checked' });
    }
    const over = await bankDeposit(m.c, bank, '100');
    expect(over.statusCode).toBe(400);
    expect(body(over).message).toBe('deposit_daily_limit');
    expect((await depositsOf(m.c)).total).toBe(4);
    expect((await reject(ids[0]!, 'Not received')).statusCode).toBe(200);
    expect((await bankDeposit(m.c, bank, '50000')).statusCode).toBe(200);
    // Another member has their own limit.
    const other = await createMember(t);
    expect((await bankDeposit(other.c, bank, '50000')).statusCode).toBe(200);
  });

  it('a bank transfer needs its transfer time and reference', async () => {
    const m = await createMember(t);
    const res = await m.c.inject({ method: 'POST', url: '/wps/cashier/deposits', payload: { channel: bank, amount: '500' } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ message: 'validation_failed', fields: { transferredAt: 'content_required', reference: 'content_required' } });
  });

  it('2.MC.04 3.STAT.05 approve: awaiting_approval -> credited, the balance shows it, a deposit_arrival message', async () => {
    const m = await createMember(t);
    const created = body<{ deposit: TDeposit; paymentUrl: null }>(await bankDeposit(m.c, bank, '1500.50', { reference: 'KB-7781' }));
    expect(created.value).toMatchObject({ paymentUrl: null, deposit: { status: 'awaiting_approval', amount: '1500.50', reference: 'KB-7781' } });
    expect(await balanceOf(m.c)).toBe('0.00');
    const res = await approve(created.value.deposit.id);
    expect(res.statusCode).toBe(200);
    expect(body<TOpsDepositRow>(res).value).toMatchObject({ status: 'credited', username: m.username, decidedBy: 'test_operator' });
    expect(await balanceOf(m.c)).toBe('1500.50');
    const [listed] = (await depositsOf(m.c)).items;
    expect(listed).toMatchObject({ id: created.value.deposit.id, status: 'credited' satisfies TDepositStatus });
    const inbox = await messagesOf(t, m.c);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      template: 'deposit_arrival',
      read: false,
      params: { depositId: created.value.deposit.id, amount: '1500.50', channelEn: `Channel ${bank}` },
    });
    // A second approval is refused and credits nothing.
    const again = await approve(created.value.deposit.id);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('deposit_already_decided');
    expect(await balanceOf(m.c)).toBe('1500.50');
    expect((await messagesOf(t, m.c)).items).toHaveLength(1);
  });

  it('2.MC.09 the account record names a credited deposit\'s channel in Thai and English (issue 25)', async () => {
    const m = await createMember(t);
    const created = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '200.00'));
    expect((await approve(created.value.deposit.id)).statusCode).toBe(200);
    const record = body<TAccountRecord>(await m.c.get('/wps/relay/ODSFE2_MemTransDet')).value;
    expect(record.list).toHaveLength(1);
    expect(record.list[0]).toMatchObject({ type: 'deposit', amount: '200.00', names: { th: `ช่องทาง ${bank}`, en: `Channel ${bank}` } });
  });

  it('3.STAT.05 reject with a reason: rejected, nothing credited, a deposit_failed message with the reason', async () => {
    const m = await createMember(t);
    const id = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '800')).value.deposit.id;
    const noReason = await t.ops('POST', `/ops/deposits/${id}/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const res = await reject(id, 'Transfer not found');
    expect(body<TOpsDepositRow>(res).value).toMatchObject({ status: 'rejected', reason: 'Transfer not found' });
    expect(await balanceOf(m.c)).toBe('0.00');
    const inbox = await messagesOf(t, m.c);
    expect(inbox.items[0]).toMatchObject({ template: 'deposit_failed', params: { depositId: id, amount: '800.00', reason: 'Transfer not found' } });
    expect(body(await approve(id)).message).toBe('deposit_already_decided');
    expect(await balanceOf(m.c)).toBe('0.00');
  });

  it('racing approvals of one deposit credit it exactly once (concurrent on PostgreSQL)', async () => {
    const m = await createMember(t);
    const id = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '2500')).value.deposit.id;
    const results = await Promise.all(Array.from({ length: 6 }, () => approve(id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => body(r).message === 'deposit_already_decided')).toBe(true);
    expect(await balanceOf(m.c)).toBe('2500.00');
    expect((await messagesOf(t, m.c)).items.filter((x) => x.template === 'deposit_arrival')).toHaveLength(1);
  });

  it('operator routes need money.read / money.write: support is refused, finance may decide', async () => {
    const m = await createMember(t);
    const id = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '300')).value.deposit.id;
    const support = await t.operator('support');
    expect((await support.ops('GET', '/ops/deposits')).statusCode).toBe(403);
    expect((await support.ops('POST', `/ops/deposits/${id}/approve`, {})).statusCode).toBe(403);
    const finance = await t.operator('finance');
    expect((await finance.ops('POST', `/ops/deposits/${id}/approve`, {})).statusCode).toBe(200);
    const audit = body<{ action: string; target: string }[]>(await t.ops('GET', '/ops/audit?limit=20')).value;
    expect(audit.some((a) => a.action === 'deposit.approve' && a.target === `deposit:${id}`)).toBe(true);
  });

  it('2.MC.04 npm run ops -- deposit list / approve / reject drive the same operator routes', async () => {
    const m = await createMember(t);
    const id = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '1200')).value.deposit.id;
    const id2 = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, '700')).value.deposit.id;
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const client = connectApi(url, t.opsToken);
    const lines: string[] = [];
    const out = { log: (text: string) => lines.push(text) };
    expect(await runCommand(client, ['deposit', 'list', '--status', 'awaiting_approval', '--member', String(m.id)], out)).toBe(0);
    expect(lines.join('\n')).toContain(id);
    expect(await runCommand(client, ['deposit', 'approve', id], out)).toBe(0);
    expect(lines.at(-1)).toBe(`Deposit ${id} is credited: 1200.00 to ${m.username}.`);
    await expect(runCommand(client, ['deposit', 'reject', id2], out)).rejects.toThrow(/reason is required/);
    expect(await runCommand(client, ['deposit', 'reject', id2, '--reason', 'Duplicate'], out)).toBe(0);
    await expect(runCommand(client, ['deposit', 'approve', id], out)).rejects.toThrow(/deposit_already_decided/);
    expect(await balanceOf(m.c)).toBe('1200.00');
    expect(await runCommand(client, ['channel', 'list'], out)).toBe(0);
    expect(lines.join('\n')).toContain(bank);
  });
});
