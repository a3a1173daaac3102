import { getUnreadCount, listMessages, markMessageRead } from '@lotus/contracts/inbox';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { route } from '../../plugins/route';
import type { InboxService } from './inbox.service';

/** Platform messages (2.MC.15 messageV2, 3.STAT.05/06): the member's own, any live session. */
export async function inboxRoutes(app: FastifyInstance, { inbox }: { inbox: InboxService }) {
  route(app, listMessages, async (req) => inbox.list(memberOf(req).id, req.query));

  route(app, getUnreadCount, async (req) => ({ unread: await inbox.unreadCount(memberOf(req).id) }));

  route(app, markMessageRead, async (req) => inbox.markRead(memberOf(req).id, req.params.id));
}
