import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { vendorLaunchTokens, vendorRegistry, vendorSessions } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export type VendorRow = typeof vendorRegistry.$inferSelect;
export type VendorSessionRow = typeof vendorSessions.$inferSelect;

/** SQL of the vendor registry, launch tokens and vendor sessions. No rules here. */
export function createVendorRepository(db: Db) {
  return {
    // ---------- registry ----------
    async findVendor(code: string, tx: Executor = db): Promise<VendorRow | null> {
      const [row] = await tx.select().from(vendorRegistry).where(eq(vendorRegistry.code, code));
      return row ?? null;
    },

    async listVendors(tx: Executor = db): Promise<VendorRow[]> {
      return tx.select().from(vendorRegistry).orderBy(asc(vendorRegistry.code));
    },

    /** Inserts a vendor; false when the code is taken (nothing written). */
    async insertVendor(row: typeof vendorRegistry.$inferInsert, tx: Executor): Promise<boolean> {
      const inserted = await tx
        .insert(vendorRegistry)
        .values(row)
        .onConflictDoNothing({ target: vendorRegistry.code })
        .returning({ code: vendorRegistry.code });
      return inserted.length === 1;
    },

    async updateVendor(
      code: string,
      change: Partial<Pick<VendorRow, 'status' | 'secretSealed' | 'apiBaseUrl' | 'launchUrl'>> & { updatedAt: Date },
      tx: Executor,
    ): Promise<VendorRow | null> {
      const [row] = await tx.update(vendorRegistry).set(change).where(eq(vendorRegistry.code, code)).returning();
      return row ?? null;
    },

    /** The vendor row locked for a change (status, rotation). */
    async lockVendor(code: string, tx: Executor): Promise<VendorRow | null> {
      const [row] = await tx.select().from(vendorRegistry).where(eq(vendorRegistry.code, code)).for('update');
      return row ?? null;
    },

    // ---------- launch tokens ----------
    async insertLaunchToken(row: typeof vendorLaunchTokens.$inferInsert, tx: Executor) {
      await tx.insert(vendorLaunchTokens).values(row);
    },

    /**
     * Consumes a launch token of `vendorCode` that has not expired at `at`: deleted and returned in
     * one statement, so a token is used once even by concurrent calls.
     */
    async consumeLaunchToken(tokenHash: string, vendorCode: string, at: Date, tx: Executor) {
      const [row] = await tx
        .delete(vendorLaunchTokens)
        .where(
          and(
            eq(vendorLaunchTokens.tokenHash, tokenHash),
            eq(vendorLaunchTokens.vendorCode, vendorCode),
            gt(vendorLaunchTokens.expiresAt, at),
          ),
        )
        .returning();
      return row ?? null;
    },

    // ---------- sessions ----------
    async insertSession(row: typeof vendorSessions.$inferInsert, tx: Executor) {
      await tx.insert(vendorSessions).values(row);
    },

    async findSession(tokenHash: string, tx: Executor = db): Promise<VendorSessionRow | null> {
      const [row] = await tx.select().from(vendorSessions).where(eq(vendorSessions.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Moves last_used_at forward (never back: concurrent touches keep the latest). */
    async touchSession(tokenHash: string, at: Date, tx: Executor) {
      await tx
        .update(vendorSessions)
        .set({ lastUsedAt: sql`greatest(${vendorSessions.lastUsedAt}, ${at.toISOString()}::timestamptz)` })
        .where(eq(vendorSessions.tokenHash, tokenHash));
    },

    // ---------- housekeeping ----------
    async purgeLaunchTokens(before: Date, tx: Executor) {
      await tx.delete(vendorLaunchTokens).where(lt(vendorLaunchTokens.expiresAt, before));
    },

    async purgeSessions(lastUsedBefore: Date, tx: Executor) {
      await tx.delete(vendorSessions).where(lt(vendorSessions.lastUsedAt, lastUsedBefore));
    },
  };
}

export type VendorRepository = ReturnType<typeof createVendorRepository>;
