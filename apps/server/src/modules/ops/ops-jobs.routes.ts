import { listFailedJobs } from '@lotus/contracts/ops-jobs';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route';
import type { JobEngine } from '../../platform/jobs/engine';

/** Operator API of the job engine; registered inside the /ops scope (operator credential). */
export async function opsJobRoutes(app: FastifyInstance, { jobs }: { jobs: Pick<JobEngine, 'failed'> }) {
  route(app, listFailedJobs, async (req) => jobs.failed(req.query.limit));
}
