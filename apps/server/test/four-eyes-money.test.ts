import type { TDeposit } from '@lotus/contracts/cashier';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { opsApprovals, opsAuditLog } from '../src/db/schema';
import { bankDeposit, createChannel } from './deposit-helpers';
import { body, createClock, useTestApp } from './helper';
import { balanceOf, cashierMember, play, requestWithdrawal, type CashierMember } from './withdrawal-helpers';

/**
 * Issue 24, four-eyes where money moves (docs/adr/0081): a deposit credited by hand without a slip or
 * above the threshold, a payout above the threshold, a refund, a ledger reversal, a new channel or
 * receiving account, and the thresholds themselves wait for a second operator; the payer is never
 * who credited the deposits that funded the withdrawal; each operator has daily limits. Thresholds
 * and limits are the THB amounts (20,000.00 / 10,000.00 / 500,000.00), set by the test.
 */
// 10:00 in Bangkok on a Monday: inside the withdrawal hours.
const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) });
const t = useTestApp({ clock });
let bank = '';
type Caller = Awaited<ReturnType<typeof t.operator>>;
let financeA: Caller;
let financeB: Caller;

const CONTROLS = { depositApprovalAbove: '20000.00', payoutAbove: '10000.00', dailyApprovedPerOperator: '500000.00', dailyPaidPerOperator: '500000.00' };

beforeAll(async () => {
  bank = await createChannel(t, { kind: 'bank_transfer', max: '50000.00', dailyLimit: '1000000.00' });
  financeA = await t.operator('finance');
  financeB = await t.operator('finance');
});
beforeEach(async () => {
  await t.resetConfig();
  await t.setConfig('cashierControls', () => CONTROLS);
  await t.setConfig('withdrawal', (w) => ({ ...w, maxAmount: '50000.00', turnoverMultiple: 0 }));
});

const value = <T>(res: LightMyRequestResponse) => body<T>(res).value;
const approve = (caller: Caller, id: number) => caller.ops('POST', `/ops/approvals/${id}/approve`, {});

/** A member's bank-transfer deposit (with a slip unless `slip: false`), its id. */
async function sendDeposit(m: { c: CashierMember['c'] }, amount: string, { slip = true } = {}) {
  const res = await bankDeposit(m.c, bank, amount, slip ? {} : { slipImage: undefined });
  expect(res.statusCode, res.body).toBe(200);
  return value<{ deposit: TDeposit }>(res).deposit.id;
}

const depositStatus = async (id: string) => value<{ status: string; decidedBy: string | null }>(await t.ops('GET', `/ops/deposits/${id}`));

describe('24 four-eyes: deposits credited by hand', () => {
  it('a bank transfer without a slip waits for a second operator, whatever its amount; the requester cannot approve it; the approver is recorded', async () => {
    const m = await cashierMember(t, { deposit: 0n });
    const id = await sendDeposit(m, '500', { slip: false });
    // The note is the request's reason: required.
    const noNote = await financeA.ops('POST', `/ops/deposits/${id}/approve`, {});
    expect([noNote.statusCode, body(noNote).message, body(noNote).fields]).toEqual([400, 'validation_failed', { note: 'content_required' }]);
    const request = value<{ approvalId: number; status: string }>(await financeA.ops('POST', `/ops/deposits/${id}/approve`, { note: 'Statement shows it' }));
    expect(request.status).toBe('pending');
    const [row] = await t.db.database.db.select().from(opsApprovals).where(eq(opsApprovals.id, request.approvalId));
    expect(row?.payload).toMatchObject({ id, because: 'no_slip', amount: '500.00' });
    expect(await depositStatus(id)).toMatchObject({ status: 'awaiting_approval' });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(0n);
    // A second request for the same deposit while one waits is refused.
    const twice = await financeB.ops('POST', `/ops/deposits/${id}/approve`, { note: 'again' });
    expect([twice.statusCode, body(twice).message]).toEqual([409, 'approval_already_pending']);

    const own = await approve(financeA, request.approvalId);
    expect([own.statusCode, body(own).message]).toEqual([403, 'approval_own_request']);
    expect((await approve(financeB, request.approvalId)).statusCode).toBe(200);
    expect(await depositStatus(id)).toMatchObject({ status: 'credited', decidedBy: financeB.username });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(500_00n);
    // Decided: approving it again is refused, and nothing moves.
    const late = await approve(financeB, request.approvalId);
    expect([late.statusCode, body(late).message]).toEqual([409, 'approval_not_pending']);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(500_00n);
  });

  it('with a slip: up to 20,000.00 one operator credits it; 50,000.00 waits for a second', async () => {
    const m = await cashierMember(t, { deposit: 0n });
    const small = await sendDeposit(m, '20000');
    expect(value<{ status: string }>(await financeA.ops('POST', `/ops/deposits/${small}/approve`, {}))).toMatchObject({ status: 'credited' });
    const large = await sendDeposit(m, '50000');
    const request = value<{ approvalId: number; status: string }>(await financeA.ops('POST', `/ops/deposits/${large}/approve`, { note: 'big transfer' }));
    expect(request.status).toBe('pending');
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(20_000_00n);
    expect((await approve(financeB, request.approvalId)).statusCode).toBe(200);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(70_000_00n);
  });

  it("an operator's daily approvals stop at the limit: the one over it is refused and credits nothing", async () => {
    await t.setConfig('cashierControls', () => ({ ...CONTROLS, dailyApprovedPerOperator: '1000.00' }));
    const m = await cashierMember(t, { deposit: 0n });
    const checker = await t.operator('finance');
    const first = await sendDeposit(m, '600');
    expect((await checker.ops('POST', `/ops/deposits/${first}/approve`, {})).statusCode).toBe(200);
    const second = await sendDeposit(m, '500');
    const over = await checker.ops('POST', `/ops/deposits/${second}/approve`, {});
    expect([over.statusCode, body(over).message]).toEqual([403, 'ops_daily_limit_reached']);
    expect(await depositStatus(second)).toMatchObject({ status: 'awaiting_approval' });
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(600_00n);
    // The next Bangkok day the operator's limit starts again.
    clock.advance(24 * 3_600_000);
    try {
      expect((await checker.ops('POST', `/ops/deposits/${second}/approve`, {})).statusCode).toBe(200);
    } finally {
      clock.advance(-24 * 3_600_000);
    }
  });
});

