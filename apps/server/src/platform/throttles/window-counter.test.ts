import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createMemoryWindowCounter, createRedisWindowCounter } from './window-counter';

const MINUTE = 60_000;
const t0 = 1_000 * MINUTE; // the start of a window

describe('window counters (issue 23 #1)', () => {
  it('in memory: counts per key within the window holding the time, from zero in the next', async () => {
    const counter = createMemoryWindowCounter({ windowMs: MINUTE, maxKeys: 100 });
    await counter.add('a', t0);
    await counter.add('a', t0 + MINUTE - 1);
    await counter.add('b', t0 + 5);
    expect(await counter.count('a', t0 + 30_000)).toBe(2);
    expect(await counter.count('b', t0)).toBe(1);
    expect(await counter.count('a', t0 + MINUTE)).toBe(0);
    await counter.add('a', t0 + MINUTE);
    expect(await counter.count('a', t0 + MINUTE)).toBe(1);
  });

  it('in memory: at most maxKeys keys, the oldest dropped first', async () => {
    const counter = createMemoryWindowCounter({ windowMs: MINUTE, maxKeys: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await counter.add(key, t0);
    expect(await Promise.all(['a', 'b', 'c', 'd'].map((key) => counter.count(key, t0)))).toEqual([0, 1, 1, 1]);
  });

  it('Redis away (not connected, or a command failing): the fallback counts, and the outage is logged once', async () => {
    const warnings: unknown[] = [];
    const log = { warn: (obj: unknown) => void warnings.push(obj) };
    const redis = {
      status: 'reconnecting',
      get: async () => {
        throw new Error('Command timed out');
      },
      multi: () => {
        throw new Error('Command timed out');
      },
    };
    const fallback = createMemoryWindowCounter({ windowMs: MINUTE, maxKeys: 10 });
    const counter = createRedisWindowCounter(redis as unknown as Redis, { name: 'test', windowMs: MINUTE }, fallback, log);
    await counter.add('a', t0);
    redis.status = 'ready';
    await counter.add('a', t0);
    expect(await counter.count('a', t0)).toBe(2);
    expect(await fallback.count('a', t0)).toBe(2);
    expect(warnings).toHaveLength(1);
  });

  it('in Redis: one key per counter, key and window of the app clock, expiring after a window', async () => {
    const commands: string[] = [];
    const redis = {
      status: 'ready',
      get: async (key: string) => (commands.push(`get ${key}`), '7'),
      multi() {
        const tx = {
          incr: (key: string) => (commands.push(`incr ${key}`), tx),
          pexpire: (key: string, ms: number) => (commands.push(`pexpire ${key} ${ms}`), tx),
          exec: async () => [
            [null, 1],
            [null, 1],
          ],
        };
        return tx;
      },
    };
    const fallback = createMemoryWindowCounter({ windowMs: MINUTE, maxKeys: 10 });
    const counter = createRedisWindowCounter(redis as unknown as Redis, { name: 'vendor-badsig', windowMs: MINUTE }, fallback, { warn: () => undefined });
    await counter.add('2001:db8:1:2::/64', t0 + 1);
    expect(await counter.count('2001:db8:1:2::/64', t0 + MINUTE)).toBe(7);
    expect(commands).toEqual([
      'incr lotus:vendor-badsig:2001:db8:1:2::/64:1000',
      'pexpire lotus:vendor-badsig:2001:db8:1:2::/64:1000 60000',
      'get lotus:vendor-badsig:2001:db8:1:2::/64:1001',
    ]);
    expect(await fallback.count('2001:db8:1:2::/64', t0 + 1)).toBe(0);
  });

  it('in Redis with a read cache: a count read answers for readCacheMs without Redis; its own additions at once', async () => {
    let total = 3;
    const gets: number[] = [];
    const redis = {
      status: 'ready',
      get: async () => (gets.push(total), String(total)),
      multi() {
        const tx = {
          incr: () => tx,
          pexpire: () => tx,
          exec: async () => {
            total += 1;
            return [
              [null, total],
              [null, 1],
            ];
          },
        };
        return tx;
      },
    };
    const fallback = createMemoryWindowCounter({ windowMs: MINUTE, maxKeys: 10 });
    const counter = createRedisWindowCounter(
      redis as unknown as Redis,
      { name: 'vendor-badsig', windowMs: MINUTE, readCacheMs: 1_000 },
      fallback,
      { warn: () => undefined },
    );
    expect(await counter.count('k', t0)).toBe(3);
    total = 10; // another instance counted 7 more
    expect(await counter.count('k', t0 + 999)).toBe(3); // within the read cache: no round trip
    expect(gets).toHaveLength(1);
    await counter.add('k', t0 + 999); // INCR answers the shared total
    expect(await counter.count('k', t0 + 999)).toBe(11);
    expect(gets).toHaveLength(1);
    expect(await counter.count('k', t0 + 2_000)).toBe(11); // read again after the cache
    expect(gets).toHaveLength(2);
    expect(await counter.count('k', t0 + MINUTE)).toBe(11); // a new window asks Redis (this stub keeps one total)
    expect(gets).toHaveLength(3);
  });
});
