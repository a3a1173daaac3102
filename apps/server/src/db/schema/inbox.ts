import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/**
 * Platform messages to members (modules/inbox): a template key and its parameters; the web client
 * renders the text in the member's language. Written only by the `member-message` outbox handler,
 * once per outbox row (`outbox_id` unique).
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    template: varchar('template', { length: 40 }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    outboxId: uuid('outbox_id').notNull(),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('member_messages_outbox_idx').on(t.outboxId),
    index('member_messages_member_idx').on(t.memberId, t.createdAt),
    index('member_messages_unread_idx')
      .on(t.memberId)
      .where(sql`read_at is null`),
  ],
);
