import { and, asc, eq, like, lt, ne, sql } from 'drizzle-orm';
import { ledgerAccounts, walletTransfers } from '../../../db/schema';
import type { Db, Executor } from '../../../db/tx';

export type TransferRow = typeof walletTransfers.$inferSelect;
export type TransferStatus = 'pending' | 'confirmed' | 'reversed' | 'failed';

/** SQL of the transfer wallets (docs/adr/0029-transfer-mode-vendors.md). */
export function createTransferRepository(db: Db) {
  return {
    /** Inserts a new transfer; false when the member's request key is already taken (nothing written). */
    async insert(row: typeof walletTransfers.$inferInsert, tx: Executor): Promise<boolean> {
      const r = await tx
        .insert(walletTransfers)
        .values(row)
        .onConflictDoNothing({ target: [walletTransfers.memberId, walletTransfers.requestKey] })
        .returning({ id: walletTransfers.id });
      return r.length > 0;
    },

    async get(ref: string, tx: Executor = db): Promise<TransferRow | null> {
      const [row] = await tx.select().from(walletTransfers).where(eq(walletTransfers.id, ref));
      return row ?? null;
    },

    /** The transfer, locked, while it is still pending; null once settled (or unknown). */
    async lockPending(ref: string, tx: Executor): Promise<TransferRow | null> {
      const [row] = await tx
        .select()
        .from(walletTransfers)
        .where(and(eq(walletTransfers.id, ref), eq(walletTransfers.status, 'pending')))
        .for('update');
      return row ?? null;
    },

    async findByRequest(
      memberId: number,
      requestKey: string,
      tx: Executor = db,
    ): Promise<TransferRow | null> {
      const [row] = await tx
        .select()
        .from(walletTransfers)
        .where(and(eq(walletTransfers.memberId, memberId), eq(walletTransfers.requestKey, requestKey)));
      return row ?? null;
    },

    /** The transfers of one "transfer all back" request. */
    async findBatch(memberId: number, batchKey: string, tx: Executor = db): Promise<TransferRow[]> {
      return tx
        .select()
        .from(walletTransfers)
        .where(and(eq(walletTransfers.memberId, memberId), eq(walletTransfers.batchKey, batchKey)))
        .orderBy(asc(walletTransfers.createdAt), asc(walletTransfers.vendor));
    },

    /** Other pending transfers of the member at this vendor (their money is in flight). */
    async countOtherPending(
      memberId: number,
      vendor: string,
      ref: string,
      tx: Executor = db,
    ): Promise<number> {
      const [r] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(walletTransfers)
        .where(
          and(
            eq(walletTransfers.memberId, memberId),
            eq(walletTransfers.vendor, vendor),
            eq(walletTransfers.status, 'pending'),
            ne(walletTransfers.id, ref),
          ),
        );
      return Number(r?.n ?? 0);
    },

    async setStatus(ref: string, status: TransferStatus, at: Date, tx: Executor): Promise<void> {
      await tx.update(walletTransfers).set({ status, updatedAt: at }).where(eq(walletTransfers.id, ref));
    },

    /** One more vendor call made for the transfer, with its error (null when it answered). */
    async recordAttempt(ref: string, error: string | null, at: Date, tx: Executor): Promise<void> {
      await tx
        .update(walletTransfers)
        .set({
          attempts: sql`${walletTransfers.attempts} + 1`,
          lastError: error?.slice(0, 500) ?? null,
          updatedAt: at,
        })
        .where(eq(walletTransfers.id, ref));
    },

    /** Pending transfers created before `before`, oldest first (the sweep). */
    async pendingBefore(before: Date, limit: number, tx: Executor = db): Promise<TransferRow[]> {
      return tx
        .select()
        .from(walletTransfers)
        .where(and(eq(walletTransfers.status, 'pending'), lt(walletTransfers.createdAt, before)))
        .orderBy(asc(walletTransfers.createdAt))
        .limit(limit);
    },

    // ---------- operators (docs/adr/0083) ----------

    /**
     * Per vendor: what the ledger holds in members' wallets there (the sum of the `m:<id>:v:<VENDOR>` accounts'
     * balances, kept by the ledger's write path) and how many of those wallets hold money.
     */
    async heldByVendor(tx: Executor = db): Promise<Map<string, { held: bigint; wallets: number }>> {
      const vendor = sql<string>`split_part(${ledgerAccounts.code}, ':', 4)`;
      const rows = await tx
        .select({
          vendor,
          held: sql<string>`coalesce(sum(${ledgerAccounts.balance}), 0)::text`,
          wallets: sql<number>`(count(*) filter (where ${ledgerAccounts.balance} > 0))::int`,
        })
        .from(ledgerAccounts)
        .where(like(ledgerAccounts.code, 'm:%:v:%'))
        .groupBy(vendor);
      return new Map(rows.map((r) => [r.vendor, { held: BigInt(r.held), wallets: Number(r.wallets) }]));
    },

    /** Per vendor: pending transfers (count, amount) and how many of them were created before `stuckBefore`. */
    async pendingByVendor(stuckBefore: Date, tx: Executor = db) {
      const rows = await tx
        .select({
          vendor: walletTransfers.vendor,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`coalesce(sum(${walletTransfers.amount}), 0)::text`,
          stuck: sql<number>`(count(*) filter (where ${walletTransfers.createdAt} < ${stuckBefore.toISOString()}::timestamptz))::int`,
        })
        .from(walletTransfers)
        .where(eq(walletTransfers.status, 'pending'))
        .groupBy(walletTransfers.vendor);
      return new Map(rows.map((r) => [r.vendor, { count: Number(r.count), amount: BigInt(r.amount), stuck: Number(r.stuck) }]));
    },

    /** The vendor's pending transfers created before `before`, oldest first. */
    async stuckOf(vendor: string, before: Date, limit: number, tx: Executor = db): Promise<TransferRow[]> {
      return tx
        .select()
        .from(walletTransfers)
        .where(and(eq(walletTransfers.status, 'pending'), eq(walletTransfers.vendor, vendor), lt(walletTransfers.createdAt, before)))
        .orderBy(asc(walletTransfers.createdAt), asc(walletTransfers.id))
        .limit(limit);
    },
  };
}

export type TransferRepository = ReturnType<typeof createTransferRepository>;
