import { randomUUID } from 'node:crypto';
import { accounts } from '@lotus/ledger/accounts';
import type { TDeposit } from '@lotus/contracts/cashier';
import type { ZWithdrawalSettingsView } from '@lotus/contracts/withdrawal';
import type { z } from 'zod';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bankDeposit, createChannel } from './deposit-helpers';
import { createMember } from './factories';
import { body, createClock, useTestApp, type TestApp } from './helper';
import { repositories } from './repositories';
import { cashierMember, PAYMENT_PASSWORD, play, requestWithdrawal, type CashierMember } from './withdrawal-helpers';

// Issue 23 #2 (turnover that cannot be skipped): every credit that needs turnover (a deposit, money shared by
// an agent) adds multiple x its amount to a wagering outstanding, every settled stake takes its amount off
// (never below zero), a withdrawal needs it at zero and names it when refused; shared money takes the sender's
// outstanding with it, pro rata; `ledger:verify` checks the stored figure against the entries.
// The demo multiple is 1x (docs/cashier.md); amounts in minor units.

// 10:00 in Bangkok on a Monday: inside the withdrawal hours.
const clock = createClock({ frozen: Date.UTC(2026, 0, 12, 3, 0) });
const t = useTestApp({ clock });
let bank = '';
beforeAll(async () => {
  bank = await createChannel(t, { kind: 'bank_transfer' });
});
beforeEach(() => t.resetConfig());

/** A deposit by bank transfer, approved by the operator: the deposit module's own credit. */
async function deposit(app: TestApp, m: { c: CashierMember['c'] }, amount: string) {
  const created = body<{ deposit: TDeposit }>(await bankDeposit(m.c, bank, amount, { reference: `KB-${randomUUID().slice(0, 8)}` }));
  if (!created.success) throw new Error(`deposit failed: ${JSON.stringify(created)}`);
  const approved = await app.ops('POST', `/ops/deposits/${created.value.deposit.id}/approve`, {});
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
}

/** A bet only (no win): the stake is settled as lost. */
async function bet(memberId: number, amount: bigint, transactionId = `b-${randomUUID()}`) {
  const result = await t.app.services.wallet.gameOperation({
    vendor: 'PGS', memberId, trial: false, kind: 'bet', transactionId, roundId: randomUUID(), gameCode: 'g1', amount, requestHash: `h-${transactionId}`,
  });
  if (result.status !== 'OK') throw new Error(`bet failed: ${result.code}`);
  return transactionId;
}

const turnoverOf = async (m: { c: CashierMember['c'] }) =>
  body<z.infer<typeof ZWithdrawalSettingsView>>(await m.c.get('/wps/cashier/withdrawal-settings')).value.turnover;

/** A member with a bank account and a payment password and nothing on the wallet. */
const emptyCashierMember = () => cashierMember(t, { deposit: 0n });

describe('issue 23 #2 wagering outstanding', () => {
  it('issue 23 #2 a small later deposit does not free an earlier one: deposit 20,000, deposit 100, bet 100 -> refused, naming 20,000.00', async () => {
    const m = await emptyCashierMember();
    await deposit(t, m, '20000.00');
    await deposit(t, m, '100.00');
    await play(t, m.id, 100_00n);
    const refused = await requestWithdrawal(m, { amount: '20000.00' });
    expect(refused).toMatchObject({ status: 403, success: false, message: 'withdrawal_turnover_not_met', details: { outstanding: '20000.00' } });
    expect(await turnoverOf(m)).toEqual({ outstanding: '20000.00', multiple: 1, met: false });
    // Nothing was held: the whole balance is still on the wallet.
    expect(await t.app.services.wallet.balanceOf({ id: m.id, trial: false })).toBe(20_100_00n);

    await play(t, m.id, 19_999_99n);
    expect((await requestWithdrawal(m, { amount: '100.00' })).details).toEqual({ outstanding: '0.01' });
    await play(t, m.id, 1n);
    expect(await turnoverOf(m)).toEqual({ outstanding: '0.00', multiple: 1, met: true });
    expect(await requestWithdrawal(m, { amount: '20000.00' })).toMatchObject({ status: 200, success: true });
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });

  it('issue 23 #2 stakes reduce it and never below zero; a rolled-back stake gives back what it took; the multiple applies at the credit', async () => {
    const m = await emptyCashierMember();
    await deposit(t, m, '100.00');
    expect((await turnoverOf(m)).outstanding).toBe('100.00');
    await play(t, m.id, 30_00n);
    expect((await turnoverOf(m)).outstanding).toBe('70.00');
    // 50.00 staked on 70.00 outstanding, then refunded: the 50.00 comes back.
    const refunded = await bet(m.id, 50_00n);
    expect((await turnoverOf(m)).outstanding).toBe('20.00');
    const rollback = await t.app.services.wallet.gameOperation({
      vendor: 'PGS', memberId: m.id, trial: false, kind: 'rollback', transactionId: `r-${refunded}`, referenceTransactionId: refunded, requestHash: `h-r-${refunded}`,
    });
    expect(rollback.status).toBe('OK');
    expect((await turnoverOf(m)).outstanding).toBe('70.00');
    // A stake larger than the outstanding stops it at zero.
    await play(t, m.id, 70_00n + 1n);
    expect((await turnoverOf(m)).outstanding).toBe('0.00');
    // The excess is not banked: the next deposit needs its own turnover in full.
    await t.setConfig('withdrawal', (w) => ({ ...w, turnoverMultiple: 1.5 }));
    await deposit(t, m, '100.00');
    expect(await turnoverOf(m)).toEqual({ outstanding: '150.00', multiple: 1.5, met: false });
    // A later change of the multiple does not rewrite what a credit asked for.
    await t.resetConfig();
    expect((await turnoverOf(m)).outstanding).toBe('150.00');
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });
});

