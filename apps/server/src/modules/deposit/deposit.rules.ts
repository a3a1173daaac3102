import type { TDepositStatus } from '@lotus/contracts/cashier';

/**
 * Pure rules of deposits (docs/adr/0027-cashier-deposits.md): the member's day, the channel limits,
 * which statuses each decision may leave.
 */


export type ChannelLimits = { minMinor: bigint; maxMinor: bigint; dailyLimitMinor: bigint };

/** The catalogue key refusing `amount` on a channel given what the member deposited there today, or null. */
export function limitError(
  limits: ChannelLimits,
  amountMinor: bigint,
  usedTodayMinor: bigint,
): 'deposit_amount_below_min' | 'deposit_amount_above_max' | 'deposit_daily_limit' | null {
  if (amountMinor < limits.minMinor || amountMinor <= 0n) return 'deposit_amount_below_min';
  if (amountMinor > limits.maxMinor) return 'deposit_amount_above_max';
  if (usedTodayMinor + amountMinor > limits.dailyLimitMinor) return 'deposit_daily_limit';
  return null;
}

/** What is left of the daily limit (never below zero). */
export const remainingToday = (limits: ChannelLimits, usedTodayMinor: bigint): bigint =>
  limits.dailyLimitMinor > usedTodayMinor ? limits.dailyLimitMinor - usedTodayMinor : 0n;

/** Statuses that count against the daily limit: open or credited deposits. */
export const COUNTED_STATUSES: TDepositStatus[] = ['pending', 'awaiting_approval', 'credited'];
/** From where a deposit may be credited: operator approval or a paid callback (a late payment of an expired one too). */
export const CREDITABLE: TDepositStatus[] = ['pending', 'awaiting_approval', 'expired'];
/** From where an operator may reject. */
export const REJECTABLE: TDepositStatus[] = ['pending', 'awaiting_approval'];
/** From where a failed PSP callback fails a deposit. */
export const FAILABLE: TDepositStatus[] = ['pending'];
