import type { TAgentContract, TAgentContracts } from '@lotus/contracts/agent';
import { accounts } from '@lotus/ledger/accounts';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createMember, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import { agentKit, MIN, sumOf, tier } from './agent-helpers';
import { balanceOf } from './withdrawal-helpers';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * Agent contracts (issue 28, docs/adr/0100) as operators, agents and the ledger see them: an operator makes a
 * top-level agent and offers it a contract (four-eyes), the agent offers its sub-agent a lower rate and the sub-agent
 * accepts through the spec's process calls; members of both play; the real-time salary, hourly salary and daily wage
 * are settled once per period, the platform paying the top agent and the top agent paying its sub-agent, through
 * the ledger. The tests share one database and move the clock forward only: rounds are timed by the database.
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, memberUnder, topContract, answer, offer, play, bills, opsBills, settle } = agentKit(t);

let top: Member;
let sub: Member;

describe('agent contracts', () => {
  it('2.OTH.02 3.CON.01 offers: only within your own rates, to a direct downline agent, tiers going up; an offer is answered once', async () => {
    top = await agentOf('agt');
    sub = await agentOf('ags', top);
    const outsider = await agentOf('ago');
    const plain = await memberUnder(top, 'pm');

    // No contract of your own yet: nothing to pass down.
    expect(
      body(await offer(top, { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 50)] })),
    ).toMatchObject({ message: 'agent_contract_upline_missing' });

    const rt = await topContract(top, { kind: 'realtime', tiers: [tier('0', 0, 100)] });
    expect(rt).toMatchObject({
      kind: 'realtime',
      cycle: '5min',
      upline: null,
      agent: top.username,
      tiers: [{ minBase: '0.00', minActive: 0, rateBp: 100 }],
    });
    // An operator gives contracts only to top-level agents.
    const notTop = await t.ops('POST', '/ops/agents/contracts', {
      agent: sub.username,
      kind: 'realtime',
      tiers: [tier('0', 0, 10)],
      reason: 'not allowed',
    });
    expect(body(notTop)).toMatchObject({ message: 'agent_not_top_level' });

    expect((await answer(top, 'realtime', rt.id, 'accept')).statusCode).toBe(200);
    // Accepting twice, or through another kind's call, is refused.
    expect(body(await answer(top, 'realtime', rt.id, 'accept'))).toMatchObject({
      message: 'agent_contract_not_pending',
    });
    expect(body(await answer(top, 'daily', rt.id, 'accept'))).toMatchObject({
      message: 'agent_contract_not_found',
    });

    const refused = [
      [
        { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 101)] },
        'agent_contract_rate_above_upline',
      ],
      [{ downline: top.username, kind: 'realtime', tiers: [tier('0', 0, 50)] }, 'agent_contract_self'],
      [
        { downline: outsider.username, kind: 'realtime', tiers: [tier('0', 0, 50)] },
        'agent_contract_not_downline',
      ],
      [
        { downline: plain.username, kind: 'realtime', tiers: [tier('0', 0, 50)] },
        'agent_contract_not_downline',
      ],
      [
        { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 50), tier('0', 0, 60)] },
        'agent_contract_tiers_not_increasing',
      ],
      [
        { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 50)], cycle: 'week' },
        'validation_failed',
      ],
    ] as const;
    for (const [input, key] of refused)
      expect(body(await offer(top, input)), key).toMatchObject({ success: false, message: key });
    const before = body<TAgentContracts>(await top.c.get('/wps/agent/contracts')).value!;
    expect(before.given).toEqual([]);

    const given = body<TAgentContract>(
      await offer(top, { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 60)] }),
    );
    expect(given.value).toMatchObject({
      agent: sub.username,
      upline: top.username,
      status: 'offered',
      tiers: [{ rateBp: 60 }],
    });
    expect(
      body(await offer(top, { downline: sub.username, kind: 'realtime', tiers: [tier('0', 0, 40)] })),
    ).toMatchObject({ message: 'agent_contract_pending_exists' });
    // A member that is not an agent cannot answer; the sub-agent can.
    expect((await answer(plain, 'realtime', given.value!.id, 'accept')).statusCode).toBe(403);
    expect(
      body<TAgentContract>(await answer(sub, 'realtime', given.value!.id, 'accept')).value,
    ).toMatchObject({ status: 'active' });
    // Now the top agent may not drop below what it gave: an offer of 50 bp to it is refused at acceptance.
    const lower = await topContract(top, { kind: 'realtime', tiers: [tier('0', 0, 50)] });
    expect(body(await answer(top, 'realtime', lower.id, 'accept'))).toMatchObject({
      message: 'agent_contract_below_downline',
    });
    expect(body(await answer(top, 'realtime', lower.id, 'refuse')).success).toBe(true);
  });

  it('9.C.08 the real-time salary of a 5-minute window: the platform pays the top agent, the top agent pays its sub-agent, once', async () => {
    // Hourly and daily contracts too, for the tests below: tiers on turnover and active members.
    for (const kind of ['hourly', 'daily'] as const) {
      const c = await topContract(top, { kind, tiers: [tier('0', 0, 20), tier('250', 2, 40)] });
      expect((await answer(top, kind, c.id, 'accept')).statusCode).toBe(200);
      const g = body<TAgentContract>(
        await offer(top, { downline: sub.username, kind, tiers: [tier('0', 0, 10), tier('250', 2, 30)] }),
      ).value!;
      expect((await answer(sub, kind, g.id, 'accept')).statusCode).toBe(200);
    }
    const v = vendorCaller(t, await createVendor(t));
    const m1 = await memberUnder(top);
    const m2 = await memberUnder(sub);
    const m3 = await memberUnder(sub);
    const stranger = await createMember(t, { prefix: 'px' });
    for (const m of [m1, m2, m3, stranger]) await fundMember(t, m.id, 1_000_00n);
    // The rounds are stamped by the database's clock: play them inside one 5-minute window (so one hour, one day),
    // starting with at least 30 s of it left.
    await vi.waitUntil(() => Date.now() % (5 * MIN) < 4.5 * MIN, { timeout: 40_000, interval: 500 });
    await play(v, m1, '100.00', '50.00');
    await play(v, m2, '150.00', '0');
    await play(v, m3, '50.00', '120.00');
    await play(v, stranger, '500.00', '0');

    // Nothing is settled before its window has ended.
    expect((await settle()).bills).toBe(0);
    t.clock.advance(6 * MIN);
    const [a, b] = await Promise.all([settle(), settle()]);
    expect(a.periods + b.periods).toBeGreaterThan(0);
    expect((await opsBills('kind=realtime')).total).toBe(2);

    // Team turnover: top 300.00 (m1, m2, m3) at 1 % = 3.00; sub 200.00 (m2, m3) at 0.6 % = 1.20.
    const topBill = (await bills(top, '&kind=realtime')).list;
    expect(topBill).toHaveLength(1);
    expect(topBill[0]).toMatchObject({
      amount: '3.00',
      payer: null,
      status: 'paid',
      calculation: {
        base: '300.00',
        stakes: '300.00',
        wins: '170.00',
        activeMembers: 3,
        tier: 1,
        rateBp: 100,
        amount: '3.00',
      },
    });
    const subBill = (await bills(sub, '&kind=realtime')).list;
    expect(subBill[0]).toMatchObject({
      amount: '1.20',
      payer: top.username,
      status: 'paid',
      calculation: { base: '200.00', activeMembers: 2, rateBp: 60 },
    });
    expect((await bills(top, '&kind=realtime&side=paid')).list.map((x) => x.id)).toEqual([subBill[0]!.id]);
    // The top agent keeps what it was paid less what it paid down (the hour may have ended too: both counted).
    const topGot = sumOf((await opsBills(`agent=${top.username}`)).list);
    const subGot = sumOf((await opsBills(`agent=${sub.username}`)).list);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(topGot - subGot);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(subGot);
    expect(topGot - subGot).toBeGreaterThanOrEqual(1_80n);

    // Again: nothing new, nothing paid twice.
    expect(await settle()).toMatchObject({ bills: 0, paid: 0 });
    expect(await balanceOf(t, accounts.main(top.id))).toBe(topGot - subGot);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  }, 60_000);

  it('9.C.09 periods missed while nothing ran are settled once when settlement runs again: the hour and the Bangkok day', async () => {
    t.clock.advance(26 * 60 * MIN);
    await settle();
    expect(await settle()).toMatchObject({ periods: 0, bills: 0, paid: 0 });
    // The hour of the play: turnover 300.00 and 3 active members reach the top agent's second tier (0.4 %) = 1.20;
    // the sub-agent's 200.00 is below 250.00, so its first tier (0.1 %) = 0.20. The Bangkok day: the same.
    const of = async (agent: Member, kind: string) =>
      (await opsBills(`agent=${agent.username}&kind=${kind}`)).list.map((x) => [
        x.amount,
        x.calculation.tier,
        x.calculation.rateBp,
        x.payer,
        x.status,
      ]);
    expect(await of(top, 'hourly')).toEqual([['1.20', 2, 40, null, 'paid']]);
    expect(await of(sub, 'hourly')).toEqual([['0.20', 1, 10, top.username, 'paid']]);
    expect(await of(top, 'daily')).toEqual([['1.20', 2, 40, null, 'paid']]);
    expect(await of(sub, 'daily')).toEqual([['0.20', 1, 10, top.username, 'paid']]);
    // Every 5-minute window, hour and day since the contracts began has its period row, once.
    const periods = await t.db.database.db.execute(
      sql`select kind, count(*)::int as n, count(distinct starts_at)::int as distinct_starts, min(starts_at) as first, max(ends_at) as last
        from agent_periods group by kind order by kind`,
    );
    const rows = (
      periods as unknown as {
        rows: { kind: string; n: number; distinct_starts: number; first: string; last: string }[];
      }
    ).rows;
    expect(rows.map((r) => r.kind)).toEqual(['daily', 'hourly', 'realtime']);
    for (const r of rows) {
      expect(r.n).toBe(r.distinct_starts);
      // No gap: as many periods as fit between the first start and the last end.
      const span = new Date(r.last).getTime() - new Date(r.first).getTime();
      expect(r.n).toBe(
        span / { daily: 24 * 60 * MIN, hourly: 60 * MIN, realtime: 5 * MIN }[r.kind as 'daily']!,
      );
    }
    expect(rows.find((r) => r.kind === 'hourly')!.n).toBeGreaterThanOrEqual(26);
    // The platform paid exactly the top agent's bills; the top agent kept its own less what it paid down.
    const topPaid = sumOf((await opsBills(`agent=${top.username}`)).list);
    const subPaid = sumOf((await opsBills(`agent=${sub.username}`)).list);
    expect(topPaid).toBe(3_00n + 1_20n + 1_20n);
    expect(await balanceOf(t, accounts.commission)).toBe(-topPaid);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(topPaid - subPaid);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(subPaid);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
  });
});
