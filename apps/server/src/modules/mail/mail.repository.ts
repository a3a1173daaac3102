import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { mailOutbox } from '../../db/schema';

/** SQL of the mail outbox (the sandbox transport). */
export function createMailRepository(db: Db) {
  return {
    async insert(
      row: { to: string; subject: string; text: string; html: string | null; createdAt: Date },
      tx: Executor = db,
    ) {
      await tx.insert(mailOutbox).values(row);
    },

    async list(options: { to?: string; limit: number }, tx: Executor = db) {
      return tx
        .select()
        .from(mailOutbox)
        .where(options.to ? eq(mailOutbox.to, options.to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(options.limit);
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
