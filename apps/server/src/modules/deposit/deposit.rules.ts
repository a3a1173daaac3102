import { bangkokMinuteOfDay } from '@lotus/contracts/calendar';
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

/** A channel's opening hours as stored: "HH:MM" each, both null for always open (docs/adr/0084). */
export type ChannelHours = { opensAt: string | null; closesAt: string | null };

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/**
 * Whether a channel takes deposits at instant `t`: inside [opens, closes) of the Bangkok day, a window
 * with opens after closes running past midnight (22:00-02:00 is open at 23:00 and at 01:59, closed at
 * 02:00); no hours: always open.
 */
export function channelOpenAt(hours: ChannelHours, t: number): boolean {
  if (hours.opensAt === null || hours.closesAt === null) return true;
  const now = bangkokMinuteOfDay(t);
  const opens = minutesOf(hours.opensAt);
  const closes = minutesOf(hours.closesAt);
  return opens < closes ? now >= opens && now < closes : now >= opens || now < closes;
}

/** The hours as the contracts send them (`{opens, closes}`), null for always open. */
export const hoursView = (hours: ChannelHours): { opens: string; closes: string } | null =>
  hours.opensAt !== null && hours.closesAt !== null ? { opens: hours.opensAt, closes: hours.closesAt } : null;
