import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { LiveBus } from '../../platform/live';
import type { ModuleParts } from '../../platform/module';
import type { Outbox } from '../../platform/outbox/outbox';
import { createInboxRepository } from './inbox.repository';
import { inboxRoutes } from './inbox.routes';
import { createInboxService } from './inbox.service';

export type { MemberMessagePayload } from './inbox.service';

/**
 * The outbox kind other modules enqueue to message a member, in the transaction of the change:
 * `outbox.enqueue(tx, { kind: MEMBER_MESSAGE, key, payload: MemberMessagePayload })`.
 */
export const MEMBER_MESSAGE = 'member-message';

/** The unread count member info shows (identity asks for it; 3.MEM.04 unreadMessage). */
export type UnreadMessages = (memberId: number) => Promise<number>;

/** Platform messages (2.MC.15, 3.STAT.05/06/07): the `member-message` outbox handler and the member's inbox. */
export function createInboxModule(deps: {
  database: Database;
  outbox: Pick<Outbox, 'handle'>;
  now: Clock;
  /** Tells the member's open pages a message arrived (platform/live.ts). */
  live?: Pick<LiveBus, 'publish'>;
}) {
  const repo = createInboxRepository(deps.database.db);
  const service = createInboxService({ database: deps.database, repo, now: deps.now, live: deps.live });
  deps.outbox.handle(MEMBER_MESSAGE, (payload, { id }) => service.deliver(payload, id));
  const unreadMessages: UnreadMessages = (memberId) => service.unreadCount(memberId);
  return {
    service,
    unreadMessages,
    routes: (app) => inboxRoutes(app, { inbox: service }),
  } satisfies ModuleParts & Record<string, unknown>;
}
