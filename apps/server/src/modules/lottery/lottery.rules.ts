import type { TLottoGame, TLottoRegion } from '@lotus/contracts/lottery';

/**
 * Pure rules of the lottery lobby (docs/adr/0093-lottery-lobby-calls.md): the open draw's times in whole seconds
 * (4.LOT.06), the weekdays a game draws on (2.LOB.03), its game type. No I/O.
 */

/**
 * remainTime and lockTime of an open draw at `at` (4.LOT.06), in whole seconds: remainTime from `at` to the close,
 * rounded down; lockTime from the lock to the close, rounded up. So remainTime - lockTime (what a page counts down
 * to the lock, 4.LOT.02) never promises a second the draw does not have.
 */
export function drawTimes(
  draw: { lockAt: Date; closeAt: Date },
  at: number,
): { remainTime: number; lockTime: number } {
  const close = draw.closeAt.getTime();
  return {
    remainTime: Math.max(0, Math.floor((close - at) / 1000)),
    lockTime: Math.max(0, Math.ceil((close - draw.lockAt.getTime()) / 1000)),
  };
}

const WEEKDAY_NUMBERS: Record<string, number> = { Sun: 1, Mon: 2, Tue: 3, Wed: 4, Thu: 5, Fri: 6, Sat: 7 };
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** The weekday of an instant in a time zone: 1 = Sunday ... 7 = Saturday (2.LOB.02). */
export function weekdayIn(at: Date, timeZone: string): number {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    weekdayFormats.set(timeZone, format);
  }
  const day = WEEKDAY_NUMBERS[format.format(at)];
  if (day === undefined) throw new Error(`no weekday for ${at.toISOString()} in ${timeZone}`);
  return day;
}

/**
 * drawDayOfWeek (2.LOB.03): the weekdays the game draws on, in order; a game drawn on dates (no weekdays, the Thai
 * Government Lottery) has the weekday of its next draw in its own zone, or none when no draw is open.
 */
export function drawDaysOf(
  game: { drawDays: readonly number[]; timeZone: string },
  nextDrawAt: Date | null,
): number[] {
  if (game.drawDays.length > 0) return [...game.drawDays].sort((a, b) => a - b);
  return nextDrawAt ? [weekdayIn(nextDrawAt, game.timeZone)] : [];
}

/** The lobby's game type of a region: ELOTT for electronic draws, LOTT for the others. */
export const gameTypeOf = (region: TLottoRegion): TLottoGame['gameType'] =>
  region === 'ELECTRONIC' ? 'ELOTT' : 'LOTT';

/** Whether a game passes the lobby's weekday filter (ALL, or 1-7 matched against drawDayOfWeek). */
export const onWeekday = (filter: string, game: Pick<TLottoGame, 'drawDayOfWeek'>): boolean =>
  filter === 'ALL' || game.drawDayOfWeek.includes(Number(filter));
