import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Health of one instance for the proxy and the orchestrator (issue 26; docs/deploy.md): `live` says the
 * process answers, `ready` says it should be sent traffic. Plain answers (no envelope): a probe reads the
 * status code, 200 or 503.
 */
export const ZHealth = z.object({
  /** ok; draining (shutting down: send nothing new); unavailable (a dependency is not reachable). */
  status: z.enum(['ok', 'draining', 'unavailable']),
  /** Readiness only: each dependency; redis null when the instance runs without it. */
  checks: z
    .object({
      database: z.boolean(),
      redis: z.boolean().nullable(),
      jobs: z.boolean(),
    })
    .optional(),
});
export type THealth = z.infer<typeof ZHealth>;

export const getLiveness = defineEndpoint({
  method: 'GET',
  path: '/health/live',
  tag: 'system',
  summary: 'Liveness: 200 while the process answers (restart it when this fails)',
  auth: 'public',
  response: ZHealth,
  plain: { refusal: ZHealth },
});

export const getReadiness = defineEndpoint({
  method: 'GET',
  path: '/health/ready',
  tag: 'system',
  summary:
    'Readiness: 200 when the database, Redis (if configured) and the job engine answer and the instance is not draining; 503 otherwise, with each check',
  auth: 'public',
  response: ZHealth,
  plain: { refusal: ZHealth },
});

/**
 * Prometheus metrics of this instance (issue 26; docs/metrics.md lists every name): the text exposition format,
 * scraped per instance on the operator listener. Not a member or operator call: the scraper sends
 * `Authorization: Bearer <METRICS_TOKEN>` (the handler compares it in constant time; 404 when METRICS_TOKEN is
 * not set, 401 when the token is wrong).
 */
export const getMetrics = defineEndpoint({
  method: 'GET',
  path: '/metrics',
  tag: 'system',
  summary: 'Prometheus metrics of this instance (text format; Authorization: Bearer METRICS_TOKEN)',
  auth: 'public',
  file: 'text',
});
