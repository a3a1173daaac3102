import { getLiveness, getReadiness, type THealth } from '@lotus/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { route } from './route';

/** How long a dependency may take to answer a readiness check before it counts as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

/** Whether the instance is shutting down (server.ts sets it on SIGTERM; the readiness check answers 503). */
export type Lifecycle = { draining: boolean };

/** `check` resolved within the timeout and answered true; a rejection or a late answer is false. */
async function within(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([check().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/health/live` and `/health/ready` (issue 26, docs/deploy.md), registered at the app's root: none of the
 * site's hooks (maintenance, region access, rate limits, request logging at info) apply to a probe.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: { lifecycle: Lifecycle; pingDatabase: () => Promise<unknown>; redis: Redis | undefined; jobsRunning: () => boolean },
) {
  route(app, getLiveness, async (): Promise<THealth> => ({ status: 'ok' }));

  route(app, getReadiness, async (_req, reply) => {
    const [database, redis] = await Promise.all([
      within(deps.pingDatabase, READY_CHECK_TIMEOUT_MS),
      deps.redis ? within(() => deps.redis!.ping(), READY_CHECK_TIMEOUT_MS) : Promise.resolve(null),
    ]);
    const checks = { database, redis, jobs: deps.jobsRunning() };
    const healthy = database && redis !== false && checks.jobs;
    const status: THealth['status'] = deps.lifecycle.draining ? 'draining' : healthy ? 'ok' : 'unavailable';
    if (status === 'ok') return { status, checks };
    return reply.code(503).send({ status, checks } satisfies THealth);
  });
}
