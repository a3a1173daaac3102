import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Events per key in fixed windows of the app's clock: window n holds [n * windowMs, (n + 1) * windowMs). The
 * window is the clock's, not Redis's expiry, so every instance (and a test moving the clock) agrees where a
 * window ends; Redis's expiry only clears keys nobody reads any more.
 */
export type WindowCounter = {
  /** The events of `key` counted in the window holding `at`. */
  count(key: string, at: number): Promise<number>;
  /** Counts one event of `key` in the window holding `at`. */
  add(key: string, at: number): Promise<void>;
};

export type WindowCounterOptions = {
  /** The counter's name in Redis keys (`lotus:<name>:<key>:<window>`). */
  name: string;
  windowMs: number;
  /** The most keys counted in memory (the oldest dropped first): an address flood cannot grow the map. */
  maxKeys: number;
  /**
   * With Redis: how long (app clock) a count this instance read or wrote answers `count` without asking Redis
   * again. A check on every call of a hot path (each vendor wallet call) then costs a Redis round trip at most
   * once per key in this time; another instance's counts are seen that much later at most, while this
   * instance's own additions are seen at once (INCR answers the shared total). 0: ask every time.
   */
  readCacheMs?: number;
};

/** Makes a window counter: shared by every instance through Redis when there is one, else in this process. */
export type WindowCounters = (options: WindowCounterOptions) => WindowCounter;

const windowOf = (at: number, windowMs: number) => Math.floor(at / windowMs);

/** This process's counts (the embedded demo, the command line, and Redis's stand-in while it is away). */
export function createMemoryWindowCounter({ windowMs, maxKeys }: Pick<WindowCounterOptions, 'windowMs' | 'maxKeys'>): WindowCounter {
  const counts = new Map<string, { window: number; count: number }>();
  return {
    async count(key, at) {
      const entry = counts.get(key);
      return entry?.window === windowOf(at, windowMs) ? entry.count : 0;
    },
    async add(key, at) {
      const window = windowOf(at, windowMs);
      const entry = counts.get(key);
      if (entry?.window === window) {
        entry.count += 1;
        return;
      }
      // A new window is a new entry, at the end of the insertion order the bound drops from.
      counts.delete(key);
      if (counts.size >= maxKeys) counts.delete(counts.keys().next().value as string);
      counts.set(key, { window, count: 1 });
    },
  };
}

/**
 * Counts in Redis (one GET to read; INCR and PEXPIRE in one MULTI to count). While Redis is not connected or a
 * command fails, `fallback` counts instead (fail open: a limit per instance rather than no service), and the
 * outage is logged once until Redis answers again.
 */
export function createRedisWindowCounter(
  redis: Pick<Redis, 'status' | 'get' | 'multi'>,
  { name, windowMs, maxKeys = 10_000, readCacheMs = 0 }: Pick<WindowCounterOptions, 'name' | 'windowMs' | 'readCacheMs'> & { maxKeys?: number },
  fallback: WindowCounter,
  log: Pick<FastifyBaseLogger, 'warn'>,
): WindowCounter {
  const redisKey = (key: string, at: number) => `lotus:${name}:${key}:${windowOf(at, windowMs)}`;
  // The shared totals this instance last saw (readCacheMs), bounded like the memory counter.
  const seen = new Map<string, { window: number; count: number; at: number }>();
  const remember = (key: string, at: number, count: number) => {
    seen.delete(key);
    if (seen.size >= maxKeys) seen.delete(seen.keys().next().value as string);
    seen.set(key, { window: windowOf(at, windowMs), count, at });
  };
  const fresh = (key: string, at: number) => {
    const entry = seen.get(key);
    return entry && entry.window === windowOf(at, windowMs) && at - entry.at < readCacheMs ? entry : null;
  };
  let failing = false;
  async function attempt<T>(command: () => Promise<T>, instead: () => Promise<T>): Promise<T> {
    // Not connected: no command waits in the offline queue for a reconnection.
    if (redis.status !== 'ready') return fail(new Error(`redis ${redis.status}`), instead);
    try {
      const result = await command();
      failing = false;
      return result;
    } catch (err) {
      return fail(err as Error, instead);
    }
  }
  function fail<T>(err: Error, instead: () => Promise<T>): Promise<T> {
    if (!failing) log.warn({ err: err.message, counter: name }, 'redis counter unavailable: counting in this instance');
    failing = true;
    return instead();
  }
  return {
    count: async (key, at) => {
      const cached = fresh(key, at);
      if (cached) return cached.count;
      return attempt(
        async () => {
          const count = Number((await redis.get(redisKey(key, at))) ?? 0);
          if (readCacheMs > 0) remember(key, at, count);
          return count;
        },
        () => fallback.count(key, at),
      );
    },
    add: (key, at) =>
      attempt(
        async () => {
          const k = redisKey(key, at);
          const results = await redis.multi().incr(k).pexpire(k, windowMs).exec();
          const failed = results?.find(([err]) => err)?.[0];
          if (!results || failed) throw failed ?? new Error('redis transaction discarded');
          // INCR answered the shared total: this instance knows its own addition at once.
          if (readCacheMs > 0) remember(key, at, Number(results[0]![1]));
        },
        () => fallback.add(key, at),
      ),
  };
}

/** The app's window counters: in Redis when the app has a connection (REDIS_URL), else in memory. */
export function createWindowCounters(deps: { redis: Redis | undefined; log: Pick<FastifyBaseLogger, 'warn'> }): WindowCounters {
  return (options) => {
    const memory = createMemoryWindowCounter(options);
    return deps.redis ? createRedisWindowCounter(deps.redis, options, memory, deps.log) : memory;
  };
}
