import { parseMinor } from '@lotus/contracts/money';

/** An amount as the member types it: digits with at most two decimals ("500", "1000.50"; contracts ZAmountInput). */
const AMOUNT_INPUT = /^\d{1,13}(\.\d{1,2})?$/;

export type TAmountError = 'amount_required' | 'amount_invalid' | 'amount_below_min' | 'amount_above_max' | 'amount_over_today';

/**
 * Why a typed amount cannot be sent, or null: in minor units against the limits (decimal strings
 * from the server), never through floating point (9.C.04).
 */
export function checkAmount(text: string, limits: { min: string; max: string; remaining?: string }): TAmountError | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return 'amount_required';
  if (!AMOUNT_INPUT.test(value)) return 'amount_invalid';
  const minor = parseMinor(value) ?? 0n;
  if (minor <= 0n || minor < (parseMinor(limits.min) ?? 0n)) return 'amount_below_min';
  if (minor > (parseMinor(limits.max) ?? 0n)) return 'amount_above_max';
  if (limits.remaining !== undefined && minor > (parseMinor(limits.remaining) ?? 0n)) return 'amount_over_today';
  return null;
}

/** The typed amount as sent ("1,000.5" -> "1000.5"). */
export const amountForWire = (text: string) => text.trim().replace(/,/g, '');
