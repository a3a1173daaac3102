import rateLimitPlugin from '@fastify/rate-limit';
import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ipLimitKey } from '../lib/ip';

/**
 * Rate limiting is registered globally OFF; a route opts in with a preset:
 *   config: { rateLimit: rateLimit.feedback }
 * With REDIS_URL the counters live in Redis (shared by every instance), otherwise in memory.
 */
/** A per-address limit of one route: at most `max` calls in `timeWindow`. */
export type RateLimitRule = { readonly max: number; readonly timeWindow: string };

export const rateLimit = {
  /** Writes from visitors (feedback): 5 per minute per address. */
  feedback: { max: 5, timeWindow: '1 minute' },
  /** Sensitive anonymous calls (login, SMS) for later modules: 10 per minute per address. */
  strict: { max: 10, timeWindow: '1 minute' },
  /** Ordinary reads, if a route wants a ceiling: 300 per minute per address. */
  standard: { max: 300, timeWindow: '1 minute' },
  // Accounts and access (issue 3; per address; per-account limits live in the services).
  /** Login and the second factor: 30 per minute per address. */
  login: { max: 30, timeWindow: '1 minute' },
  /** Captcha images: 20 per minute per address. */
  captcha: { max: 20, timeWindow: '1 minute' },
  /** Slider puzzles and answers: 30 per minute per address. */
  slider: { max: 30, timeWindow: '1 minute' },
  /** SMS sends: 10 per minute per address (the SMS service adds per number, per hour and per day limits). */
  sms: { max: 10, timeWindow: '1 minute' },
  /** Registrations: 20 per hour per address (REGISTRATIONS_PER_HOUR; identity.options.ts). */
  register: { max: 20, timeWindow: '1 hour' },
  /** Free play accounts: 10 per hour per address. */
  freeplay: { max: 10, timeWindow: '1 hour' },
  /** Password change, reset and forgot calls: 10 per minute per address. */
  password: { max: 10, timeWindow: '1 minute' },
  /** Cashier writes (deposits, slip uploads): 30 per minute per address. */
  cashier: { max: 30, timeWindow: '1 minute' },
} as const satisfies Record<string, RateLimitRule>;

/** `redis`: the app's connection (platform/redis.ts) when REDIS_URL is set; without it, counters in memory. */
async function rateLimitSetup(app: FastifyInstance, options: { redis?: Redis | undefined }) {
  const { redis } = options;
  await app.register(rateLimitPlugin, {
    global: false,
    redis,
    nameSpace: 'lotus:rl:',
    // A Redis outage must not take the site down: skip limiting while the store fails.
    skipOnError: true,
    // Per address; an IPv6 client per /64 (security #16).
    keyGenerator: (request) => ipLimitKey(request.ip),
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 429, undefined, { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}

export default fp(rateLimitSetup, { name: 'rate-limit' });
