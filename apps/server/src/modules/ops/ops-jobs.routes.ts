import { ZOpsFailedJobs, ZOpsFailedJobsQuery } from '@lotus/contracts/ops-jobs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import type { JobEngine } from '../../platform/jobs/engine';

/** Operator API of the job engine; registered inside the /ops scope (operator credential). */
export async function opsJobRoutes(fastify: FastifyInstance, { jobs }: { jobs: Pick<JobEngine, 'failed'> }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ops/jobs/failed',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags: ['ops'],
        security: [{ operator: [] }],
        summary: 'Dead letters: jobs that failed after their last attempt, newest first',
        querystring: ZOpsFailedJobsQuery,
        response: responses(ZOpsFailedJobs),
      },
    },
    async (req) => ok(await jobs.failed(req.query.limit)),
  );
}
