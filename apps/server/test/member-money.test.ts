import type { TMemberMessage } from '@lotus/contracts/inbox';
import type { TOpsMemberLedger, TOpsMemberMoney, TOpsRiskAnswer } from '@lotus/contracts/ops-member-money';
import { desc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { members, opsApprovals, opsAuditLog } from '../src/db/schema';
import { bankDeposit, createChannel } from './deposit-helpers';
import { createMember } from './factories';
import { body, createClock, useTestApp } from './helper';
import { balanceOf, bind, cashierMember, depositTo, play, REAL_NAME, requestWithdrawal, uniqueAccountNumber } from './withdrawal-helpers';

/**
 * Issue 24, the cashier desk's member money (docs/adr/0085): a member's wallets and ledger with the running
 * balance, manual adjustments that a second operator applies and the member is told about, and the risk
 * flags the issue names (a withdrawal soon after a deposit with little play, accounts sharing a bank
 * account or a device). The thresholds are the ADR's: within 24 hours, less than twice the deposit staked.
 */
// 10:00 in Bangkok on a Monday: inside the withdrawal hours.
const t = useTestApp({ clock: createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) }) });
type Caller = Awaited<ReturnType<typeof t.operator>>;
let financeA: Caller;
let financeB: Caller;

beforeAll(async () => {
  financeA = await t.operator('finance');
  financeB = await t.operator('finance');
});
beforeEach(async () => {
  await t.resetConfig();
  await t.setConfig('withdrawal', (w) => ({ ...w, turnoverMultiple: 0 }));
});

const value = <T>(res: LightMyRequestResponse) => body<T>(res).value;
const refusal = (res: LightMyRequestResponse) => [res.statusCode, body(res).message];
const adjust = (caller: Caller, memberId: number, payload: unknown) => caller.ops('POST', `/ops/members/${memberId}/adjustments`, payload);
const approve = (caller: Caller, id: number) => caller.ops('POST', `/ops/approvals/${id}/approve`, {});
const messagesOf = async (c: { inject: (o: { method: 'GET'; url: string }) => Promise<LightMyRequestResponse> }) => {
  await t.app.services.platform.outbox.drain();
  return value<{ items: TMemberMessage[] }>(await c.inject({ method: 'GET', url: '/wps/member/messages' })).items;
};

