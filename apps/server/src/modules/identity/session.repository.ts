import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { authEvents, loginFailures, members, sessions } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;
export type AuthEvent = Omit<typeof authEvents.$inferInsert, 'id'>;

/** SQL of sessions, the audit trail and login failures. No rules here. */
export function createSessionRepository(db: Db) {
  return {
    // ---------- sessions ----------
    async insertSession(row: typeof sessions.$inferInsert, tx: Executor = db) {
      await tx.insert(sessions).values(row);
    },

    /** The session of a token hash with the few member columns every guard needs. */
    async findSessionByTokenHash(tokenHash: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          session: sessions,
          member: {
            id: members.id,
            username: members.username,
            type: members.type,
            isAgent: members.isAgent,
            status: members.status,
          },
        })
        .from(sessions)
        .innerJoin(members, eq(members.id, sessions.memberId))
        .where(eq(sessions.tokenHash, tokenHash));
      return row ?? null;
    },

    async touchSession(id: string, at: Date, tx: Executor = db) {
      await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async revokeSession(
      id: string,
      memberId: number,
      reason: string,
      at: Date,
      tx: Executor = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(and(eq(sessions.id, id), eq(sessions.memberId, memberId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length === 1;
    },

    /** Revokes every live session of a member, except `exceptId` when given; returns how many. */
    async revokeMemberSessions(
      memberId: number,
      exceptId: string | null,
      reason: string,
      at: Date,
      tx: Executor = db,
    ) {
      const rows = await tx
        .update(sessions)
        .set({ revokedAt: at, revokeReason: reason })
        .where(
          and(
            eq(sessions.memberId, memberId),
            isNull(sessions.revokedAt),
            exceptId ? ne(sessions.id, exceptId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return rows.length;
    },

    /** Live sessions (not revoked, not past their absolute end), newest first. */
    async listLiveSessions(memberId: number, at: Date, tx: Executor = db) {
      return tx
        .select()
        .from(sessions)
        .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at)))
        .orderBy(desc(sessions.createdAt))
        .limit(100);
    },

    async purgeOldSessions(before: Date, tx: Executor = db) {
      await tx.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
    },

    // ---------- audit ----------
    async insertAuthEvent(event: AuthEvent, tx: Executor = db) {
      await tx.insert(authEvents).values(event);
    },

    async listAuthEvents(
      options: { memberId?: number; username?: string; limit: number },
      tx: Executor = db,
    ) {
      return tx
        .select()
        .from(authEvents)
        .where(
          options.memberId !== undefined
            ? eq(authEvents.memberId, options.memberId)
            : options.username !== undefined
              ? sql`lower(${authEvents.username}) = ${options.username.toLowerCase()}`
              : undefined,
        )
        .orderBy(desc(authEvents.id))
        .limit(options.limit);
    },

    // ---------- login failures (per username string) ----------
    async findFailures(usernameKey: string, tx: Executor = db) {
      const [row] = await tx.select().from(loginFailures).where(eq(loginFailures.usernameKey, usernameKey));
      return row ?? null;
    },

    /**
     * Counts a failed password for a username: a new window starts when the last one is over (or a
     * lock has ended); the count reaching `max` locks the name until `now + lockMs`.
     */
    async recordFailure(
      usernameKey: string,
      at: Date,
      policy: { windowMs: number; max: number; lockMs: number },
      tx: Executor = db,
    ) {
      const nowIso = at.toISOString();
      const windowStart = new Date(at.getTime() - policy.windowMs).toISOString();
      const lockEnd = new Date(at.getTime() + policy.lockMs).toISOString();
      const fresh = sql`(${loginFailures.firstFailureAt} <= ${windowStart}::timestamptz or (${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${nowIso}::timestamptz))`;
      const nextCount = sql`case when ${fresh} then 1 else ${loginFailures.failures} + 1 end`;
      const [row] = await tx
        .insert(loginFailures)
        .values({
          usernameKey,
          failures: 1,
          firstFailureAt: at,
          lastFailureAt: at,
          lockedUntil: policy.max <= 1 ? new Date(lockEnd) : null,
        })
        .onConflictDoUpdate({
          target: loginFailures.usernameKey,
          set: {
            failures: nextCount,
            firstFailureAt: sql`case when ${fresh} then ${nowIso}::timestamptz else ${loginFailures.firstFailureAt} end`,
            lastFailureAt: at,
            lockedUntil: sql`case when ${nextCount} >= ${policy.max} then ${lockEnd}::timestamptz else null end`,
          },
        })
        .returning();
      if (!row) throw new Error('recordFailure returned no row');
      return row;
    },

    /** Forgets failures older than `before` whose lock (if any) is over. */
    async purgeFailures(before: Date, now: Date, tx: Executor = db) {
      await tx
        .delete(loginFailures)
        .where(
          and(
            lt(loginFailures.lastFailureAt, before),
            or(isNull(loginFailures.lockedUntil), lt(loginFailures.lockedUntil, now)),
          ),
        );
    },

    async clearFailures(usernameKey: string, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(loginFailures)
        .where(eq(loginFailures.usernameKey, usernameKey))
        .returning({ key: loginFailures.usernameKey });
      return rows.length > 0;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
