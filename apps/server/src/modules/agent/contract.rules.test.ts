import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dominates,
  periodAt,
  rateAt,
  settle,
  termsOf,
  type SettleContract,
  type Tier,
  type TreeMember,
} from './contract.rules';

/**
 * The agent contracts' arithmetic (issue 28, docs/adr/0100) against a reference calculator written separately here:
 * teams found by each member's list of ancestors rather than by walking up once, the tier picked as the best rate
 * whose thresholds are met rather than by scanning down. No outside oracle exists for these contracts.
 */

type World = {
  members: TreeMember[];
  play: Map<number, { stakes: bigint; wins: bigint }>;
  contracts: SettleContract[];
};

function ancestors(members: TreeMember[], id: number): Set<number> {
  const byId = new Map(members.map((m) => [m.id, m]));
  const out = new Set<number>();
  let up = byId.get(id)?.uplineId ?? null;
  while (up !== null) {
    out.add(up);
    up = byId.get(up)?.uplineId ?? null;
  }
  return out;
}

function referenceRate(tiers: Tier[], base: bigint, active: number): number {
  return Math.max(0, ...tiers.filter((t) => base >= t.minBase && active >= t.minActive).map((t) => t.rateBp));
}

/** The reference: what each contract earns over the world's play (no carries, minimum payout 0). */
function reference(w: World, kind: 'daily' | 'dividend') {
  return w.contracts.map((c) => {
    let stakes = 0n;
    let wins = 0n;
    let active = 0;
    for (const m of w.members) {
      if (!m.real || !ancestors(w.members, m.id).has(c.agentId)) continue;
      const p = w.play.get(m.id);
      if (!p) continue;
      stakes += p.stakes;
      wins += p.wins;
      if (p.stakes > 0n) active++;
    }
    const base = kind === 'dividend' ? stakes - wins : stakes;
    const raw = (base * BigInt(referenceRate(c.tiers, base, active))) / 10_000n;
    return { contractId: c.id, base, active, amount: raw > 0n ? raw : 0n };
  });
}

