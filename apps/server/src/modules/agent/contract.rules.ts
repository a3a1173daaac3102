import { BANGKOK_OFFSET_MS, DAY_MS } from '@lotus/contracts/calendar';
import {
  FIXED_CYCLE,
  tierGoesUp,
  type TAgentContractKind,
  type TAgentContractTerms,
  type TAgentCycle,
  type TAgentTier,
} from '@lotus/contracts/agent';
import { AppError } from '@lotus/contracts/app-error';
import { parseMinor } from '@lotus/contracts/money';

/**
 * The agent contracts' rules, without I/O (issue 28, docs/adr/0100): terms, the differential check, the periods in
 * Bangkok time, and one period's settlement over a tree of members.
 */

export type Tier = { minBase: bigint; minActive: number; rateBp: number };
export type Terms = { kind: TAgentContractKind; cycle: TAgentCycle; tiers: Tier[]; minPayout: bigint };

const minor = (value: string, field: string): bigint => {
  const v = parseMinor(value);
  if (v === null || v < 0n) throw new AppError('validation_failed', 400, { [field]: 'validation_failed' });
  return v;
};

/**
 * Terms from their contract form: a dividend names its cycle (week, halfmonth, month), the other kinds have
 * theirs; tiers go up: each asks at least as much turnover and as many active members as the one before, more of
 * one of them, and pays a higher rate (`agent_contract_tiers_not_increasing`).
 */
export function termsOf(input: TAgentContractTerms): Terms {
  const cycle: TAgentCycle | undefined = input.kind === 'dividend' ? input.cycle : FIXED_CYCLE[input.kind];
  if (!cycle || (input.kind !== 'dividend' && input.cycle !== undefined)) {
    throw new AppError('validation_failed', 400, { cycle: 'validation_failed' });
  }
  const tiers = input.tiers.map((t: TAgentTier, i) => ({
    minBase: minor(t.minBase, `tiers.${i}.minBase`),
    minActive: t.minActive,
    rateBp: t.rateBp,
  }));
  for (let i = 1; i < tiers.length; i++) {
    if (!tierGoesUp(tiers[i - 1]!, tiers[i]!)) {
      throw new AppError('agent_contract_tiers_not_increasing', 400, {
        tiers: 'agent_contract_tiers_not_increasing',
      });
    }
  }
  return { kind: input.kind, cycle, tiers, minPayout: minor(input.minPayout, 'minPayout') };
}

/** The tier a team reaches (1-based; 0 = none) and its rate: the highest whose two thresholds are met. */
export function rateAt(
  tiers: readonly Tier[],
  base: bigint,
  active: number,
): { tier: number; rateBp: number } {
  for (let i = tiers.length - 1; i >= 0; i--) {
    const t = tiers[i]!;
    if (base >= t.minBase && active >= t.minActive) return { tier: i + 1, rateBp: t.rateBp };
  }
  return { tier: 0, rateBp: 0 };
}

/**
 * The differential rule: a downline's contract never pays a higher rate than its upline's for the same team figures.
 * Both rates are step functions that only change at a threshold, so comparing them at every pair of thresholds of
 * either contract compares them everywhere. Since an upline's team holds its downline's team, its figures are at
 * least as high, its rate (tiers going up) at least the downline's, and what it earns at least what it pays down.
 */
export function dominates(upline: readonly Tier[], downline: readonly Tier[]): boolean {
  const bases = [0n, ...upline.map((t) => t.minBase), ...downline.map((t) => t.minBase)];
  const actives = [0, ...upline.map((t) => t.minActive), ...downline.map((t) => t.minActive)];
  for (const b of bases)
    for (const a of actives) if (rateAt(downline, b, a).rateBp > rateAt(upline, b, a).rateBp) return false;
  return true;
}

// ---------- periods (Bangkok time, UTC+7 all year) ----------

const FIXED_MS: Partial<Record<TAgentCycle, number>> = { '5min': 300_000, hour: 3_600_000, day: DAY_MS };