describe('issue 23 #2 money shared by an agent', () => {
  async function agentWithDownline() {
    const members = repositories(t).members;
    const agent = await emptyCashierMember();
    await t.db.database.tx((tx) => members.update(agent.id, { isAgent: 1 }, tx));
    const downline = await emptyCashierMember();
    await t.db.database.tx((tx) => members.update(downline.id, { uplineId: agent.id }, tx));
    return { agent, downline };
  }
  const share = async (agent: CashierMember, downline: CashierMember, amount: string) => {
    const res = await agent.c.enc('POST', '/wps/agent/share', { paymentPassword: PAYMENT_PASSWORD, requestKey: randomUUID(), downline: downline.username, amount });
    return { status: res.statusCode, ...body(res) };
  };

  it('issue 23 #2 the receiver of a share cannot withdraw until it is staked', async () => {
    const { agent, downline } = await agentWithDownline();
    await deposit(t, agent, '1000.00');
    await play(t, agent.id, 1000_00n);
    expect((await turnoverOf(agent)).outstanding).toBe('0.00');
    expect(await share(agent, downline, '400.00')).toMatchObject({ status: 200, success: true });
    expect(await requestWithdrawal(downline, { amount: '400.00' })).toMatchObject({
      status: 403,
      message: 'withdrawal_turnover_not_met',
      details: { outstanding: '400.00' },
    });
    await play(t, downline.id, 400_00n);
    expect(await requestWithdrawal(downline, { amount: '400.00' })).toMatchObject({ status: 200, success: true });
  });

  it('issue 23 #2 shared money carries the sender\'s outstanding pro rata, rounded so nothing is lost', async () => {
    const { agent, downline } = await agentWithDownline();
    // 1,000.00 deposited at 3x: 3,000.00 outstanding on a 1,000.00 balance.
    await t.setConfig('withdrawal', (w) => ({ ...w, turnoverMultiple: 3 }));
    await deposit(t, agent, '1000.00');
    await t.resetConfig();
    // 200.00 of 1,000.00 takes 600.00 of the 3,000.00 along (more than the receiver's own 1x of 200.00).
    expect(await share(agent, downline, '200.00')).toMatchObject({ status: 200 });
    expect((await turnoverOf(agent)).outstanding).toBe('2400.00');
    expect((await turnoverOf(downline)).outstanding).toBe('600.00');
    // 2,400.00 outstanding on 800.00: 3.33 carries 2,400.00 x 3.33 / 800.00 = 9.99 exactly.
    expect(await share(agent, downline, '3.33')).toMatchObject({ status: 200 });
    expect((await turnoverOf(agent)).outstanding).toBe('2390.01');
    expect((await turnoverOf(downline)).outstanding).toBe('609.99');
    // A 0.01 stake: 2,390.00 on 796.66. Then 2,390.00 x 1.00 / 796.66 = 3.00002...: rounded up to 3.01, the
    // same amount leaving and arriving.
    await bet(agent.id, 1n);
    expect(await share(agent, downline, '1.00')).toMatchObject({ status: 200 });
    expect((await turnoverOf(agent)).outstanding).toBe('2386.99');
    expect((await turnoverOf(downline)).outstanding).toBe('613.00');
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });
});

describe('issue 23 #2 ledger:verify checks the wagering outstanding', () => {
  it('issue 23 #2 a stored outstanding that disagrees with the entries is a violation; clean otherwise', async () => {
    const m = await emptyCashierMember();
    await deposit(t, m, '500.00');
    await bet(m.id, 120_00n);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
    const code = accounts.main(m.id);
    await t.db.database.db.execute(sql`update ledger_accounts set wagering_outstanding = 0 where code = ${code}`);
    const tampered = await t.app.services.wallet.verify();
    expect(tampered.violations).toEqual([{ rule: 'wagering outstanding equals the sum of its entries', count: 1 }]);
    await t.db.database.db.execute(sql`update ledger_accounts set wagering_outstanding = 38000 where code = ${code}`);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
    // An account that never had an entry may not carry an outstanding either.
    const other = await createMember(t);
    await t.db.database.db.execute(
      sql`insert into ledger_accounts (code, member_id, class, currency, wagering_outstanding) values (${accounts.main(other.id)}, ${other.id}, 'real', 'THB', 1)
        on conflict (code) do update set wagering_outstanding = 1`,
    );
    expect((await t.app.services.wallet.verify()).violations).toEqual([{ rule: 'wagering outstanding equals the sum of its entries', count: 1 }]);
    await t.db.database.db.execute(sql`update ledger_accounts set wagering_outstanding = 0 where code = ${accounts.main(other.id)}`);
  });
});
