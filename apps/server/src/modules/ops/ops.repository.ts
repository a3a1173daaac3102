import { and, eq, isNull } from 'drizzle-orm';
import { operators } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

/** SQL for operator credentials. */
export function createOpsRepository(db: Db) {
  return {
    async findActiveByHash(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ id: operators.id, name: operators.name })
        .from(operators)
        .where(and(eq(operators.tokenHash, tokenHash), isNull(operators.revokedAt)))
        .limit(1);
      return row ?? null;
    },
    async insertOperator(row: { name: string; tokenHash: string }, tx: Executor = db) {
      const [created] = await tx.insert(operators).values(row).returning({ id: operators.id });
      return created!;
    },
  };
}

export type OpsRepository = ReturnType<typeof createOpsRepository>;
