import { and, count, desc, eq, gt, isNotNull, isNull, lt, notLike, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/tx';
import { oneTimeTickets, rateCounters, smsAlarms, smsCodes, smsOutbox } from '../../db/schema';

export type TicketRow = typeof oneTimeTickets.$inferSelect;

/** SQL of one-time tickets, SMS codes, the SMS outbox and the shared counters. No rules here. */
export function createVerificationRepository(db: Db) {
  return {
    // ---------- one-time tickets ----------
    async insertTicket(row: typeof oneTimeTickets.$inferInsert, tx: Executor) {
      await tx.insert(oneTimeTickets).values(row);
    },

    /** Removes and returns a ticket: whoever deletes it owns it, so it is used at most once. */
    async consumeTicket(id: string, kind: string, tx: Executor): Promise<TicketRow | null> {
      const [row] = await tx
        .delete(oneTimeTickets)
        .where(and(eq(oneTimeTickets.id, id), eq(oneTimeTickets.kind, kind)))
        .returning();
      return row ?? null;
    },

    async findTicket(id: string, kind: string, tx: Executor = db): Promise<TicketRow | null> {
      const [row] = await tx
        .select()
        .from(oneTimeTickets)
        .where(and(eq(oneTimeTickets.id, id), eq(oneTimeTickets.kind, kind)));
      return row ?? null;
    },

    /** Adds one failed attempt; returns the new count (null when the ticket is gone). */
    async addTicketAttempt(id: string, tx: Executor): Promise<number | null> {
      const [row] = await tx
        .update(oneTimeTickets)
        .set({ attempts: sql`${oneTimeTickets.attempts} + 1` })
        .where(eq(oneTimeTickets.id, id))
        .returning({ attempts: oneTimeTickets.attempts });
      return row?.attempts ?? null;
    },

    async deleteTicketsOfMember(memberId: number, kind: string, tx: Executor) {
      await tx
        .delete(oneTimeTickets)
        .where(and(eq(oneTimeTickets.memberId, memberId), eq(oneTimeTickets.kind, kind)));
    },

    async purgeExpiredTickets(before: Date, tx: Executor) {
      await tx.delete(oneTimeTickets).where(lt(oneTimeTickets.expiresAt, before));
    },

    /** Serialises transactions that use the same key (released at commit or rollback). */
    async lockKey(key: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    },

    // ---------- SMS codes ----------
    async insertSmsCode(row: typeof smsCodes.$inferInsert, tx: Executor) {
      await tx.insert(smsCodes).values(row);
    },

    /**
     * Sends to a number, from an address, to a calling code, or in all (no key) since `since` (the
     * limits and the budget count them).
     */
    async countSmsSince(where: { e164?: string; ip?: string; dial?: string }, since: Date, tx: Executor = db) {
      const by =
        where.e164 !== undefined
          ? eq(smsCodes.e164, where.e164)
          : where.ip !== undefined
            ? eq(smsCodes.ip, where.ip)
            : where.dial !== undefined
              ? eq(smsCodes.dial, where.dial)
              : undefined;
      const [row] = await tx
        .select({ n: count(), oldest: sql<string | null>`min(${smsCodes.createdAt})` })
        .from(smsCodes)
        .where(and(by, gt(smsCodes.createdAt, since)));
      return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    /** The newest live code of a number for a purpose (unused, not expired, with a code). */
    async findLiveSmsCode(e164: string, purpose: string, now: Date, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(smsCodes)
        .where(
          and(
            eq(smsCodes.e164, e164),
            eq(smsCodes.purpose, purpose),
            isNull(smsCodes.usedAt),
            isNotNull(smsCodes.codeHash),
            gt(smsCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(smsCodes.id))
        .limit(1);
      return row ?? null;
    },

    async purgeSmsCodes(before: Date, tx: Executor) {
      await tx.delete(smsCodes).where(lt(smsCodes.createdAt, before));
    },

    async addSmsAttempt(id: number, tx: Executor) {
      await tx
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(eq(smsCodes.id, id));
    },

    /** Marks a code used; false when somebody else used it first. */
    async useSmsCode(id: number, at: Date, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(smsCodes)
        .set({ usedAt: at })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      return rows.length === 1;
    },

    /** Sends per calling code since `since`, most first (the operator's budget view). */
    async countSmsByDialSince(since: Date, limit: number, tx: Executor = db) {
      const n = count();
      return tx
        .select({ dial: smsCodes.dial, n })
        .from(smsCodes)
        .where(and(gt(smsCodes.createdAt, since), isNotNull(smsCodes.dial)))
        .groupBy(smsCodes.dial)
        .orderBy(desc(n))
        .limit(limit);
    },

    // ---------- SMS pumping alarms ----------
    /** Raises an alarm; true only for the first caller of a scope and window (log it once). */
    async raiseSmsAlarm(row: typeof smsAlarms.$inferInsert, tx: Executor): Promise<boolean> {
      const inserted = await tx
        .insert(smsAlarms)
        .values(row)
        .onConflictDoNothing({ target: [smsAlarms.scope, smsAlarms.windowStart] })
        .returning({ id: smsAlarms.id });
      return inserted.length === 1;
    },

    async listSmsAlarms(since: Date, limit: number, tx: Executor = db) {
      return tx
        .select()
        .from(smsAlarms)
        .where(gt(smsAlarms.raisedAt, since))
        .orderBy(desc(smsAlarms.raisedAt))
        .limit(limit);
    },

    // ---------- SMS outbox (the default provider) ----------
    async insertSmsOutbox(row: { to: string; text: string; createdAt: Date }, tx: Executor) {
      await tx.insert(smsOutbox).values(row);
    },

    /** Rows written in clear before outboxes were sealed (sealed values start with "v1."). */
    async listUnsealedSmsOutbox(tx: Executor = db) {
      return tx.select().from(smsOutbox).where(notLike(smsOutbox.text, 'v1.%')).limit(10_000);
    },
    async setSmsOutboxText(id: number, text: string, tx: Executor) {
      await tx.update(smsOutbox).set({ text }).where(eq(smsOutbox.id, id));
    },

    async listSmsOutbox(options: { to?: string; limit: number; beforeId?: number | undefined }, tx: Executor = db) {
      return tx
        .select()
        .from(smsOutbox)
        .where(
          and(
            options.to ? eq(smsOutbox.to, options.to) : undefined,
            options.beforeId ? lt(smsOutbox.id, options.beforeId) : undefined,
          ),
        )
        .orderBy(desc(smsOutbox.id))
        .limit(options.limit);
    },

    // ---------- shared counters (fixed windows) ----------
    /** Counts one hit of `key` in its window; returns the count and when the window ends. */
    async hitCounter(key: string, now: Date, windowMs: number, tx: Executor) {
      const ends = new Date(now.getTime() + windowMs);
      const [row] = await tx
        .insert(rateCounters)
        .values({ key, count: 1, windowEndsAt: ends })
        .onConflictDoUpdate({
          target: rateCounters.key,
          set: {
            count: sql`case when ${rateCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateCounters.count} + 1 end`,
            windowEndsAt: sql`case when ${rateCounters.windowEndsAt} <= ${now.toISOString()}::timestamptz then ${ends.toISOString()}::timestamptz else ${rateCounters.windowEndsAt} end`,
          },
        })
        .returning({ count: rateCounters.count, windowEndsAt: rateCounters.windowEndsAt });
      return row ?? { count: 1, windowEndsAt: ends };
    },

    /** The current count of `key` (0 when its window is over). */
    async peekCounter(key: string, now: Date, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ count: rateCounters.count })
        .from(rateCounters)
        .where(and(eq(rateCounters.key, key), gt(rateCounters.windowEndsAt, now)));
      return row?.count ?? 0;
    },

    async deleteCounter(key: string, tx: Executor) {
      await tx.delete(rateCounters).where(eq(rateCounters.key, key));
    },

    async purgeExpiredCounters(before: Date, tx: Executor) {
      await tx.delete(rateCounters).where(lt(rateCounters.windowEndsAt, before));
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
