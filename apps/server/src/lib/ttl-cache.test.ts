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

  it('refresh ahead: in the last second a get answers the cached value and reloads once in the background; the new value lives 5 s from its load', async () => {
    let t = 0;
    const loads: { resolve: (v: number) => void }[] = [];
    const load = () => new Promise<number>((resolve) => loads.push({ resolve }));
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, refreshAheadMs: 1_000, max: 10, now: () => t });
    const first = cache.get('a', load);
    loads[0]!.resolve(1);
    expect(await first).toBe(1);
    t = 3_999;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toHaveLength(1);
    t = 4_000;
    expect(await cache.get('a', load)).toBe(1); // answered at once, the reload started
    expect(await cache.get('a', load)).toBe(1); // one reload at a time
    expect(loads).toHaveLength(2);
    loads[1]!.resolve(2);
    await Promise.resolve();
    await Promise.resolve();
    expect(await cache.get('a', load)).toBe(2);
    t = 8_999; // the reload started at 4,000: still fresh
    expect(await cache.get('a', load)).toBe(2);
    expect(loads).toHaveLength(3); // in its own last second: the next reload
    t = 9_000; // expired while that reload is in flight: the get waits for it instead of answering 2
    const waited = cache.get('a', load);
    loads[2]!.resolve(3);
    expect(await waited).toBe(3);
    expect(loads).toHaveLength(3);
  });

  it('refresh ahead: a failed reload keeps the cached value until it expires, and the next get tries again', async () => {
    let t = 0;
    let fail = false;
    let loads = 0;
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, refreshAheadMs: 1_000, max: 10, now: () => t });
    const load = async () => {
      loads += 1;
      if (fail) throw new Error('down');
      return loads;
    };
    expect(await cache.get('a', load)).toBe(1);
    fail = true;
    t = 4_500;
    expect(await cache.get('a', load)).toBe(1);
    await Promise.resolve();
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(3);
    fail = false;
    t = 5_000;
    expect(await cache.get('a', load)).toBe(4);
  });
});
