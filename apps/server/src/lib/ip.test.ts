import { describe, expect, it } from 'vitest';
import { blockListHas, buildBlockList, normalizeIp, parseCidr } from './ip';

describe('ip helpers', () => {
  it('normalises IPv4-mapped IPv6 and rejects junk', () => {
    expect(normalizeIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    expect(normalizeIp('not an ip')).toBe('0.0.0.0');
    expect(normalizeIp(undefined)).toBe('0.0.0.0');
  });

  it('parses CIDRs and single addresses', () => {
    expect(parseCidr('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseCidr('192.0.2.1')).toEqual({ address: '192.0.2.1', prefix: 32, family: 'ipv4' });
    expect(parseCidr('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'x/8', '10.0.0.0/8/1', '2001:db8::/129', '10.0.0.0/-1']) {
      expect(parseCidr(bad), bad).toBeNull();
    }
  });

  it('matches addresses against a block list', () => {
    const list = buildBlockList(['203.0.113.0/24', '2001:db8::/32', 'garbage']);
    expect(blockListHas(list, '203.0.113.200')).toBe(true);
    expect(blockListHas(list, '203.0.112.1')).toBe(false);
    expect(blockListHas(list, '2001:db8:1::5')).toBe(true);
  });
});
