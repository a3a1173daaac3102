import rateLimitPlugin from '@fastify/rate-limit';
import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { normalizeIp } from '../lib/ip';

/**
 * Rate limiting is registered globally OFF; a route opts in with a preset:
 *   config: { rateLimit: rateLimit.feedback }
 * With REDIS_URL the counters live in Redis (shared by every instance), otherwise in memory.
 */
export const rateLimit = {
  /** Writes from visitors (feedback): 5 per minute per address. */
  feedback: { max: 5, timeWindow: '1 minute' },
  /** Sensitive anonymous calls (login, SMS) for later modules: 10 per minute per address. */
  strict: { max: 10, timeWindow: '1 minute' },
  /** Ordinary reads, if a route wants a ceiling: 300 per minute per address. */
  standard: { max: 300, timeWindow: '1 minute' },
} as const;

async function rateLimitSetup(app: FastifyInstance, options: { redisUrl?: string | undefined }) {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis (rate limit) error'));
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  await app.register(rateLimitPlugin, {
    global: false,
    redis,
    nameSpace: 'lotus:rl:',
    // A Redis outage must not take the site down: skip limiting while the store fails.
    skipOnError: true,
    keyGenerator: (request) => normalizeIp(request.ip),
    errorResponseBuilder: () => new AppError('rate_limited', 429),
  });
}

export default fp(rateLimitSetup, { name: 'rate-limit' });