describe('24 member money: adjustments under four-eyes', () => {
  it('a credit waits for a second operator, who applies it once; the member is told and sees the money', async () => {
    const m = await cashierMember(t, { deposit: 0n });
    const requested = await adjust(financeA, m.id, { direction: 'credit', amount: '150.50', reason: 'Missing bonus from the October event' });
    const { approvalId, status } = value<{ approvalId: number; status: string }>(requested);
    expect(status).toBe('pending');
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(0n);
    // A second request for the same member while one waits is refused (no double credit from a double click).
    expect(refusal(await adjust(financeB, m.id, { direction: 'credit', amount: '150.50', reason: 'again' }))).toEqual([409, 'approval_already_pending']);

    expect(refusal(await approve(financeA, approvalId))).toEqual([403, 'approval_own_request']);
    expect((await approve(financeB, approvalId)).statusCode).toBe(200);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(150_50n);
    expect(await balanceOf(t, 's:adjust')).toBeLessThanOrEqual(-150_50n);
    // Applied once: approving again changes nothing.
    expect(refusal(await approve(financeB, approvalId))).toEqual([409, 'approval_not_pending']);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(150_50n);

    // The ledger names the approver and the reason; the member's header balance and messages show it.
    const ledger = value<TOpsMemberLedger>(await financeA.ops('GET', `/ops/members/${m.id}/ledger`));
    expect(ledger.entries[0]).toMatchObject({ kind: 'adjust', amount: '150.50', balance: '150.50', actor: `operator:${financeB.username}`, reason: 'Missing bonus from the October event' });
    const messages = await messagesOf(m.c);
    expect(messages[0]).toMatchObject({ template: 'balance_credited', params: { amount: '150.50', reason: 'Missing bonus from the October event' } });
    const info = value<unknown>(await m.c.inject({ method: 'GET', url: '/wps/v2/wallets/balance' }));
    expect(JSON.stringify(info)).toContain('150.5');

    // Audited: the request by A, the approval (with the change) by B.
    const audit = await t.db.database.db.select().from(opsAuditLog).where(inArray(opsAuditLog.action, ['ledger.adjust', 'approval.approve'])).orderBy(desc(opsAuditLog.seq));
    expect(audit.map((a) => [a.action, a.username])).toEqual(
      expect.arrayContaining([
        ['ledger.adjust', financeA.username],
        ['approval.approve', financeB.username],
      ]),
    );
    expect((await t.ops('GET', '/ops/audit/verify')).json().value.ok).toBe(true);
  });

  it('a debit never takes a member below zero: the approval is refused and nothing moves', async () => {
    const m = await cashierMember(t, { deposit: 100_00n, bets: 0n });
    const { approvalId } = value<{ approvalId: number }>(await adjust(financeA, m.id, { direction: 'debit', amount: '100.01', reason: 'Duplicate credit of deposit 77' }));
    expect(refusal(await approve(financeB, approvalId))).toEqual([400, 'insufficient_funds']);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(100_00n);
    const [row] = await t.db.database.db.select().from(opsApprovals).where(eq(opsApprovals.id, approvalId));
    expect(row?.status).toBe('pending');

    // Within the balance it applies, and the member is told of the debit.
    expect((await financeA.ops('POST', `/ops/approvals/${approvalId}/reject`, {})).statusCode).toBe(200);
    const fits = value<{ approvalId: number }>(await adjust(financeB, m.id, { direction: 'debit', amount: '40', reason: 'Duplicate credit of deposit 78' }));
    expect((await approve(financeA, fits.approvalId)).statusCode).toBe(200);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(60_00n);
    expect((await messagesOf(m.c))[0]).toMatchObject({ template: 'balance_debited', params: { amount: '40.00' } });
  });

  it('refuses bad input with its key and writes nothing: zero, negative, three decimals, over 10,000,000.00, no reason, a long reason, a trial or unknown account', async () => {
    const m = await cashierMember(t, { deposit: 0n });
    const before = (await t.db.database.db.select().from(opsApprovals)).length;
    const bad = async (payload: unknown, id = m.id) => refusal(await adjust(financeA, id, payload));
    const reason = 'A reason long enough';
    expect(await bad({ direction: 'credit', amount: '0', reason })).toEqual([400, 'validation_failed']);
    expect(body(await adjust(financeA, m.id, { direction: 'credit', amount: '0', reason })).fields).toEqual({ amount: 'adjustment_amount_invalid' });
    expect(body(await adjust(financeA, m.id, { direction: 'credit', amount: '-5', reason })).fields).toEqual({ amount: 'adjustment_amount_invalid' });
    expect(body(await adjust(financeA, m.id, { direction: 'credit', amount: '1.234', reason })).fields).toEqual({ amount: 'adjustment_amount_invalid' });
    expect(body(await adjust(financeA, m.id, { direction: 'credit', amount: '10000000.01', reason })).fields).toEqual({ amount: 'adjustment_amount_invalid' });
    expect(await bad({ direction: 'credit', amount: '5' })).toEqual([400, 'validation_failed']);
    expect(await bad({ direction: 'credit', amount: '5', reason: 'x'.repeat(201) })).toEqual([400, 'validation_failed']);
    expect(await bad({ direction: 'sideways', amount: '5', reason })).toEqual([400, 'validation_failed']);
    expect(await bad({ direction: 'credit', amount: '5', reason }, 2_000_000_000)).toEqual([404, 'not_found']);

    const trial = t.client();
    await trial.inject({ method: 'POST', url: '/wps/session/login/freeplay', payload: { platform: 'W' } });
    const [trialRow] = await t.db.database.db.select({ id: members.id }).from(members).where(eq(members.createdBy, 'trial')).orderBy(desc(members.id)).limit(1);
    expect(await bad({ direction: 'credit', amount: '5', reason }, trialRow!.id)).toEqual([400, 'adjustment_not_real_account']);

    expect((await t.db.database.db.select().from(opsApprovals)).length).toBe(before);
    expect(await balanceOf(t, `m:${m.id}:main`)).toBe(0n);
  });

  it('support and read-only operators cannot ask for one', async () => {
    const m = await cashierMember(t, { deposit: 0n });
    for (const role of ['support', 'read_only'] as const) {
      const op = await t.operator(role);
      expect(refusal(await adjust(op, m.id, { direction: 'credit', amount: '5', reason: 'role check' }))).toEqual([403, 'ops_permission_denied']);
    }
  });
});

