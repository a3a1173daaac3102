import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The app's one Redis connection for counters several instances must agree on (REDIS_URL): the rate-limit
 * plugin's and the window counters'. Short timeouts: every user of it falls back (skips a limit, counts in
 * memory) when Redis is slow or away, so an outage costs at most half a second per call, never the site.
 * The configuration bus keeps its own pair (a subscriber connection can run no other command).
 */
export function createRedisConnection(url: string, log: Pick<FastifyBaseLogger, 'warn'>): Redis {
  const redis = new Redis(url, { connectTimeout: 500, commandTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: true });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis (counters) error'));
  return redis;
}

/** Resolves once `redis` is connected, or after its first error or `timeoutMs` (then its users fall back). */
export async function redisConnected(redis: Redis, timeoutMs = 3000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
