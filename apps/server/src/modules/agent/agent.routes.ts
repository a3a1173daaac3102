import { ZDownlineList, ZDownlineQuery, ZShareRequest, ZShareResult } from '@lotus/contracts/agent';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { clientOf } from '../../platform/client-info';
import type { ShareService } from './share.service';

const member = [{ member: [] }];

/** The agent's member routes (real accounts only: trial sessions answer in_need_true_account). */
export async function agentRoutes(fastify: FastifyInstance, { share }: { share: ShareService }) {
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireRealMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/wps/agent/downlines',
      {
        schema: {
          tags: ['agent'],
          security: member,
          summary: "The agent's direct downlines, for Share profit with downline (2.MC.06)",
          querystring: ZDownlineQuery,
          response: responses(ZDownlineList),
        },
      },
      async (req) => ok(await share.downlines(memberOf(req).id, req.query)),
    );

    app.post(
      '/wps/agent/share',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags: ['agent'],
          security: member,
          summary: 'Share profit with downline: main wallet to a direct downline, with the payment password (2.MC.06, 2.MC.07); enc',
          body: ZShareRequest,
          response: responses(ZShareResult),
        },
      },
      async (req) => ok(await share.share(memberOf(req).id, req.body, clientOf(req))),
    );
  });
}
