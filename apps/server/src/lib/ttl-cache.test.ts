import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('ttl cache', () => {
  it('loads once per key until the time to live passes, then loads again', async () => {
    let t = 0;
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, max: 10, now: () => t });
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([1, 1]);
    t = 4_999;
    expect(await cache.get('a', load)).toBe(1);
    t = 5_000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep a failed load, and drops the oldest entry when full', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000, max: 2, now: () => 0 });
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'up')).toBe('up');
    await cache.get('y', async () => 'y1');
    await cache.get('z', async () => 'z1');
    expect(await cache.get('x', async () => 'reloaded')).toBe('reloaded');
  });
});