describe('24 four-eyes: payouts', () => {
  /** A member funded by a deposit `creditor` approved, with a pending withdrawal of `amount`. */
  async function fundedWithdrawal(creditor: Caller, deposit: string, amount: string) {
    const m = await cashierMember(t, { deposit: 0n });
    const id = await sendDeposit(m, deposit);
    expect((await creditor.ops('POST', `/ops/deposits/${id}/approve`, {})).statusCode).toBe(200);
    await play(t, m.id, 1n);
    const w = await requestWithdrawal(m, { amount });
    expect(w.status, JSON.stringify(w)).toBe(200);
    return { m, w: w.value! };
  }

  it('the operator who approved the deposit that funded a withdrawal cannot pay it out; another operator can', async () => {
    const { m, w } = await fundedWithdrawal(financeA, '1000', '300.00');
    const refused = await financeA.ops('POST', `/ops/withdrawals/${w.id}/pay`);
    expect([refused.statusCode, body(refused).message]).toEqual([403, 'withdrawal_payer_funded_it']);
    const listed = () => t.ops('GET', '/ops/withdrawals?limit=50').then((r) => value<{ id: number; status: string }[]>(r).find((x) => x.id === w.id));
    expect(await listed()).toMatchObject({ status: 'pending' });
    const paid = await financeB.ops('POST', `/ops/withdrawals/${w.id}/pay`);
    expect(value<{ status: string }>(paid)).toMatchObject({ status: 'awaiting_confirmation' });
    // Money is fungible: a later withdrawal of the same member stays barred for the same operator.
    const again = await requestWithdrawal(m, { amount: '100.00' });
    const second = await financeA.ops('POST', `/ops/withdrawals/${again.value!.id}/pay`);
    expect(body(second).message).toBe('withdrawal_payer_funded_it');
  });

  it('a payout above 10,000.00 waits for a second operator, who must not have funded it either', async () => {
    const { w } = await fundedWithdrawal(financeB, '15000', '12000.00');
    const noReason = await financeA.ops('POST', `/ops/withdrawals/${w.id}/pay`, {});
    expect(body(noReason).fields).toEqual({ reason: 'content_required' });
    const request = value<{ approvalId: number; status: string }>(await financeA.ops('POST', `/ops/withdrawals/${w.id}/pay`, { reason: 'verified the account' }));
    expect(request.status).toBe('pending');
    // financeB credited the deposit that funded it: their approval (the payout) is refused.
    const byFunder = await approve(financeB, request.approvalId);
    expect([byFunder.statusCode, body(byFunder).message]).toEqual([403, 'withdrawal_payer_funded_it']);
    // The refused approval is in the audit log, with who tried and why.
    const refused = await t.db.database.db
      .select()
      .from(opsAuditLog)
      .where(and(eq(opsAuditLog.action, 'approval.refuse'), eq(opsAuditLog.target, `approval:${request.approvalId}`)));
    expect(refused.map((r) => [r.username, (r.after as { refused: string }).refused])).toEqual([[financeB.username, 'withdrawal_payer_funded_it']]);
    const checker = await t.operator('finance');
    expect((await approve(checker, request.approvalId)).statusCode).toBe(200);
    const rows = value<{ id: number; status: string; decidedBy: string }[]>(await t.ops('GET', '/ops/withdrawals?limit=50'));
    expect(rows.find((r) => r.id === w.id)).toMatchObject({ status: 'awaiting_confirmation', decidedBy: checker.username });
  });

  it("an operator's daily payouts stop at the limit", async () => {
    await t.setConfig('cashierControls', () => ({ ...CONTROLS, dailyPaidPerOperator: '500.00' }));
    const payer = await t.operator('finance');
    const first = await fundedWithdrawal(financeA, '1000', '400.00');
    expect((await payer.ops('POST', `/ops/withdrawals/${first.w.id}/pay`)).statusCode).toBe(200);
    const second = await fundedWithdrawal(financeA, '1000', '200.00');
    const over = await payer.ops('POST', `/ops/withdrawals/${second.w.id}/pay`);
    expect([over.statusCode, body(over).message]).toEqual([403, 'ops_daily_limit_reached']);
  });
});

