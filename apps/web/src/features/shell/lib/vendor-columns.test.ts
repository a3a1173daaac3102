import { describe, expect, it } from 'vitest';
import { hasVendorDropdown, isHotVendor, NAV_CATEGORIES, toVendorColumns, VENDOR_COLUMN_SIZE, VENDOR_DROPDOWN_MAX } from './vendor-columns';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('vendor dropdown layout', () => {
  it('2.HDR.07 at most 30 vendors, in columns of at most 10', () => {
    expect(VENDOR_DROPDOWN_MAX).toBe(30);
    expect(VENDOR_COLUMN_SIZE).toBe(10);
    const columns = toVendorColumns(range(45));
    expect(columns).toHaveLength(3);
    expect(columns.map((c) => c.length)).toEqual([10, 10, 10]);
    expect(columns.flat()).toEqual(range(30));
  });

  it('2.HDR.07 fewer vendors fill columns in order', () => {
    expect(toVendorColumns(range(12)).map((c) => c.length)).toEqual([10, 2]);
    expect(toVendorColumns(range(0))).toEqual([]);
  });

  it('2.HDR.08 FISH has no vendor dropdown; every other category has one', () => {
    expect(hasVendorDropdown('FISH')).toBe(false);
    for (const code of NAV_CATEGORIES.filter((c) => c !== 'FISH')) expect(hasVendorDropdown(code)).toBe(true);
  });

  it('2.HDR.09 only isHot 1 is hot', () => {
    expect(isHotVendor({ isHot: 1 })).toBe(true);
    expect(isHotVendor({ isHot: 0 })).toBe(false);
  });

  it('2.HDR.05 nav categories in order', () => {
    expect(NAV_CATEGORIES).toEqual(['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT']);
  });
});
