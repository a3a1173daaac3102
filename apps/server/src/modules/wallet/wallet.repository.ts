import { eq } from 'drizzle-orm';
import { members } from '../../db/schema';
import type { Db, Executor } from '../../db/tx';

export function createWalletRepository(db: Db) {
  return {
    /** What the balance of a member depends on today: its account type and its trial credit. */
    async findBalanceSource(memberId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ type: members.type, isAgent: members.isAgent, trialCredit: members.trialCredit })
        .from(members)
        .where(eq(members.id, memberId));
      return row ?? null;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
