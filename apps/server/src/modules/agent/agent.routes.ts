import { getDownlines, postShare } from '@lotus/contracts/agent';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { ShareService } from './share.service';

/** The agent's member routes (agents with a real-money account: contracts/agent.ts says who may call each). */
export async function agentRoutes(app: FastifyInstance, { share }: { share: ShareService }) {
  route(app, getDownlines, async (req) => share.downlines(memberOf(req).id, req.query));

  route(app, postShare, { rateLimit: rateLimit.password }, async (req) => share.share(memberOf(req).id, req.body, clientOf(req)));
}
