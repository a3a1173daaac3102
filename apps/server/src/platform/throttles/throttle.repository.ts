import { and, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/tx';
import { authThrottles } from '../../db/schema';

export type ThrottleKind = 'login' | '2fa' | 'password' | 'slider' | 'payment' | 'ops_login';
export type ThrottleRow = typeof authThrottles.$inferSelect;

/** SQL of failure throttles (table auth_throttles). No rules here: see throttle.rules.ts. */
export function createThrottleRepository(db: Db) {
  const where = (kind: ThrottleKind, subject: string, source: string) =>
    and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject), eq(authThrottles.source, source));

  return {
    /** The rows of several sources of one subject in one query, in the order asked (null when none). */
    async findSources(kind: ThrottleKind, subject: string, sources: string[], tx: Executor = db) {
      const rows = await tx
        .select()
        .from(authThrottles)
        .where(and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject), inArray(authThrottles.source, sources)));
      return sources.map((source) => rows.find((r) => r.source === source) ?? null);
    },

    async find(kind: ThrottleKind, subject: string, source = '', tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(authThrottles)
        .where(where(kind, subject, source));
      return row ?? null;
    },

    /** Counts one failure; the count restarts when the last failure is older than `resetAfterMs`. */
    async record(
      kind: ThrottleKind,
      subject: string,
      source: string,
      at: Date,
      resetAfterMs: number,
      tx: Executor,
    ): Promise<ThrottleRow> {
      const quietSince = new Date(at.getTime() - resetAfterMs).toISOString();
      const fresh = sql`(${authThrottles.lastFailureAt} <= ${quietSince}::timestamptz)`;
      const [row] = await tx
        .insert(authThrottles)
        .values({ kind, subject, source, failures: 1, firstFailureAt: at, lastFailureAt: at })
        .onConflictDoUpdate({
          target: [authThrottles.kind, authThrottles.subject, authThrottles.source],
          set: {
            failures: sql`case when ${fresh} then 1 else ${authThrottles.failures} + 1 end`,
            firstFailureAt: sql`case when ${fresh} then ${at.toISOString()}::timestamptz else ${authThrottles.firstFailureAt} end`,
            notifiedAt: sql`case when ${fresh} then null else ${authThrottles.notifiedAt} end`,
            lastFailureAt: at,
          },
        })
        .returning();
      if (!row) throw new Error('throttle record returned no row');
      return row;
    },

    /**
     * The row of a subject locked until the transaction ends (`select ... for update`), or null when
     * there is none: concurrent attempts of one subject read it one after the other.
     */
    async findForUpdate(kind: ThrottleKind, subject: string, source: string, tx: Tx): Promise<ThrottleRow | null> {
      const [row] = await tx.select().from(authThrottles).where(where(kind, subject, source)).for('update');
      return row ?? null;
    },

    /** The first failure of a subject; null when a concurrent transaction inserted the row first. */
    async insertFirst(kind: ThrottleKind, subject: string, source: string, at: Date, tx: Tx): Promise<ThrottleRow | null> {
      const [row] = await tx
        .insert(authThrottles)
        .values({ kind, subject, source, failures: 1, firstFailureAt: at, lastFailureAt: at })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Gives back one counted failure (an attempt reserved but never judged). */
    async release(kind: ThrottleKind, subject: string, source: string, tx: Executor): Promise<void> {
      await tx
        .update(authThrottles)
        .set({ failures: sql`greatest(${authThrottles.failures} - 1, 0)` })
        .where(where(kind, subject, source));
    },

    /**
     * Marks the owner told, once: true only for the caller that set it (not told yet, or told
     * before `notBefore`), so concurrent failures send one message.
     */
    async claimNotification(
      kind: ThrottleKind,
      subject: string,
      source: string,
      at: Date,
      notBefore: Date,
      tx: Executor,
    ): Promise<boolean> {
      const rows = await tx
        .update(authThrottles)
        .set({ notifiedAt: at })
        .where(
          and(
            where(kind, subject, source),
            or(isNull(authThrottles.notifiedAt), lt(authThrottles.notifiedAt, notBefore)),
          ),
        )
        .returning({ kind: authThrottles.kind });
      return rows.length === 1;
    },

    /** Forgets a subject's failures: one source, or every source when `source` is undefined. */
    async clear(kind: ThrottleKind, subject: string, source: string | undefined, tx: Executor): Promise<number> {
      const rows = await tx
        .delete(authThrottles)
        .where(
          source === undefined
            ? and(eq(authThrottles.kind, kind), eq(authThrottles.subject, subject))
            : where(kind, subject, source),
        )
        .returning({ kind: authThrottles.kind });
      return rows.length;
    },

    async purge(before: Date, tx: Executor) {
      await tx.delete(authThrottles).where(lt(authThrottles.lastFailureAt, before));
    },
  };
}

export type ThrottleRepository = ReturnType<typeof createThrottleRepository>;
