import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import { feedback, siteConfig } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

/** SQL for site configuration documents and feedback. No rules here. */
export function createSystemRepository(db: Db) {
  return {
    async listConfig(tx: Executor = db) {
      return tx.select({ key: siteConfig.key, value: siteConfig.value }).from(siteConfig);
    },

    async upsertConfig(key: string, value: unknown, tx: Executor) {
      await tx
        .insert(siteConfig)
        .values({ key, value, updatedAt: new Date() })
        .onConflictDoUpdate({ target: siteConfig.key, set: { value, updatedAt: sql`now()` } });
    },

    async countConfig(tx: Executor = db) {
      const [row] = await tx.select({ n: count() }).from(siteConfig);
      return row?.n ?? 0;
    },

    async insertFeedback(
      row: { type: string; content: string; memberId: number | null; ip: string },
      tx: Executor,
    ) {
      const [created] = await tx.insert(feedback).values(row).returning({ id: feedback.id });
      if (!created) throw new Error('insert feedback returned no row');
      return created;
    },

    async listFeedback(
      limit: number,
      filter: { beforeId?: number | undefined; type?: string | undefined } = {},
      tx: Executor = db,
    ) {
      return tx
        .select()
        .from(feedback)
        .where(
          and(
            filter.beforeId ? lt(feedback.id, filter.beforeId) : undefined,
            filter.type ? eq(feedback.type, filter.type) : undefined,
          ),
        )
        .orderBy(desc(feedback.id))
        .limit(limit);
    },

    async countFeedback(tx: Executor = db) {
      const [row] = await tx.select({ n: count() }).from(feedback);
      return row?.n ?? 0;
    },

    async findConfig(key: string, tx: Executor = db) {
      const [row] = await tx.select().from(siteConfig).where(eq(siteConfig.key, key));
      return row ?? null;
    },
  };
}

export type SystemRepository = ReturnType<typeof createSystemRepository>;
