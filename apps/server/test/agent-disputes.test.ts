import type { TAgentBill } from '@lotus/contracts/agent';
import type { TOpsAgentTree } from '@lotus/contracts/ops-agents';
import { accounts } from '@lotus/ledger/accounts';
import { describe, expect, it, vi } from 'vitest';
import { agentKit, MIN, tier } from './agent-helpers';
import type { Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import { balanceOf } from './withdrawal-helpers';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * Bills disputed and periods settled again after a correction (issue 28's console; docs/adr/0101): an agent disputes
 * a bill it is paid or pays (its payment held), an operator upholds it (back to what it was) or, after a correction
 * in the ledger (a bet voided by a reversal), has a second operator approve settling the period again: every bill of
 * the period is reversed (a paid one through a ledger reversal) and the next revision's bills are written from the
 * ledger as it is now, and paid; never an edit. The console's tree shows agents with their contracts and balances.
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, memberUnder, contracts, play, opsBills, settle, betOf } = agentKit(t);

const DAY = 24 * 60 * MIN;

/** The daily period that holds bills (the one the members played in). */
async function playedDay(): Promise<{ id: number; revision: number; bills: number }> {
  const res = await t.ops('GET', '/ops/agents/periods');
  const list = body<{ list: { id: number; kind: string; revision: number; bills: number }[] }>(res).value!
    .list;
  const found = list.filter((p) => p.kind === 'daily' && p.bills > 0);
  return found[found.length - 1]!;
}

const dispute = (m: Member, id: number, reason: unknown) =>
  m.c.inject({ method: 'POST', url: `/wps/agent/bills/${id}/dispute`, payload: { reason } });

describe('agent bills: disputes, settling again, the tree', () => {
  it('an agent disputes a bill (held, once, only its own); an operator upholds it; a voided bet and a period settled again reverse the bills and pay the new ones', async () => {
    const top = await agentOf('dpt');
    const sub = await agentOf('dps', top);
    const outsider = await agentOf('dpo');
    await contracts(top, sub, 'daily', { tiers: [tier('0', 0, 100)] }, { tiers: [tier('0', 0, 50)] });
    const v = vendorCaller(t, await createVendor(t));
    const a = await memberUnder(top);
    const b = await memberUnder(sub);
    await fundMember(t, a.id, 1_000_00n);
    await fundMember(t, b.id, 1_000_00n);
    // Inside one 5-minute window of the database's clock (so one Bangkok day), with at least 30 s of it left.
    await vi.waitUntil(() => Date.now() % (5 * MIN) < 4.5 * MIN, { timeout: 40_000, interval: 500 });
    await play(v, a, '400.00', '0');
    await play(v, b, '600.00', '0');
    await play(v, b, '200.00', '0');

    t.clock.advance(2 * DAY);
    await settle();
    // Two days on, the sessions have ended: the agents log in again.
    for (const m of [top, sub, outsider]) await m.c.login(m.username, m.password);
    // The team of the top agent staked 1,200.00: 1 % = 12.00; the sub-agent's 800.00: 0.5 % = 4.00, paid by the top.
    const first = (await opsBills('kind=daily')).list;
    expect(first.map((x) => [x.agent, x.amount, x.status, x.revision]).sort()).toEqual(
      [
        [sub.username, '4.00', 'paid', 0],
        [top.username, '12.00', 'paid', 0],
      ].sort(),
    );
    const subBill = first.find((x) => x.agent === sub.username)!;

    // Someone else's bill answers like one that does not exist; a reason is required; the sub-agent's own is disputed once.
    expect(body(await dispute(outsider, subBill.id, 'not mine'))).toMatchObject({
      success: false,
      message: 'agent_bill_not_found',
    });
    const empty = await dispute(sub, subBill.id, '');
    expect(empty.statusCode).toBe(400);
    const held = await dispute(sub, subBill.id, 'A member of mine had a voided round that day');
    expect(held.statusCode, held.body).toBe(200);
    expect(body<TAgentBill>(held).value).toMatchObject({
      status: 'disputed',
      dispute: { by: 'agent', reason: 'A member of mine had a voided round that day' },
    });
    expect(body(await dispute(sub, subBill.id, 'again'))).toMatchObject({
      success: false,
      message: 'agent_bill_not_disputable',
    });
    // The payer may dispute the bills it pays too (here already disputed).
    expect(body(await dispute(top, subBill.id, 'too much'))).toMatchObject({
      success: false,
      message: 'agent_bill_not_disputable',
    });

    // Upheld: back to paid, nothing moved; upholding again is refused.
    const upheld = await t.ops('POST', `/ops/agents/bills/${subBill.id}/uphold`, {
      reason: 'Checked against the rounds: correct',
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(body<TAgentBill>(upheld).value).toMatchObject({
      status: 'paid',
      resolution: 'Checked against the rounds: correct',
    });
    expect(
      (await t.ops('POST', `/ops/agents/bills/${subBill.id}/uphold`, { reason: 'again' })).statusCode,
    ).toBe(409);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(4_00n);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(8_00n);

    // The correction: the 600.00 bet is voided (an operator's ledger reversal, approved by a second operator).
    const bet = await betOf(b.id, 600_00n);
    expect(
      await t.opsApproved('POST', `/ops/ledger/transactions/${bet}/reverse`, {
        reason: 'round voided by the vendor',
      }),
    ).toMatchObject({
      status: 'approved',
    });
    // Settling the day again is a four-eyes request; unknown periods are refused before any request.
    expect(
      (await t.ops('POST', '/ops/agents/periods/999999/resettle', { reason: 'bet voided by the vendor' }))
        .statusCode,
    ).toBe(404);
    const day = await playedDay();
    expect(
      await t.opsApproved('POST', `/ops/agents/periods/${day.id}/resettle`, {
        reason: 'bet voided by the vendor',
      }),
    ).toMatchObject({
      status: 'approved',
    });
    // The old bills are reversed (money back to each payer), the new ones pending until the payment run.
    let now = (await opsBills('kind=daily')).list;
    expect(now.filter((x) => x.revision === 0).map((x) => x.status)).toEqual(['reversed', 'reversed']);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(0n);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(0n);
    await settle();
    now = (await opsBills('kind=daily')).list;
    // Without the voided 600.00: the top agent's team staked 600.00 (6.00), the sub-agent's 200.00 (1.00).
    expect(
      now
        .filter((x) => x.revision === 1)
        .map((x) => [x.agent, x.amount, x.status])
        .sort(),
    ).toEqual(
      [
        [sub.username, '1.00', 'paid'],
        [top.username, '6.00', 'paid'],
      ].sort(),
    );
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(1_00n);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(5_00n);
    expect(await balanceOf(t, accounts.commission)).toBe(-6_00n);
    const periods = body<{ list: { id: number; revision: number }[] }>(
      await t.ops('GET', '/ops/agents/periods'),
    ).value!.list;
    expect(periods.find((p) => p.id === day.id)?.revision).toBe(1);
    // My income lists both revisions, each with its status.
    const mine = body<{ list: TAgentBill[] }>(await sub.c.get('/wps/agent/bills?kind=daily')).value!.list;
    expect(mine.map((x) => [x.amount, x.status, x.revision])).toEqual(
      expect.arrayContaining([
        ['1.00', 'paid', 1],
        ['4.00', 'reversed', 0],
      ]),
    );
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);

    // The console's tree: the top-level agents, then one level down with the path, contracts and balances.
    const roots = body<TOpsAgentTree>(await t.ops('GET', `/ops/agents/tree?search=${top.username}`)).value!;
    expect(roots.path).toEqual([]);
    expect(roots.list).toEqual([
      expect.objectContaining({
        username: top.username,
        isAgent: true,
        balance: '5.00',
        contracts: [expect.objectContaining({ kind: 'daily', status: 'active', topRateBp: 100 })],
      }),
    ]);
    const below = body<TOpsAgentTree>(await t.ops('GET', `/ops/agents/tree?upline=${top.username}`)).value!;
    expect(below.path).toEqual([top.username]);
    expect(below.list.map((n) => [n.username, n.isAgent, n.balance]).sort()).toEqual(
      [
        [sub.username, true, '1.00'],
        [a.username, false, '600.00'],
      ].sort(),
    );
    // A name that is nobody answers an empty level; bad input is refused with its key.
    expect(body<TOpsAgentTree>(await t.ops('GET', '/ops/agents/tree?upline=nobody_here')).value).toEqual({
      path: [],
      list: [],
      total: 0,
    });
    expect((await t.ops('GET', '/ops/agents/tree?upline=bad%20name')).statusCode).toBe(400);
  }, 90_000);
});
