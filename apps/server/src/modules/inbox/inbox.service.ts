import { AppError } from '@lotus/contracts/app-error';
import { MEMBER_MESSAGE_TEMPLATES, type TMemberMessage, type TMemberMessageTemplate } from '@lotus/contracts/inbox';
import type { z } from 'zod';
import type { ZMemberMessagePage } from '@lotus/contracts/inbox';
import type { Database } from '../../db/client';
import type { LiveBus } from '../../platform/live';
import type { InboxRepository, MemberMessageRow } from './inbox.repository';

/** What another module puts in the outbox (kind `member-message`) to message a member. */
export type MemberMessagePayload = {
  memberId: number;
  template: TMemberMessageTemplate;
  params: Record<string, string>;
};

const isTemplate = (value: unknown): value is TMemberMessageTemplate =>
  typeof value === 'string' && (MEMBER_MESSAGE_TEMPLATES as readonly string[]).includes(value);

/** Checks an outbox payload (written by another module, read back from jsonb). */
export function parseMemberMessage(payload: unknown): MemberMessagePayload {
  const p = payload as Partial<MemberMessagePayload> | null;
  if (!p || typeof p !== 'object' || !Number.isInteger(p.memberId) || !isTemplate(p.template)) {
    throw new Error('member-message: malformed payload');
  }
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.params ?? {})) params[k.slice(0, 40)] = String(v).slice(0, 200);
  return { memberId: p.memberId!, template: p.template, params };
}

const toMessage = (row: MemberMessageRow): TMemberMessage => ({
  id: row.id,
  template: row.template as TMemberMessageTemplate,
  params: row.params,
  read: row.readAt !== null,
  readAt: row.readAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Platform messages: delivery from the outbox, the member's list, read marks, the unread count. */
export function createInboxService({
  database,
  repo,
  now = Date.now,
  live,
}: {
  database: Pick<Database, 'tx'>;
  repo: InboxRepository;
  now?: () => number;
  live?: Pick<LiveBus, 'publish'> | undefined;
}) {
  /** The outbox handler of `member-message`: idempotent by outbox id; the member's open pages hear of it. */
  async function deliver(payload: unknown, outboxId: string): Promise<void> {
    const m = parseMemberMessage(payload);
    const inserted = await database.tx((tx) =>
      repo.insertOnce(
        { memberId: m.memberId, template: m.template, params: m.params, outboxId, createdAt: new Date(now()) },
        tx,
      ),
    );
    // Committed: the live hint goes out (a delivery run again finds the row and says nothing twice).
    if (inserted) live?.publish(m.memberId, 'message');
  }

  async function list(
    memberId: number,
    q: { page: number; pageSize: number; unreadOnly: boolean },
  ): Promise<z.infer<typeof ZMemberMessagePage>> {
    const [rows, total, unread] = await Promise.all([
      repo.page(memberId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, unreadOnly: q.unreadOnly }),
      repo.count(memberId, q.unreadOnly),
      repo.count(memberId, true),
    ]);
    return { items: rows.map(toMessage), total, unread, page: q.page, pageSize: q.pageSize };
  }

  const unreadCount = (memberId: number) => repo.count(memberId, true);

  async function markRead(memberId: number, id: number): Promise<{ unread: number }> {
    const found = await database.tx((tx) => repo.markRead(memberId, id, new Date(now()), tx));
    if (!found) throw new AppError('not_found', 404);
    return { unread: await unreadCount(memberId) };
  }

  return { deliver, list, unreadCount, markRead };
}

export type InboxService = ReturnType<typeof createInboxService>;