describe('24 member money: wallets and ledger', () => {
  it("answers the wallets, the wagering outstanding and the ledger newest first with the running balance, paged", async () => {
    const m = await cashierMember(t, { deposit: 0n, member: { form: { payeeName: REAL_NAME } } });
    await depositTo(t, m.id, 500_00n);
    await play(t, m.id, 120_00n);
    const money = value<TOpsMemberMoney>(await financeA.ops('GET', `/ops/members/${m.id}/money`));
    expect(money).toMatchObject({ memberId: m.id, username: m.username, realName: REAL_NAME, total: '500.00', wageringOutstanding: '380.00' });
    expect(money.wallets[0]).toEqual({ wallet: 'main', balance: '500.00' });

    // deposit +500, bet -120, win +120: newest first, each with the balance right after it.
    const first = value<TOpsMemberLedger>(await financeA.ops('GET', `/ops/members/${m.id}/ledger?limit=2`));
    expect(first.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([
      ['win', '120.00', '500.00'],
      ['bet', '-120.00', '380.00'],
    ]);
    expect(first.nextBeforeId).toBe(first.entries[1]!.entryId);
    const next = value<TOpsMemberLedger>(await financeA.ops('GET', `/ops/members/${m.id}/ledger?limit=2&beforeId=${first.nextBeforeId}`));
    expect(next.entries.map((e) => [e.kind, e.amount, e.balance])).toEqual([['deposit', '500.00', '500.00']]);
    expect(next.nextBeforeId).toBeNull();

    expect(refusal(await financeA.ops('GET', `/ops/members/${m.id}/ledger?wallet=bogus`))).toEqual([400, 'validation_failed']);
    expect(refusal(await financeA.ops('GET', '/ops/members/2000000000/money'))).toEqual([404, 'not_found']);
  });
});

describe('24 member money: risk flags', () => {
  const flagsOf = async (ids: number[]) =>
    new Map(value<TOpsRiskAnswer>(await financeA.ops('GET', `/ops/risk?memberIds=${ids.join(',')}`)).members.map((x) => [x.memberId, x.flags]));

  it('flags a withdrawal soon after a deposit with less than twice the deposit staked, not one with enough play', async () => {
    const quick = await cashierMember(t, { deposit: 0n });
    await depositTo(t, quick.id, 1_000_00n);
    // The 1x turnover the deposit needs, no more: little play.
    await play(t, quick.id, 1_000_00n);
    expect((await requestWithdrawal(quick, { amount: '900.00' })).status).toBe(200);
    const played = await cashierMember(t, { deposit: 0n });
    await depositTo(t, played.id, 1_000_00n);
    await play(t, played.id, 1_000_00n);
    await play(t, played.id, 1_000_00n);
    expect((await requestWithdrawal(played, { amount: '900.00' })).status).toBe(200);

    const flags = await flagsOf([quick.id, played.id]);
    expect(flags.get(quick.id)?.find((f) => f.code === 'quick_withdrawal')?.params).toMatchObject({
      withdrawal: '900.00',
      deposit: '1000.00',
      staked: '1000.00',
    });
    expect(flags.get(played.id)?.some((f) => f.code === 'quick_withdrawal')).toBe(false);
    // The member money page shows the same flag.
    const money = value<TOpsMemberMoney>(await financeA.ops('GET', `/ops/members/${quick.id}/money`));
    expect(money.flags.map((f) => f.code)).toContain('quick_withdrawal');
  });

  it('flags accounts that bound the same bank account, naming each other; others are not flagged', async () => {
    const a = await cashierMember(t, { deposit: 0n });
    const b = await cashierMember(t, { deposit: 0n });
    const alone = await cashierMember(t, { deposit: 0n });
    const shared = { bankCode: 'SCB', accountNumber: uniqueAccountNumber(), accountName: REAL_NAME };
    for (const m of [a, b]) expect((await bind(m.c, shared)).success).toBe(true);
    const flags = await flagsOf([a.id, b.id, alone.id]);
    expect(flags.get(a.id)?.find((f) => f.code === 'shared_bank_account')?.params).toMatchObject({ count: '1', members: b.username });
    expect(flags.get(b.id)?.find((f) => f.code === 'shared_bank_account')?.params).toMatchObject({ count: '1', members: a.username });
    // The account number is masked to its last four digits.
    expect(flags.get(a.id)?.find((f) => f.code === 'shared_bank_account')?.params.accounts).toBe(`SCB ••••${shared.accountNumber.slice(-4)}`);
    expect(flags.get(alone.id)?.some((f) => f.code === 'shared_bank_account')).toBe(false);
  });

  it('flags accounts used from the same address and browser, not accounts on their own device', async () => {
    const first = await createMember(t);
    const second = await createMember(t, { client: t.client({ ip: first.c.ip, userAgent: first.c.userAgent }) });
    const elsewhere = await createMember(t);
    const flags = await flagsOf([first.id, second.id, elsewhere.id]);
    expect(flags.get(first.id)?.find((f) => f.code === 'shared_device')?.params).toMatchObject({ count: '1', members: second.username, ips: first.c.ip });
    expect(flags.get(second.id)?.find((f) => f.code === 'shared_device')?.params).toMatchObject({ members: first.username });
    expect(flags.get(elsewhere.id)).toEqual([]);
  });

  it("flags bank transfers said to come from someone else's account, not the member's own name as a bank writes it", async () => {
    const channel = await createChannel(t, { kind: 'bank_transfer' });
    const other = await cashierMember(t, { deposit: 0n });
    const own = await cashierMember(t, { deposit: 0n });
    expect((await bankDeposit(other.c, channel, '500', { payerName: 'SOMSAK  DEEJAI' })).statusCode).toBe(200);
    // The member's own name with a title, other case and spacing, a bank's shortened form, or in Thai script.
    for (const payerName of ['Mr. Somchai Jaidee', 'SOMCHAI JAI', 'สมชาย ใจดี']) {
      expect((await bankDeposit(own.c, channel, '100', { payerName })).statusCode).toBe(200);
    }
    const flags = await flagsOf([other.id, own.id]);
    expect(flags.get(other.id)?.find((f) => f.code === 'payer_name_differs')?.params).toEqual({ count: '1', names: 'SOMSAK DEEJAI', realName: REAL_NAME });
    expect(flags.get(own.id)?.some((f) => f.code === 'payer_name_differs')).toBe(false);
    // The queue shows the name the member gave.
    const rows = value<{ memberId: number; payerName: string | null }[]>(await financeA.ops('GET', `/ops/deposits?memberId=${other.id}`));
    expect(rows.map((r) => r.payerName)).toEqual(['SOMSAK DEEJAI']);
    // Too short a name is refused and writes nothing.
    const short = await bankDeposit(other.c, channel, '100', { payerName: 'S' });
    expect([short.statusCode, body(short).fields]).toEqual([400, { payerName: 'validation_failed' }]);
  });

  it('answers at most 100 members and refuses a bad list', async () => {
    expect(refusal(await financeA.ops('GET', '/ops/risk?memberIds='))).toEqual([400, 'validation_failed']);
    expect(refusal(await financeA.ops('GET', '/ops/risk?memberIds=1,abc'))).toEqual([400, 'validation_failed']);
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(refusal(await financeA.ops('GET', `/ops/risk?memberIds=${many}`))).toEqual([400, 'validation_failed']);
  });
});
