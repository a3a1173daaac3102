import { describe, expect, it } from 'vitest';
import { resolveSystemView } from './system-view';

describe('system status switch', () => {
  it('2.R.28 status 0 shows the main app', () => {
    expect(resolveSystemView({ isPending: false, isError: false, status: 0 })).toBe('app');
  });
  it('2.R.29 status 1 shows the maintenance page', () => {
    expect(resolveSystemView({ isPending: false, isError: false, status: 1 })).toBe('maintenance');
  });
  it('2.R.30 status 2 shows the region-blocked page', () => {
    expect(resolveSystemView({ isPending: false, isError: false, status: 2 })).toBe('region-blocked');
  });
  it('4.SYS.01 decision: an unknown status shows maintenance; a failed call shows the app', () => {
    expect(resolveSystemView({ isPending: false, isError: false, status: 7 })).toBe('maintenance');
    expect(resolveSystemView({ isPending: false, isError: true })).toBe('app');
    expect(resolveSystemView({ isPending: true, isError: false })).toBe('loading');
  });
});
