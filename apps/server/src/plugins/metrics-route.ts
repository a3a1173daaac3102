import { getMetrics } from '@lotus/contracts/health';
import type { FastifyInstance } from 'fastify';
import { bearerMatches, type Metrics } from '../platform/metrics';
import { sendError } from './errors';
import { route } from './route';

/**
 * `GET /metrics` (issue 26; docs/metrics.md): this instance's Prometheus metrics for a scraper holding
 * METRICS_TOKEN (`Authorization: Bearer ...`). Not found when no token is configured (nothing is exposed by
 * default); 401 for a missing or wrong token. Registered on the operator listener (or, without one, at the public
 * app's root), outside the site's hooks; quiet in the log (a scrape every few seconds is not news).
 */
export async function metricsRoute(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined },
) {
  await app.register(
    async (scope) => {
      route(scope, getMetrics, async (request, reply) => {
        if (!options.token) return sendError(reply, 404, 'not_found');
        if (!bearerMatches(request.headers.authorization, options.token)) {
          return sendError(reply.header('www-authenticate', 'Bearer'), 401, 'unauthorized');
        }
        const { contentType, text } = await options.metrics.scrape();
        return reply.header('cache-control', 'no-store').type(contentType).send(text);
      });
    },
    { logLevel: 'warn' },
  );
}
