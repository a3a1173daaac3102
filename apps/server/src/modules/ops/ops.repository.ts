import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { opsApiTokens, opsOperators } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type OperatorRow = typeof opsOperators.$inferSelect;
export type ApiTokenRow = typeof opsApiTokens.$inferSelect;

/** SQL of operators and their API tokens. No rules here. */
export function createOpsRepository(db: Db) {
  return {
    /** The token's row with its operator, by the token's SHA-256. */
    async findToken(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({ token: opsApiTokens, operator: opsOperators })
        .from(opsApiTokens)
        .innerJoin(opsOperators, eq(opsOperators.id, opsApiTokens.operatorId))
        .where(eq(opsApiTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },
    /** Records a use, at most once a minute per token (no write on every call). */
    async touchToken(id: number, at: Date, tx: Executor) {
      await tx
        .update(opsApiTokens)
        .set({ lastUsedAt: at })
        .where(
          and(
            eq(opsApiTokens.id, id),
            or(isNull(opsApiTokens.lastUsedAt), lt(opsApiTokens.lastUsedAt, new Date(at.getTime() - 60_000))),
          ),
        );
    },
    async insertToken(row: typeof opsApiTokens.$inferInsert, tx: Executor) {
      const [created] = await tx.insert(opsApiTokens).values(row).returning();
      return created!;
    },
    async findTokenById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(opsApiTokens).where(eq(opsApiTokens.id, id)).limit(1);
      return row ?? null;
    },
    async revokeToken(id: number, at: Date, tx: Executor) {
      const rows = await tx
        .update(opsApiTokens)
        .set({ revokedAt: at })
        .where(and(eq(opsApiTokens.id, id), isNull(opsApiTokens.revokedAt)))
        .returning({ id: opsApiTokens.id });
      return rows.length > 0;
    },
    async listTokens(tx: Executor = db) {
      return tx
        .select({ token: opsApiTokens, username: opsOperators.username })
        .from(opsApiTokens)
        .innerJoin(opsOperators, eq(opsOperators.id, opsApiTokens.operatorId))
        .orderBy(desc(opsApiTokens.id))
        .limit(5000);
    },

    async findByUsername(username: string, tx: Executor = db) {
      const [row] = await tx.select().from(opsOperators).where(eq(opsOperators.username, username)).limit(1);
      return row ?? null;
    },
    async findById(id: number, tx: Executor = db) {
      const [row] = await tx.select().from(opsOperators).where(eq(opsOperators.id, id)).limit(1);
      return row ?? null;
    },
    async insertOperator(row: typeof opsOperators.$inferInsert, tx: Executor) {
      const [created] = await tx.insert(opsOperators).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async updateOperator(id: number, change: Partial<typeof opsOperators.$inferInsert>, tx: Executor) {
      const [row] = await tx.update(opsOperators).set(change).where(eq(opsOperators.id, id)).returning();
      return row ?? null;
    },
    async countOperators(tx: Executor = db) {
      const [row] = await tx.select({ n: count() }).from(opsOperators);
      return row?.n ?? 0;
    },
    async countActiveAdmins(tx: Executor = db) {
      const [row] = await tx
        .select({ n: count() })
        .from(opsOperators)
        .where(and(eq(opsOperators.role, 'admin'), eq(opsOperators.status, 'active')));
      return row?.n ?? 0;
    },
    /**
     * Active admins other than `exceptId` who can act: a console password or a live API token (not
     * revoked, not expired at `at`). None means the single-operator bootstrap (docs/adr/0080).
     */
    async countOtherAdminsWhoCanAct(exceptId: number | null, at: Date, tx: Executor = db) {
      const liveToken = sql`exists (select 1 from ${opsApiTokens} where ${opsApiTokens.operatorId} = ${opsOperators.id} and ${opsApiTokens.revokedAt} is null and ${opsApiTokens.expiresAt} > ${at.toISOString()}::timestamptz)`;
      const [row] = await tx
        .select({ n: count() })
        .from(opsOperators)
        .where(
          and(
            eq(opsOperators.role, 'admin'),
            eq(opsOperators.status, 'active'),
            exceptId === null ? undefined : ne(opsOperators.id, exceptId),
            or(isNotNull(opsOperators.passwordHash), liveToken),
          ),
        );
      return row?.n ?? 0;
    },
    /** Operators with the number of their live tokens (not revoked, not expired at `at`). */
    async listOperators(at: Date, tx: Executor = db) {
      return tx
        .select({
          operator: opsOperators,
          activeTokens: sql<number>`(select count(*)::int from ${opsApiTokens} where ${opsApiTokens.operatorId} = ${opsOperators.id} and ${opsApiTokens.revokedAt} is null and ${opsApiTokens.expiresAt} > ${at.toISOString()}::timestamptz)`,
        })
        .from(opsOperators)
        .orderBy(asc(opsOperators.id))
        .limit(1000);
    },
    /** Serialises changes of operators (PostgreSQL row lock; PGlite is one session). */
    async lockOperator(id: number, tx: Executor) {
      await tx.select({ id: opsOperators.id }).from(opsOperators).where(eq(opsOperators.id, id)).for('update');
    },
    async anyLiveToken(operatorId: number, at: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ id: opsApiTokens.id })
        .from(opsApiTokens)
        .where(and(eq(opsApiTokens.operatorId, operatorId), isNull(opsApiTokens.revokedAt), gt(opsApiTokens.expiresAt, at)))
        .limit(1);
      return row ?? null;
    },
  };
}

export type OpsRepository = ReturnType<typeof createOpsRepository>;
