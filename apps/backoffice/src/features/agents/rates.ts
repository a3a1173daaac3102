import { formatAmountMinor, formatMinor, parseMinor } from '@lotus/contracts/money';

/**
 * Rates and amounts of the agent contracts (docs/adr/0100) as operators type and read them. A rate travels in basis
 * points (1 = 0.01 %, an integer); operators see and type it in percent with two decimals. One percent-hundredth is
 * one basis point, the same arithmetic as money's satang (parseMinor, formatMinor): integers only, so "0.45" is 45,
 * never 44.99999.
 */

/** A percent as typed: at most three digits and two decimals ("0.45", "12", "100.00"). */
export const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** An amount as typed: digits with at most two decimals (the contract's money). */
export const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
/** A count of members as typed. */
export const COUNT = /^\d{1,7}$/;

/** The basis points of a percent as typed ("0.45" -> 45), null when it is not one. */
export function percentToBp(text: string): number | null {
  const value = text.trim();
  if (!PERCENT.test(value)) return null;
  const bp = parseMinor(value);
  return bp === null ? null : Number(bp);
}

/** Basis points as a percent with two decimals (45 -> "0.45"). */
export const bpToPercent = (bp: number): string => formatMinor(BigInt(bp));

/** An amount as the contract sends it, always with two decimals ("250" -> "250.00"); as typed when it is not one. */
export function wireAmount(text: string): string {
  const value = text.trim();
  const minor = AMOUNT.test(value) ? parseMinor(value) : null;
  return minor === null ? value : formatMinor(minor);
}

/** An amount for reading, with thousands separators and no currency sign ("1250" -> "1,250.00"). */
export function readAmount(text: string): string {
  const minor = parseMinor(text);
  return minor === null ? text : formatAmountMinor(minor);
}

type TTierFigures = { minBase: string; minActive: number; rateBp: number };

/**
 * The first tier (1-based) that does not go up from the one before, null when they all do: each asks at least as much
 * of both thresholds, more of one, and pays more (the server's rule, `agent_contract_tiers_not_increasing`).
 */
export function firstNotIncreasing(tiers: readonly TTierFigures[]): number | null {
  for (let i = 1; i < tiers.length; i++) {
    const a = tiers[i - 1]!;
    const b = tiers[i]!;
    const baseA = parseMinor(a.minBase);
    const baseB = parseMinor(b.minBase);
    if (baseA === null || baseB === null) continue;
    const asksMore = baseB >= baseA && b.minActive >= a.minActive && (baseB > baseA || b.minActive > a.minActive);
    if (!asksMore || b.rateBp <= a.rateBp) return i + 1;
  }
  return null;
}
