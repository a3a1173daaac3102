import { describe, expect, it } from 'vitest';
import { delayAfter, isLocked, liveFailures, waitMs, type ThrottlePolicy } from './throttle.rules';

const policy: ThrottlePolicy = {
  resetAfterMs: 60 * 60_000,
  freeFailures: 3,
  baseDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
};
const locking: ThrottlePolicy = { ...policy, lockAt: 10, lockMs: 60 * 60_000 };
const at = (failures: number, lastMs: number) => ({ failures, lastFailureAt: new Date(lastMs) });

describe('failure throttles (docs/adr/0020)', () => {
  it('the first failures are free, then the wait doubles up to the cap', () => {
    expect([0, 1, 2].map((f) => delayAfter(f, policy))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 8, 20].map((f) => delayAfter(f, policy) / 1000)).toEqual([
      30, 60, 120, 240, 480, 900, 900,
    ]);
  });

  it('from lockAt every failure waits the lock time', () => {
    expect(delayAfter(9, locking)).toBe(15 * 60_000);
    expect(delayAfter(10, locking)).toBe(60 * 60_000);
    expect(delayAfter(11, locking)).toBe(60 * 60_000);
  });

  it('the wait runs from the last failure; a quiet period forgets the count', () => {
    const t0 = 1_000_000_000;
    expect(waitMs(null, policy, t0)).toBe(0);
    expect(waitMs(at(3, t0), policy, t0 + 10_000)).toBe(20_000);
    expect(waitMs(at(3, t0), policy, t0 + 30_000)).toBe(0);
    expect(liveFailures(at(5, t0), policy, t0 + 59 * 60_000)).toBe(5);
    expect(liveFailures(at(5, t0), policy, t0 + 60 * 60_000)).toBe(0);
    expect(waitMs(at(50, t0), policy, t0 + 60 * 60_000)).toBe(0);
  });

  it('locked means a lock, not a mere delay', () => {
    const t0 = 2_000_000_000;
    expect(isLocked(at(9, t0), locking, t0 + 1000)).toBe(false);
    expect(isLocked(at(10, t0), locking, t0 + 1000)).toBe(true);
    expect(isLocked(at(10, t0), locking, t0 + 60 * 60_000)).toBe(false);
    expect(isLocked(at(10, t0), policy, t0 + 1000)).toBe(false);
  });
});
