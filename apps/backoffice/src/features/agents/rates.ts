import { tierGoesUp } from '@lotus/contracts/agent';
import { formatAmountMinor, formatMinor, parseMinor } from '@lotus/contracts/money';

/**
 * Amounts and tiers of the agent contracts (docs/adr/0100) as operators type and read them. Rates travel in integer
 * basis points and are read and shown with the contracts' `percentToBp` / `bpToPercent` (no float drift).
 */

/** A percent as typed: at most three digits and two decimals ("0.45", "12", "100.00"). */
export const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
/** An amount as typed: digits with at most two decimals (the contract's money). */
export const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
/** A count of members as typed. */
export const COUNT = /^\d{1,7}$/;

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
    if (!tierGoesUp({ ...a, minBase: baseA }, { ...b, minBase: baseB })) return i + 1;
  }
  return null;
}
