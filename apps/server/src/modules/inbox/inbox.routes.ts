import { ZMemberMessagePage, ZMessageIdParam, ZMessageListQuery, ZUnreadCount } from '@lotus/contracts/inbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import type { InboxService } from './inbox.service';

/** Platform messages (2.MC.15 messageV2, 3.STAT.05/06): the member's own, any live session. */
export async function inboxRoutes(fastify: FastifyInstance, { inbox }: { inbox: InboxService }) {
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['messages'];
    const security = [{ member: [] }];

    app.get(
      '/wps/member/messages',
      {
        schema: {
          tags,
          security,
          summary: 'Platform messages, newest first (template key + params; the client renders the text)',
          querystring: ZMessageListQuery,
          response: responses(ZMemberMessagePage),
        },
      },
      async (req) => ok(await inbox.list(memberOf(req).id, req.query)),
    );

    app.get(
      '/wps/member/messages/unread',
      {
        schema: { tags, security, summary: 'Unread platform messages (the Messages badge, 2.MC.16)', response: responses(ZUnreadCount) },
      },
      async (req) => ok({ unread: await inbox.unreadCount(memberOf(req).id) }),
    );

    app.put(
      '/wps/member/messages/:id/read',
      {
        schema: {
          tags,
          security,
          summary: 'Mark one of the member messages read; answers the unread count left',
          params: ZMessageIdParam,
          response: responses(ZUnreadCount),
        },
      },
      async (req) => ok(await inbox.markRead(memberOf(req).id, req.params.id)),
    );
  });
}