describe('24 four-eyes: channels and the controls themselves', () => {
  it("a new channel and a channel's new receiving account wait for a second operator; its limits or names do not", async () => {
    const input = { code: 'kbank-new', kind: 'bank_transfer', nameTh: 'กสิกร', nameEn: 'KBank', bankCode: 'KBANK', accountNumber: '111-1-11111-1', accountName: 'LOTUS CO', min: '100.00', max: '50000.00', dailyLimit: '200000.00' };
    const noReason = await financeA.ops('POST', '/ops/payment-channels', input);
    expect(body(noReason).fields).toEqual({ reason: 'content_required' });
    const created = value<{ approvalId: number; status: string }>(await financeA.ops('POST', '/ops/payment-channels?reason=new%20account', input));
    expect(created.status).toBe('pending');
    expect(value<{ code: string }[]>(await t.ops('GET', '/ops/payment-channels')).map((c) => c.code)).not.toContain('kbank-new');
    expect((await approve(financeB, created.approvalId)).statusCode).toBe(200);

    const names = await financeA.ops('PUT', '/ops/payment-channels/kbank-new', { nameEn: 'Kasikorn', max: '40000.00' });
    expect(value(names)).toMatchObject({ nameEn: 'Kasikorn', max: '40000.00' });
    const moved = value<{ approvalId: number; status: string }>(
      await financeA.ops('PUT', '/ops/payment-channels/kbank-new?reason=bank%20changed', { accountNumber: '222-2-22222-2' }),
    );
    expect(moved.status).toBe('pending');
    const current = () => t.ops('GET', '/ops/payment-channels').then((r) => value<{ code: string; accountNumber: string }[]>(r).find((c) => c.code === 'kbank-new'));
    expect((await current())?.accountNumber).toBe('111-1-11111-1');
    expect((await approve(financeB, moved.approvalId)).statusCode).toBe(200);
    expect((await current())?.accountNumber).toBe('222-2-22222-2');
  });

  it('the thresholds are four-eyes too, and a negative amount, three decimals or a missing field are refused with nothing written', async () => {
    for (const bad of [
      { ...CONTROLS, payoutAbove: '-1.00' },
      { ...CONTROLS, depositApprovalAbove: '100.001' },
      { depositApprovalAbove: '1.00' },
    ]) {
      const res = await t.ops('PUT', '/ops/config/cashierControls?reason=lower', bad);
      expect([res.statusCode, body(res).message]).toEqual([400, 'validation_failed']);
    }
    const request = value<{ approvalId: number; status: string }>(
      await t.ops('PUT', '/ops/config/cashierControls?reason=raise%20the%20payout%20threshold', { ...CONTROLS, payoutAbove: '99999999.00' }),
    );
    expect(request.status).toBe('pending');
    expect(value<{ payoutAbove: string }>(await t.ops('GET', '/ops/config/cashierControls')).payoutAbove).toBe('10000.00');
    const admin = await t.operator('admin');
    expect((await approve(admin, request.approvalId)).statusCode).toBe(200);
    expect(value<{ payoutAbove: string }>(await t.ops('GET', '/ops/config/cashierControls')).payoutAbove).toBe('99999999.00');
    const applied = await t.db.database.db
      .select()
      .from(opsAuditLog)
      .where(and(eq(opsAuditLog.action, 'approval.approve'), eq(opsAuditLog.target, 'config:cashierControls')));
    expect(applied).toHaveLength(1);
  });
});
