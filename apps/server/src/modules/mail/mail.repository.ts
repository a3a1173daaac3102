import { and, desc, eq, lt, notLike } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { mailOutbox } from '../../db/schema';

/** SQL of the mail outbox (the sandbox transport). */
export function createMailRepository(db: Db) {
  return {
    async insert(
      row: { to: string; subject: string; text: string; html: string | null; createdAt: Date },
      tx: Executor,
    ) {
      await tx.insert(mailOutbox).values(row);
    },

    /** Rows written in clear before outboxes were sealed (sealed values start with "v1."). */
    async listUnsealed(tx: Executor = db) {
      return tx.select().from(mailOutbox).where(notLike(mailOutbox.text, 'v1.%')).limit(10_000);
    },
    async setBody(id: number, text: string, html: string | null, tx: Executor) {
      await tx.update(mailOutbox).set({ text, html }).where(eq(mailOutbox.id, id));
    },

    async list(options: { to?: string; limit: number; beforeId?: number | undefined }, tx: Executor = db) {
      return tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined,
            options.beforeId ? lt(mailOutbox.id, options.beforeId) : undefined,
          ),
        )
        .orderBy(desc(mailOutbox.id))
        .limit(options.limit);
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
