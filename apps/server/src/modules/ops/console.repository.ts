import { and, eq, isNull, ne } from 'drizzle-orm';
import { opsConsoleSessions } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type ConsoleSessionRow = typeof opsConsoleSessions.$inferSelect;

/** SQL of operator console sessions (table ops_console_sessions). No rules here: console.service.ts. */
export function createConsoleSessionRepository(db: Db) {
  return {
    async insert(row: typeof opsConsoleSessions.$inferInsert, tx: Executor) {
      const [created] = await tx.insert(opsConsoleSessions).values(row).returning();
      return created!;
    },
    async findByTokenHash(tokenHash: string, tx: Executor = db): Promise<ConsoleSessionRow | null> {
      const [row] = await tx.select().from(opsConsoleSessions).where(eq(opsConsoleSessions.tokenHash, tokenHash));
      return row ?? null;
    },
    async touch(id: number, at: Date, tx: Executor) {
      await tx.update(opsConsoleSessions).set({ lastSeenAt: at }).where(eq(opsConsoleSessions.id, id));
    },
    async revoke(id: number, at: Date, tx: Executor) {
      await tx
        .update(opsConsoleSessions)
        .set({ revokedAt: at })
        .where(and(eq(opsConsoleSessions.id, id), isNull(opsConsoleSessions.revokedAt)));
    },
    /** Ends every session of an operator (but `exceptId`); the number ended. */
    async revokeAllOf(operatorId: number, exceptId: number | null, at: Date, tx: Executor): Promise<number> {
      const rows = await tx
        .update(opsConsoleSessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(opsConsoleSessions.operatorId, operatorId),
            isNull(opsConsoleSessions.revokedAt),
            exceptId === null ? undefined : ne(opsConsoleSessions.id, exceptId),
          ),
        )
        .returning({ id: opsConsoleSessions.id });
      return rows.length;
    },
  };
}

export type ConsoleSessionRepository = ReturnType<typeof createConsoleSessionRepository>;
