import { and, eq, sql } from 'drizzle-orm';
import { sandboxVendorPlayers, sandboxVendorTransfers } from '../../../../db/schema';
import type { Db, Executor } from '../../../../db/tx';

export type SandboxTransferRow = typeof sandboxVendorTransfers.$inferSelect;

/** SQL of the sandbox transfer vendor's own books (embedded demo and tests). */
export function createSandboxVendorRepository(db: Db) {
  return {
    async getTransfer(vendor: string, ref: string, tx: Executor = db): Promise<SandboxTransferRow | null> {
      const [row] = await tx
        .select()
        .from(sandboxVendorTransfers)
        .where(and(eq(sandboxVendorTransfers.vendor, vendor), eq(sandboxVendorTransfers.ref, ref)));
      return row ?? null;
    },

    /** Records a ref once; false when it exists (the caller answers from the stored row). */
    async insertTransfer(row: SandboxTransferRow, tx: Executor): Promise<boolean> {
      const r = await tx
        .insert(sandboxVendorTransfers)
        .values(row)
        .onConflictDoNothing()
        .returning({ ref: sandboxVendorTransfers.ref });
      return r.length > 0;
    },

    /** The player's balance, locked (the row is made at 0 on first use). */
    async lockPlayer(vendor: string, playerId: string, at: Date, tx: Executor): Promise<bigint> {
      await tx
        .insert(sandboxVendorPlayers)
        .values({ vendor, playerId, balance: 0n, updatedAt: at })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ balance: sandboxVendorPlayers.balance })
        .from(sandboxVendorPlayers)
        .where(and(eq(sandboxVendorPlayers.vendor, vendor), eq(sandboxVendorPlayers.playerId, playerId)))
        .for('update');
      return row!.balance;
    },

    async addBalance(
      vendor: string,
      playerId: string,
      delta: bigint,
      at: Date,
      tx: Executor,
    ): Promise<bigint> {
      const [row] = await tx
        .update(sandboxVendorPlayers)
        .set({ balance: sql`${sandboxVendorPlayers.balance} + ${String(delta)}::bigint`, updatedAt: at })
        .where(and(eq(sandboxVendorPlayers.vendor, vendor), eq(sandboxVendorPlayers.playerId, playerId)))
        .returning({ balance: sandboxVendorPlayers.balance });
      return row!.balance;
    },

    async balance(vendor: string, playerId: string, tx: Executor = db): Promise<bigint> {
      const [row] = await tx
        .select({ balance: sandboxVendorPlayers.balance })
        .from(sandboxVendorPlayers)
        .where(and(eq(sandboxVendorPlayers.vendor, vendor), eq(sandboxVendorPlayers.playerId, playerId)));
      return row?.balance ?? 0n;
    },
  };
}

export type SandboxVendorRepository = ReturnType<typeof createSandboxVendorRepository>;
