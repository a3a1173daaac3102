import { addDays, bangkokDay, daysInRange, isDay } from '@lotus/contracts/calendar';
import { TEAM_RANGE_MAX_DAYS } from '@lotus/contracts/agent';

/**
 * The range of Bangkok days of Team betting and User profit and loss (contracts/agent.ts `ZTeamRangeQuery`): two days
 * YYYY-MM-DD, both included, at most TEAM_RANGE_MAX_DAYS (62) days. Checked here before any call.
 */
export type TTeamDayRange = { from: string; to: string };

/** The days a page opens on: the last 7 Bangkok days, today included. */
export const TEAM_RANGE_DEFAULT_DAYS = 7;

export function defaultTeamRange(now: number = Date.now()): TTeamDayRange {
  const today = bangkokDay(now);
  return { from: addDays(today, -(TEAM_RANGE_DEFAULT_DAYS - 1)), to: today };
}

/** `invalid`: a bound is not a day; `order`: from after to; `too_long`: more than 62 days. */
export type TTeamRangeError = 'invalid' | 'order' | 'too_long';

/** Why a range cannot be asked for, or null when it can. */
export function checkTeamRange({ from, to }: TTeamDayRange): TTeamRangeError | null {
  if (!isDay(from) || !isDay(to)) return 'invalid';
  if (from > to) return 'order';
  if (daysInRange(from, to) > TEAM_RANGE_MAX_DAYS) return 'too_long';
  return null;
}
