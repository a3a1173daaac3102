import { describe, expect, it, vi } from 'vitest';
import { agentKit, MIN, tier, type OpsBill } from './agent-helpers';
import { body, createClock, useTestApp } from './helper';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * Settling a period again after a correction (docs/adr/0101) may not change what an agent carried into a later
 * period that is already settled: refused with its key, nothing written. (A file of its own: periods are the whole
 * site's, and the dispute test settles the same days.)
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, memberUnder, contracts, play, opsBills, settle, betOf } = agentKit(t);

const DAY = 24 * 60 * MIN;

describe('agent periods settled again', () => {
  it('settling a period again is refused, nothing written, when it would change what was carried into a later settled period', async () => {
    const top = await agentOf('dct');
    const sub = await agentOf('dcs', top);
    // The sub-agent's wage is paid from 100.00 on: below it, it is carried into the next day.
    await contracts(
      top,
      sub,
      'daily',
      { tiers: [tier('0', 0, 100)] },
      { tiers: [tier('0', 0, 50)], minPayout: '100.00' },
    );
    const v = vendorCaller(t, await createVendor(t));
    const b = await memberUnder(sub);
    await fundMember(t, b.id, 1_000_00n);
    await vi.waitUntil(() => Date.now() % (5 * MIN) < 4.5 * MIN, { timeout: 40_000, interval: 500 });
    await play(v, b, '500.00', '0');
    t.clock.advance(2 * DAY);
    await settle();
    const before: OpsBill[] = (await opsBills(`kind=daily&agent=${sub.username}`)).list;
    // 0.5 % of 500.00 = 2.50, carried into the next day (which is settled too: it carries it on).
    expect(before.map((x) => [x.calculation.carriedOut, x.status])).toEqual([
      ['2.50', 'carried'],
      ['2.50', 'carried'],
    ]);
    const bet = await betOf(b.id, 500_00n);
    await t.opsApproved('POST', `/ops/ledger/transactions/${bet}/reverse`, { reason: 'round voided' });
    const played = before[before.length - 1]!;
    const periods = body<{ list: { id: number; kind: string; startsAt: string }[] }>(
      await t.ops('GET', '/ops/agents/periods'),
    ).value!.list;
    const day = periods.find((p) => p.kind === 'daily' && p.startsAt === played.periodStart)!;
    await expect(
      t.opsApproved('POST', `/ops/agents/periods/${day.id}/resettle`, { reason: 'bet voided' }),
    ).rejects.toThrow(/agent_period_carry_consumed/);
    expect(
      (await opsBills(`kind=daily&agent=${sub.username}`)).list.map((x) => [x.id, x.status, x.revision]),
    ).toEqual(before.map((x) => [x.id, x.status, 0]));
  }, 60_000);
});