const tiersArb = fc
  .array(
    fc.tuple(
      fc.integer({ min: 0, max: 50_000 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 1, max: 300 }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((steps) => {
    // Increasing by construction: each tier adds to the one before.
    let base = 0n;
    let active = 0;
    let rate = 0;
    return steps.map(([db, da, dr], i) => {
      base += BigInt(db) * 100n + (i === 0 ? 0n : 1n);
      active += da;
      rate += dr;
      return { minBase: base, minActive: active, rateBp: Math.min(rate, 10_000) };
    });
  })
  .filter((tiers) => tiers.every((t, i) => i === 0 || t.rateBp > tiers[i - 1]!.rateBp));

/** A downline's tiers under an upline's: the same thresholds, each rate scaled down (so the differential holds). */
const under = (tiers: Tier[], share: number): Tier[] =>
  tiers.map((t) => ({ ...t, rateBp: Math.max(1, Math.floor((t.rateBp * share) / 100)) }));

const worldArb = (kind: 'daily' | 'dividend') =>
  fc
    .record({
      size: fc.integer({ min: 2, max: 40 }),
      seed: fc.array(fc.nat(), { minLength: 120, maxLength: 120 }),
      stakes: fc.array(fc.bigInt({ min: 0n, max: 5_000_000n }), { minLength: 40, maxLength: 40 }),
      wins: fc.array(fc.bigInt({ min: 0n, max: 8_000_000n }), { minLength: 40, maxLength: 40 }),
      top: tiersArb,
      shares: fc.array(fc.integer({ min: 10, max: 100 }), { minLength: 40, maxLength: 40 }),
    })
    .map(({ size, seed, stakes, wins, top, shares }): World => {
      const members: TreeMember[] = [];
      for (let i = 0; i < size; i++) {
        const id = 1001 + i;
        const uplineId = i === 0 || seed[i]! % 5 === 0 ? null : 1001 + (seed[i]! % i);
        members.push({ id, uplineId, real: seed[i + 40]! % 9 !== 0 });
      }
      const play = new Map<number, { stakes: bigint; wins: bigint }>();
      members.forEach((m, i) => {
        if (seed[i + 80]! % 3 !== 0) play.set(m.id, { stakes: stakes[i]!, wins: wins[i]! });
      });
      // Agents: some members; a contract for an agent whose nearest contracted ancestor's tiers it stays under.
      const contracts: SettleContract[] = [];
      const tiersOf = new Map<number, Tier[]>();
      members.forEach((m, i) => {
        if (seed[i]! % 2 !== 0) return;
        let up = m.uplineId;
        while (up !== null && !tiersOf.has(up)) up = members.find((x) => x.id === up)!.uplineId;
        const tiers = up === null ? top : under(tiersOf.get(up)!, shares[i]!);
        tiersOf.set(m.id, tiers);
        contracts.push({ id: contracts.length + 1, agentId: m.id, uplineId: up, kind, tiers, minPayout: 0n });
      });
      return { members, play, contracts };
    });

describe('agent contract settlement (issue 28)', () => {
  it('each bill is what the reference calculator finds for its team: turnover, active members, tier, amount', () => {
    fc.assert(
      fc.property(worldArb('daily'), (w) => {
        const bills = settle({ ...w, carries: new Map() });
        const ref = reference(w, 'daily');
        expect(
          bills.map((b) => ({
            contractId: b.contractId,
            base: b.calculation.base,
            active: b.calculation.activeMembers,
            amount: b.amount,
          })),
        ).toEqual(ref);
      }),
      { numRuns: 200 },
    );
  });

  it('a dividend is the share of net loss (stakes - wins); a team that won is paid nothing and carries its loss forward', () => {
    fc.assert(
      fc.property(worldArb('dividend'), (w) => {
        const bills = settle({ ...w, carries: new Map() });
        const ref = reference(w, 'dividend');
        bills.forEach((b, i) => {
          expect(b.amount).toBe(ref[i]!.amount);
          expect(b.calculation.base).toBe(ref[i]!.base);
          if (b.calculation.base < 0n) expect(b.carryOut).toBeLessThanOrEqual(0n);
          expect(b.amount === 0n || b.carryOut === 0n).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('differential: no agent pays its downline agents more than its own contract earns on the same period (turnover)', () => {
    fc.assert(
      fc.property(worldArb('daily'), (w) => {
        const bills = settle({ ...w, carries: new Map() });
        for (const b of bills) {
          const paidDown = bills.filter((x) => x.payerId === b.agentId).reduce((s, x) => s + x.amount, 0n);
          expect(b.amount - paidDown).toBeGreaterThanOrEqual(0n);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('conservation: what the agents keep, added up, is exactly what the platform pays its top-level agents', () => {
    fc.assert(
      fc.property(worldArb('daily'), (w) => {
        const bills = settle({ ...w, carries: new Map() });
        const platform = bills.filter((b) => b.payerId === null).reduce((s, b) => s + b.amount, 0n);
        const kept = new Map<number, bigint>();
        for (const b of bills) {
          kept.set(b.agentId, (kept.get(b.agentId) ?? 0n) + b.amount);
          if (b.payerId !== null) kept.set(b.payerId, (kept.get(b.payerId) ?? 0n) - b.amount);
        }
        expect([...kept.values()].reduce((s, x) => s + x, 0n)).toBe(platform);
      }),
      { numRuns: 100 },
    );
  });

  it('tiers are monotonic: more turnover or more active members never lowers the rate', () => {
    fc.assert(
      fc.property(
        tiersArb,
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.nat(20),
        fc.nat(5),
        (tiers, base, more, active, moreActive) => {
          expect(rateAt(tiers, base + more, active + moreActive).rateBp).toBeGreaterThanOrEqual(
            rateAt(tiers, base, active).rateBp,
          );
        },
      ),
    );
  });

  it('the differential check: a contract that passes it pays no more than its upline at any team figures; one that does not, somewhere more', () => {
    fc.assert(
      fc.property(
        tiersArb,
        tiersArb,
        fc.bigInt({ min: 0n, max: 30_000_000n }),
        fc.nat(20),
        (up, down, base, active) => {
          if (dominates(up, down))
            expect(rateAt(down, base, active).rateBp).toBeLessThanOrEqual(rateAt(up, base, active).rateBp);
          else {
            const points = [...up, ...down].flatMap((a) =>
              [...up, ...down].map((b) => [a.minBase, b.minActive] as const),
            );
            expect(
              points.some(([b, a]) => rateAt(down, b, a).rateBp > rateAt(up, b, a).rateBp) ||
                rateAt(down, 0n, 0).rateBp > rateAt(up, 0n, 0).rateBp,
            ).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('9.C.08 twelve 5-minute real-time windows add up to the hour within a satang per window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.array(fc.bigInt({ min: 0n, max: 2_000_000n }), { minLength: 12, maxLength: 12 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (rateBp, perMember) => {
          const members: TreeMember[] = [
            { id: 1, uplineId: null, real: true },
            ...perMember.map((_, i) => ({ id: 10 + i, uplineId: 1, real: true })),
          ];
          const contract: SettleContract = {
            id: 1,
            agentId: 1,
            uplineId: null,
            kind: 'realtime',
            tiers: [{ minBase: 0n, minActive: 0, rateBp }],
            minPayout: 0n,
          };
          const one = (window: number | null) =>
            settle({
              members,
              play: new Map(
                perMember.map((w, i) => [
                  10 + i,
                  { stakes: window === null ? w.reduce((s, x) => s + x, 0n) : w[window]!, wins: 0n },
                ]),
              ),
              contracts: [contract],
              carries: new Map(),
            })[0]!.amount;
          const hour = one(null);
          const windows = Array.from({ length: 12 }, (_, i) => one(i)).reduce((s, x) => s + x, 0n);
          expect(hour - windows).toBeGreaterThanOrEqual(0n);
          expect(hour - windows).toBeLessThanOrEqual(12n);
        },
      ),
    );
  });

  it('9.C.09 periods: a day starts at midnight in Bangkok, a week on Monday, half-months on the 1st and 16th; periods follow each other', () => {
    const bkk = (iso: string) => Date.parse(`${iso}+07:00`);
    expect(periodAt('day', bkk('2026-12-07T00:30:00'))).toEqual({
      start: bkk('2026-12-07T00:00:00'),
      end: bkk('2026-12-08T00:00:00'),
    });
    expect(periodAt('week', bkk('2026-12-06T23:59:00'))).toEqual({
      start: bkk('2026-11-30T00:00:00'),
      end: bkk('2026-12-07T00:00:00'),
    });
    expect(periodAt('halfmonth', bkk('2026-12-16T00:00:00'))).toEqual({
      start: bkk('2026-12-16T00:00:00'),
      end: bkk('2027-01-01T00:00:00'),
    });
    expect(periodAt('month', bkk('2027-02-28T12:00:00'))).toEqual({
      start: bkk('2027-02-01T00:00:00'),
      end: bkk('2027-03-01T00:00:00'),
    });
    expect(periodAt('5min', bkk('2026-12-07T10:07:59'))).toEqual({
      start: bkk('2026-12-07T10:05:00'),
      end: bkk('2026-12-07T10:10:00'),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('5min', 'hour', 'day', 'week', 'halfmonth', 'month' as const),
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        (cycle, t) => {
          const p = periodAt(cycle, t);
          expect(p.start <= t && t < p.end).toBe(true);
          expect(periodAt(cycle, p.end).start).toBe(p.end);
          expect(periodAt(cycle, p.start - 1).end).toBe(p.start);
        },
      ),
    );
  });

  it('refuses tiers that do not go up, with their catalogue key', () => {
    const tier = (minBase: string, minActive: number, rateBp: number) => ({ minBase, minActive, rateBp });
    expect(() =>
      termsOf({ kind: 'daily', tiers: [tier('100', 1, 50), tier('100', 1, 80)], minPayout: '0' }),
    ).toThrow('agent_contract_tiers_not_increasing');
    expect(() =>
      termsOf({ kind: 'daily', tiers: [tier('100', 1, 50), tier('200', 2, 50)], minPayout: '0' }),
    ).toThrow('agent_contract_tiers_not_increasing');
    expect(() =>
      termsOf({ kind: 'daily', tiers: [tier('200', 1, 50), tier('100', 3, 80)], minPayout: '0' }),
    ).toThrow('agent_contract_tiers_not_increasing');
    expect(
      termsOf({ kind: 'daily', tiers: [tier('100', 1, 50), tier('100.01', 1, 80)], minPayout: '0' }).tiers[1],
    ).toEqual({ minBase: 10_001n, minActive: 1, rateBp: 80 });
    expect(() => termsOf({ kind: 'dividend', tiers: [tier('0', 0, 50)], minPayout: '0' })).toThrow(
      'validation_failed',
    );
    expect(
      termsOf({ kind: 'dividend', cycle: 'halfmonth', tiers: [tier('0', 0, 50)], minPayout: '1' }).minPayout,
    ).toBe(100n);
  });
});
