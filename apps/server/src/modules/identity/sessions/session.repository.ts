import { BANGKOK_OFFSET_MS } from '@lotus/contracts/calendar';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../db/tx';
import { authEvents, members, sessions } from '../../../db/schema';

/** The Bangkok day's offset as an SQL constant (inlined: GROUP BY must repeat the select's expression exactly). */
const BANGKOK_INTERVAL = sql.raw(`interval '${BANGKOK_OFFSET_MS / 3_600_000} hours'`);

export type SessionRow = typeof sessions.$inferSelect;
export type AuthEvent = Omit<typeof authEvents.$inferInsert, 'id'>;

/** SQL of sessions, the audit trail and login failures. No rules here. */
export function createSessionRepository(db: Db) {
  return {
    // ---------- sessions ----------
    async insertSession(row: typeof sessions.$inferInsert, tx: Executor) {
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

    /** Lifts the restriction of a session (docs/adr/0020): the forced change is done. */
    async liftRestriction(id: string, tx: Executor) {
      await tx.update(sessions).set({ mustChangePassword: false }).where(eq(sessions.id, id));
    },

    async touchSession(id: string, at: Date, tx: Executor) {
      await tx.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async revokeSession(
      id: string,
      memberId: number,
      reason: string,
      at: Date,
      tx: Executor,
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
      tx: Executor,
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

    /**
     * Other accounts seen on the same device (the shared-device risk flag, docs/adr/0085): sessions since
     * `since` from the same address with the same browser as a session of one of these members.
     */
    async sharedDevices(memberIds: number[], since: Date, tx: Executor = db) {
      if (memberIds.length === 0) return [];
      const r = await tx.execute(
        sql`select distinct s.member_id, o.member_id as other_id, s.ip
        from sessions s
        join sessions o on o.ip = s.ip and o.user_agent = s.user_agent and o.member_id <> s.member_id
          and o.created_at >= ${since.toISOString()}::timestamptz
        where s.member_id = any(${`{${memberIds.join(',')}}`}::int[]) and s.created_at >= ${since.toISOString()}::timestamptz`,
      );
      return (r as unknown as { rows: { member_id: unknown; other_id: unknown; ip: unknown }[] }).rows.map((x) => ({
        memberId: Number(x.member_id),
        otherId: Number(x.other_id),
        ip: String(x.ip),
      }));
    },

    async purgeOldSessions(before: Date, tx: Executor) {
      await tx.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
    },

    // ---------- operator dashboard ----------
    /**
     * Account figures for the operator console (docs/adr/0046): counts over the last 24 hours and
     * per Bangkok day (UTC+7, no daylight saving) over the last 7. A login is an event `login` or
     * `login_2fa` whose outcome ends in `:ok`; every other outcome of those events is a failure.
     */
    async figures(at: Date, tx: Executor = db) {
      const since = new Date(at.getTime() - 86_400_000);
      const weekStart = new Date(at.getTime() - 7 * 86_400_000);
      const login = sql`${authEvents.event} in ('login', 'login_2fa')`;
      const ok = sql`${authEvents.outcome} like '%:ok'`;
      const [totals] = await tx
        .select({
          members: sql<number>`(select count(*)::int from ${members})`,
          registrations: sql<number>`(select count(*)::int from ${members} where ${members.createdAt} > ${since.toISOString()}::timestamptz)`,
          logins: sql<number>`count(*) filter (where ${login} and ${ok})::int`,
          failedLogins: sql<number>`count(*) filter (where ${login} and not (${ok}))::int`,
          lockouts: sql<number>`count(*) filter (where ${authEvents.event} = 'lockout')::int`,
          activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${at.toISOString()}::timestamptz and ${sessions.lastSeenAt} + make_interval(secs => ${sessions.idleSeconds}) > ${at.toISOString()}::timestamptz)`,
        })
        .from(authEvents)
        .where(gt(authEvents.createdAt, since));
      const bangkokDay = (column: typeof authEvents.createdAt | typeof members.createdAt) =>
        sql<string>`to_char(${column} + ${BANGKOK_INTERVAL}, 'YYYY-MM-DD')`;
      const events = await tx
        .select({
          day: bangkokDay(authEvents.createdAt),
          logins: sql<number>`count(*) filter (where ${login} and ${ok})::int`,
          failedLogins: sql<number>`count(*) filter (where ${login} and not (${ok}))::int`,
        })
        .from(authEvents)
        .where(gt(authEvents.createdAt, weekStart))
        .groupBy(bangkokDay(authEvents.createdAt));
      const registrations = await tx
        .select({ day: bangkokDay(members.createdAt), n: sql<number>`count(*)::int` })
        .from(members)
        .where(gt(members.createdAt, weekStart))
        .groupBy(bangkokDay(members.createdAt));
      return { totals: totals!, events, registrations };
    },

    // ---------- audit ----------
    async insertAuthEvent(event: AuthEvent, tx: Executor) {
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
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