/** The period of a cycle that holds instant `t`: [start, end). */
export function periodAt(cycle: TAgentCycle, t: number): { start: number; end: number } {
  const fixed = FIXED_MS[cycle];
  if (fixed !== undefined) {
    const shift = cycle === 'day' ? BANGKOK_OFFSET_MS : 0;
    const start = Math.floor((t + shift) / fixed) * fixed - shift;
    return { start, end: start + fixed };
  }
  const local = new Date(t + BANGKOK_OFFSET_MS);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const at = (year: number, month: number, day: number) => Date.UTC(year, month, day) - BANGKOK_OFFSET_MS;
  if (cycle === 'week') {
    // Monday 00:00 Bangkok; 1 January 1970 was a Thursday (day 0 -> weekday index 3 from Monday).
    const days = Math.floor((t + BANGKOK_OFFSET_MS) / DAY_MS);
    const start = (days - ((days + 3) % 7)) * DAY_MS - BANGKOK_OFFSET_MS;
    return { start, end: start + 7 * DAY_MS };
  }
  if (cycle === 'halfmonth')
    return d < 16 ? { start: at(y, m, 1), end: at(y, m, 16) } : { start: at(y, m, 16), end: at(y, m + 1, 1) };
  return { start: at(y, m, 1), end: at(y, m + 1, 1) };
}

// ---------- one period's settlement ----------

export type TreeMember = { id: number; uplineId: number | null; real: boolean };
export type Play = { stakes: bigint; wins: bigint };
export type SettleContract = {
  id: number;
  agentId: number;
  uplineId: number | null;
  kind: TAgentContractKind;
  tiers: Tier[];
  minPayout: bigint;
};
export type Bill = {
  contractId: number;
  agentId: number;
  payerId: number | null;
  depth: number;
  amount: bigint;
  carryOut: bigint;
  calculation: {
    base: bigint;
    stakes: bigint;
    wins: bigint;
    activeMembers: number;
    tier: number;
    rateBp: number;
    carriedIn: bigint;
    amount: bigint;
    carriedOut: bigint;
  };
};

/** base x rate in basis points, rounded toward zero to the satang. */
export const applyRate = (base: bigint, rateBp: number): bigint => (base * BigInt(rateBp)) / 10_000n;

/**
 * One period of one kind: each contracted agent's team (every real member below it, at any depth; not the agent
 * itself), its stakes, wins and active members (members with a stake), the base (turnover, or net loss for a
 * dividend: stakes - wins), the tier and rate, the amount with what was carried in, and whether it is paid (at
 * least the minimum payout and above zero) or carried into the next period.
 */
export function settle(input: {
  members: readonly TreeMember[];
  play: ReadonlyMap<number, Play>;
  contracts: readonly SettleContract[];
  carries: ReadonlyMap<number, bigint>;
}): Bill[] {
  if (input.contracts.length === 0) return [];
  const byId = new Map<number, TreeMember>();
  for (const m of input.members) byId.set(m.id, m);
  const wanted = new Set(input.contracts.map((c) => c.agentId));
  // Each member's play goes up its chain of uplines to every contracted agent above it.
  const team = new Map<number, { stakes: bigint; wins: bigint; active: number }>();
  for (const id of wanted) team.set(id, { stakes: 0n, wins: 0n, active: 0 });
  for (const [memberId, p] of input.play) {
    const m = byId.get(memberId);
    if (!m || !m.real) continue;
    let up = m.uplineId;
    let guard = 0;
    while (up !== null && guard++ < 10_000) {
      const t = team.get(up);
      if (t) {
        t.stakes += p.stakes;
        t.wins += p.wins;
        if (p.stakes > 0n) t.active += 1;
      }
      up = byId.get(up)?.uplineId ?? null;
    }
  }
  const depthOf = (agentId: number) => {
    let depth = 0;
    let up = byId.get(agentId)?.uplineId ?? null;
    while (up !== null && depth < 10_000) {
      if (wanted.has(up)) depth++;
      up = byId.get(up)?.uplineId ?? null;
    }
    return depth;
  };
  return input.contracts.map((c) => {
    const t = team.get(c.agentId)!;
    const base = c.kind === 'dividend' ? t.stakes - t.wins : t.stakes;
    const { tier, rateBp } = rateAt(c.tiers, base, t.active);
    const carriedIn = input.carries.get(c.agentId) ?? 0n;
    const total = applyRate(base, rateBp) + carriedIn;
    const paid = total > 0n && total >= c.minPayout;
    const amount = paid ? total : 0n;
    const carryOut = paid ? 0n : total;
    return {
      contractId: c.id,
      agentId: c.agentId,
      payerId: c.uplineId,
      depth: depthOf(c.agentId),
      amount,
      carryOut,
      calculation: {
        base,
        stakes: t.stakes,
        wins: t.wins,
        activeMembers: t.active,
        tier,
        rateBp,
        carriedIn,
        amount,
        carriedOut: carryOut,
      },
    };
  });
}
