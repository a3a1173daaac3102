import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { memberMessages } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type MemberMessageRow = typeof memberMessages.$inferSelect;

/** Platform messages (member_messages): SQL only. */
export function createInboxRepository(db: Db) {
  return {
    /** One message per outbox row: a second delivery of the same row inserts nothing. */
    async insertOnce(row: typeof memberMessages.$inferInsert, tx: Executor): Promise<boolean> {
      const rows = await tx
        .insert(memberMessages)
        .values(row)
        .onConflictDoNothing({ target: memberMessages.outboxId })
        .returning({ id: memberMessages.id });
      return rows.length > 0;
    },
    async page(
      memberId: number,
      options: { limit: number; offset: number; unreadOnly: boolean },
      tx: Executor = db,
    ): Promise<MemberMessageRow[]> {
      const where = options.unreadOnly
        ? and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt))
        : eq(memberMessages.memberId, memberId);
      return tx
        .select()
        .from(memberMessages)
        .where(where)
        .orderBy(desc(memberMessages.createdAt), desc(memberMessages.id))
        .limit(options.limit)
        .offset(options.offset);
    },
    async count(memberId: number, unreadOnly: boolean, tx: Executor = db): Promise<number> {
      const where = unreadOnly
        ? and(eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt))
        : eq(memberMessages.memberId, memberId);
      const [row] = await tx.select({ n: count() }).from(memberMessages).where(where);
      return Number(row?.n ?? 0);
    },
    /** Marks a message of this member read (first read time kept); false when it is not theirs. */
    async markRead(memberId: number, id: number, at: Date, tx: Executor): Promise<boolean> {
      await tx
        .update(memberMessages)
        .set({ readAt: at })
        .where(and(eq(memberMessages.id, id), eq(memberMessages.memberId, memberId), isNull(memberMessages.readAt)));
      const [row] = await tx
        .select({ id: memberMessages.id })
        .from(memberMessages)
        .where(and(eq(memberMessages.id, id), eq(memberMessages.memberId, memberId)));
      return row !== undefined;
    },
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
