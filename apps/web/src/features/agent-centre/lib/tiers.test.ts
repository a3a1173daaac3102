import { describe, expect, it } from 'vitest';
import { readTiers } from './tiers';

describe('the tiers editor (docs/adr/0100)', () => {
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
    expect('errors' in bad && bad.errors[0]!.fields).toEqual({
      minBase: 'base_invalid',
      minActive: 'active_invalid',
      rate: 'rate_invalid',
    });
  });
});
