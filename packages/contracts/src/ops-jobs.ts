import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';

/** GET /ops/jobs/failed: jobs that failed after their last attempt (dead letters), newest first. */
export const ZOpsFailedJobsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const ZOpsFailedJob = z.object({
  id: z.string().max(40),
  queue: z.string().max(100),
  data: z.unknown(),
  error: z.string().max(4000),
  attempts: z.number().int(),
  createdAt: z.string().max(40),
  failedAt: z.string().max(40),
});
export const ZOpsFailedJobs = z.array(ZOpsFailedJob).max(1000);
export type TOpsFailedJob = z.infer<typeof ZOpsFailedJob>;

export const listFailedJobs = defineEndpoint({
  method: 'GET',
  path: '/ops/jobs/failed',
  tag: 'ops',
  summary: 'Dead letters: jobs that failed after their last attempt, newest first',
  auth: operator('read'),
  query: ZOpsFailedJobsQuery,
  response: ZOpsFailedJobs,
});
