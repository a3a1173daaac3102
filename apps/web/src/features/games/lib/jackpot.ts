/**
 * The /rng jackpot counter's client display (2.JP, decision 2.JP.04 in ADR 0051). Amounts are integer
 * minor units (hundredths). Until the house vendor's jackpot value is served, the start is derived from
 * the time: a base at the start of the current UTC month plus one step per elapsed interval, so every
 * visitor sees the same figure at the same moment and it never jumps backwards within a month.
 */
export const JACKPOT_STEP_MINOR = 16_511n; // 165.11 (2.JP.03)
export const JACKPOT_INTERVAL_MS = 3000; // (2.JP.03)
export const JACKPOT_BASE_MINOR = 1_000_000_000n; // 10,000,000.00 at the start of each month

export function jackpotStartMinor(nowMs: number): bigint {
  const now = new Date(nowMs);
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const steps = BigInt(Math.floor((nowMs - monthStart) / JACKPOT_INTERVAL_MS));
  return JACKPOT_BASE_MINOR + steps * JACKPOT_STEP_MINOR;
}
