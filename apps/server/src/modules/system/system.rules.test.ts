import { describe, expect, it } from 'vitest';
import type { TSiteConfig } from '@lotus/contracts/site-config';
import { isMaintenanceActive, isRegionBlocked, resolveCountry } from './system.rules';

const region = (over: Partial<TSiteConfig['region']> = {}): TSiteConfig['region'] => ({
  blockedCountries: [],
  blockedCidrs: [],
  allowedCidrs: [],
  countryRanges: [],
  info: {},
  ...over,
});

describe('4.SYS.01 maintenance window', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('is off when not scheduled', () => {
    expect(isMaintenanceActive({ startTime: null, endTime: null, info: {} }, now)).toBe(false);
  });
  it('is on from its start with no end', () => {
    expect(isMaintenanceActive({ startTime: '2025-06-01T11:00:00Z', endTime: null, info: {} }, now)).toBe(
      true,
    );
  });
  it('is off before its start and after its end', () => {
    expect(isMaintenanceActive({ startTime: '2025-06-01T13:00:00Z', endTime: null, info: {} }, now)).toBe(
      false,
    );
    expect(
      isMaintenanceActive(
        { startTime: '2025-06-01T10:00:00Z', endTime: '2025-06-01T12:00:00Z', info: {} },
        now,
      ),
    ).toBe(false);
  });
  it('is on inside the window (offsets honoured)', () => {
    expect(
      isMaintenanceActive(
        { startTime: '2025-06-01T18:00:00+07:00', endTime: '2025-06-01T20:00:00+07:00', info: {} },
        now,
      ),
    ).toBe(true);
  });
});

describe('2.R.30 region rules', () => {
  it('blocks by CIDR, IPv4 and IPv6', () => {
    const r = region({ blockedCidrs: ['203.0.113.0/24', '2001:db8::/32'] });
    expect(isRegionBlocked(r, '203.0.113.9', null)).toBe(true);
    expect(isRegionBlocked(r, '203.0.114.9', null)).toBe(false);
    expect(isRegionBlocked(r, '2001:db8::1', null)).toBe(true);
  });
  it('allowedCidrs win over blocked ranges and countries', () => {
    const r = region({ blockedCidrs: ['10.0.0.0/8'], allowedCidrs: ['10.1.2.3'], blockedCountries: ['SG'] });
    expect(isRegionBlocked(r, '10.1.2.3', 'SG')).toBe(false);
    expect(isRegionBlocked(r, '10.1.2.4', null)).toBe(true);
  });
  it('blocks by country from the ranges or the trusted header', () => {
    const r = region({
      blockedCountries: ['SG'],
      countryRanges: [{ cidr: '198.51.100.0/24', country: 'SG' }],
    });
    expect(resolveCountry(r, '198.51.100.7', null)).toBe('SG');
    expect(isRegionBlocked(r, '198.51.100.7', resolveCountry(r, '198.51.100.7', null))).toBe(true);
    expect(resolveCountry(r, '192.0.2.1', 'TH')).toBe('TH');
    expect(isRegionBlocked(r, '192.0.2.1', 'TH')).toBe(false);
    expect(isRegionBlocked(r, '192.0.2.1', 'SG')).toBe(true);
  });
});
