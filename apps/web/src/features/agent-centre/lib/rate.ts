import { RATE_BP_MAX } from '@lotus/contracts/agent';

/** A rate as the agent types it: a percent with at most two decimals ("0.45", "12", "12.5"). */
const PERCENT_INPUT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A typed percent as integer basis points (1 = 0.01 %), read digit by digit so no float ever rounds it:
 * "0.45" -> 45, "12.5" -> 1250, "100" -> 10000. Null for anything else, 0 or above 100 %.
 */
export function percentToBp(text: string): number | null {
  const match = PERCENT_INPUT.exec(text.trim().replace(',', '.'));
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const bp = whole * 100 + fraction;
  return bp >= 1 && bp <= RATE_BP_MAX ? bp : null;
}

/** Basis points as a percent with two decimals, without the sign: 45 -> "0.45", 1250 -> "12.50". */
export function bpToPercent(bp: number): string {
  const value = Math.trunc(bp);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
