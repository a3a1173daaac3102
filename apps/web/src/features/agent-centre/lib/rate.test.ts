import { describe, expect, it } from 'vitest';
import { bpToPercent, percentToBp } from './rate';
import { readTiers } from './tiers';

describe('rates in basis points (docs/adr/0100: integers, no float drift)', () => {
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
    for (const bad of ['', '0', '0.00', '0.001', '100.01', '101', '-1', '1e2', 'abc', '.5']) expect(percentToBp(bad), bad).toBeNull();
  });

  it('basis points show as a percent with two decimals', () => {
    expect(bpToPercent(45)).toBe('0.45');
    expect(bpToPercent(1250)).toBe('12.50');
    expect(bpToPercent(10_000)).toBe('100.00');
    expect(bpToPercent(0)).toBe('0.00');
  });

  it('tiers go up in both thresholds (more of one) and in rate, compared in satang', () => {
    const ok = readTiers([
      { minBase: '1,000', minActive: '3', rate: '0.3' },
      { minBase: '1000', minActive: '5', rate: '0.45' },
      { minBase: '5000.50', minActive: '5', rate: '1' },
    ]);
    expect(ok).toEqual({
      tiers: [
        { minBase: '1000', minActive: 3, rateBp: 30 },
        { minBase: '1000', minActive: 5, rateBp: 45 },
        { minBase: '5000.50', minActive: 5, rateBp: 100 },
      ],
    });
    const flat = readTiers([
      { minBase: '1000', minActive: '3', rate: '0.3' },
      { minBase: '1000', minActive: '3', rate: '0.5' },
    ]);
    expect('errors' in flat && flat.errors.map((e) => e.order)).toEqual([false, true]);
    const bad = readTiers([{ minBase: '1.234', minActive: 'x', rate: '0' }]);
    expect('errors' in bad && bad.errors[0]!.fields).toEqual({ minBase: 'base_invalid', minActive: 'active_invalid', rate: 'rate_invalid' });
  });
});
