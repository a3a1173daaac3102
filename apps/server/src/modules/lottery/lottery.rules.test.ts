import { describe, expect, it } from 'vitest';
import { drawDaysOf, drawTimes, gameTypeOf, onWeekday, weekdayIn } from './lottery.rules';

describe('lottery lobby rules (docs/adr/0093)', () => {
  it('4.LOT.06 remainTime is whole seconds to the close rounded down, lockTime whole seconds from lock to close rounded up', () => {
    const closeAt = new Date('2026-12-07T11:00:00.000Z');
    const lockAt = new Date('2026-12-07T10:59:00.000Z');
    expect(drawTimes({ lockAt, closeAt }, Date.parse('2026-12-07T10:00:00.000Z'))).toEqual({
      remainTime: 3600,
      lockTime: 60,
    });
    // 3599.5 s to the close: 3599, so remainTime - lockTime never overstates the time left to the lock.
    expect(drawTimes({ lockAt, closeAt }, Date.parse('2026-12-07T10:00:00.500Z'))).toEqual({
      remainTime: 3599,
      lockTime: 60,
    });
    expect(
      drawTimes({ lockAt: new Date(closeAt.getTime() - 4_200), closeAt }, closeAt.getTime() - 10_000),
    ).toEqual({ remainTime: 10, lockTime: 5 });
  });

  it('2.LOB.02 weekdays are 1 = Sunday ... 7 = Saturday, in the game zone', () => {
    expect(weekdayIn(new Date('2026-12-06T12:00:00Z'), 'Asia/Bangkok')).toBe(1); // Sunday
    expect(weekdayIn(new Date('2026-12-12T12:00:00Z'), 'Asia/Ho_Chi_Minh')).toBe(7); // Saturday
    // 18:00 UTC on Saturday is already Sunday in Bangkok.
    expect(weekdayIn(new Date('2026-12-12T18:00:00Z'), 'Asia/Bangkok')).toBe(1);
  });

  it('2.LOB.03 drawDayOfWeek: the game draw days, or for a game drawn on dates the weekday of its next draw', () => {
    expect(drawDaysOf({ drawDays: [7, 2], timeZone: 'Asia/Ho_Chi_Minh' }, null)).toEqual([2, 7]);
    // The Thai Government Lottery of 16 December 2026 (a Wednesday), 16:00 Bangkok.
    expect(drawDaysOf({ drawDays: [], timeZone: 'Asia/Bangkok' }, new Date('2026-12-16T09:00:00Z'))).toEqual([
      4,
    ]);
    expect(drawDaysOf({ drawDays: [], timeZone: 'Asia/Bangkok' }, null)).toEqual([]);
    expect(onWeekday('ALL', { drawDayOfWeek: [] })).toBe(true);
    expect(onWeekday('4', { drawDayOfWeek: [4] })).toBe(true);
    expect(onWeekday('5', { drawDayOfWeek: [4] })).toBe(false);
  });

  it('3.GAME.04 the game type is ELOTT for the electronic region, LOTT otherwise', () => {
    expect(gameTypeOf('ELECTRONIC')).toBe('ELOTT');
    for (const region of ['TH', 'VN_NORTH', 'VN_SOUTH', 'VN_CENTRAL'] as const)
      expect(gameTypeOf(region)).toBe('LOTT');
  });
});
