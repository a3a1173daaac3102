import { accounts } from '@lotus/ledger/accounts';
import { describe, expect, it, vi } from 'vitest';
import { agentKit, MIN, tier } from './agent-helpers';
import { createClock, useTestApp } from './helper';
import { balanceOf } from './withdrawal-helpers';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * A weekly dividend (issue 28, docs/adr/0100): a share of the team's net loss (stakes - wins). The upline pays its
 * sub-agent from its own wallet; when the sub-agent's team lost more than the upline's whole team, the upline is
 * short: the bill stays unpaid, nothing moves, and it is paid by a later run once the money is there.
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, memberUnder, contracts, play, bills, opsBills, settle } = agentKit(t);

describe('agent dividends', () => {
  it('a weekly dividend on net loss; an upline short of money leaves the bill unpaid, and a later run pays it once', async () => {
    const top = await agentOf('dvt');
    const sub = await agentOf('dvs', top);
    await contracts(
      top,
      sub,
      'dividend',
      { cycle: 'week', tiers: [tier('0', 0, 3000)] },
      { cycle: 'week', tiers: [tier('0', 0, 2000)] },
    );
    const v = vendorCaller(t, await createVendor(t));
    const winner = await memberUnder(top);
    const loser = await memberUnder(sub);
    await fundMember(t, winner.id, 1_000_00n);
    await fundMember(t, loser.id, 1_000_00n);
    // Inside one 5-minute window of the database's clock (so one week), with at least 30 s of it left.
    await vi.waitUntil(() => Date.now() % (5 * MIN) < 4.5 * MIN, { timeout: 40_000, interval: 500 });
    await play(v, winner, '100.00', '1000.00');
    await play(v, loser, '1000.00', '0');

    t.clock.advance(8 * 24 * 60 * MIN);
    const first = await settle();
    expect(first).toMatchObject({ paid: 1, unpaid: 1 });
    // The top agent's team lost 100.00 (1,000.00 - 900.00): 30 % = 30.00 from the platform.
    expect(
      (await opsBills(`agent=${top.username}`)).list.map((b) => [b.amount, b.status, b.calculation.base]),
    ).toEqual([['30.00', 'paid', '100.00']]);
    // The sub-agent's team lost 1,000.00: 20 % = 200.00, owed by the top agent, who has 30.00.
    expect((await opsBills(`agent=${sub.username}`)).list.map((b) => [b.amount, b.status, b.payer])).toEqual([
      ['200.00', 'unpaid', top.username],
    ]);
    expect(await balanceOf(t, accounts.main(top.id))).toBe(30_00n);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(0n);

    // Nothing changes while the money is not there.
    expect(await settle()).toMatchObject({ periods: 0, paid: 0, unpaid: 1 });
    await fundMember(t, top.id, 170_00n);
    expect(await settle()).toMatchObject({ paid: 1, unpaid: 0 });
    expect(await balanceOf(t, accounts.main(top.id))).toBe(0n);
    expect(await balanceOf(t, accounts.main(sub.id))).toBe(200_00n);
    expect(await settle()).toMatchObject({ paid: 0, unpaid: 0 });
    expect(await balanceOf(t, accounts.commission)).toBe(-30_00n);
    expect((await t.app.services.wallet.verify()).violations).toEqual([]);
    // The sub-agent sees it in My income, the top agent among what it paid.
    await sub.c.login(sub.username, sub.password);
    await top.c.login(top.username, top.password);
    const mine = (await bills(sub, '&kind=dividend')).list;
    expect(
      mine.map((b) => [
        b.amount,
        b.status,
        b.payer,
        b.calculation.stakes,
        b.calculation.wins,
        b.calculation.rateBp,
      ]),
    ).toEqual([['200.00', 'paid', top.username, '1000.00', '0.00', 2000]]);
    expect((await bills(top, '&side=paid')).list.map((b) => b.id)).toEqual(mine.map((b) => b.id));
  }, 60_000);
});
