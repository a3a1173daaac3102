import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp, tierGoesUp } from './agent';

describe('agent contract rates and tiers (docs/adr/0100: integers, no float drift)', () => {
  it('a typed percent becomes integer basis points digit by digit', () => {
    expect(percentToBp('0.45')).toBe(45);
    // 0.29 * 100 is 28.999999999999996 in floating point; read as digits it is 29.
    expect(percentToBp('0.29')).toBe(29);
    expect(percentToBp('0.57')).toBe(57);
    expect(percentToBp('1.1')).toBe(110);
    expect(percentToBp('12.5')).toBe(1250);
    expect(percentToBp(' 3 ')).toBe(300);
    expect(percentToBp('0,5')).toBe(50);
    expect(percentToBp('100')).toBe(10_000);
    for (const bad of ['', '0', '0.00', '0.001', '100.01', '101', '-1', '1e2', 'abc', '.5'])
      expect(percentToBp(bad), bad).toBeNull();
  });

  it('basis points show as a percent with two decimals', () => {
    expect(bpToPercent(45)).toBe('0.45');
    expect(bpToPercent(1250)).toBe('12.50');
    expect(bpToPercent(10_000)).toBe('100.00');
    expect(bpToPercent(0)).toBe('0.00');
  });

  it('a tier goes up when it asks at least as much of both thresholds, more of one, and pays more', () => {
    const t = (minBase: bigint, minActive: number, rateBp: number) => ({ minBase, minActive, rateBp });
    expect(tierGoesUp(t(100_00n, 1, 50), t(100_01n, 1, 80))).toBe(true);
    expect(tierGoesUp(t(100_00n, 1, 50), t(100_00n, 2, 80))).toBe(true);
    expect(tierGoesUp(t(100_00n, 1, 50), t(100_00n, 1, 80))).toBe(false);
    expect(tierGoesUp(t(100_00n, 1, 50), t(200_00n, 2, 50))).toBe(false);
    expect(tierGoesUp(t(200_00n, 1, 50), t(100_00n, 3, 80))).toBe(false);
  });
});
