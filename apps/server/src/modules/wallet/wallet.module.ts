import type { Database } from '../../db/client';
import type { ModuleParts } from '../../platform/module';
import { createWalletRepository } from './wallet.repository';

/** Account type 4 (or agent flag 4) is a trial account (spec 5.GATE.03). */
const TRIAL = 4;

/** The balance every other module reads: minor units of the member's currency. */
export type MemberBalance = (memberId: number) => Promise<bigint>;

/**
 * Wallet (spec 9: balances, transfers, deposits and withdrawals). Today this module is only the
 * seam other modules read a balance through: `memberBalance(memberId)`. A trial account's balance
 * is its demo credit (members.trial_credit); a real member has no wallet account yet, so zero.
 * The wallet issue replaces the body of `memberBalance` with the ledger's balance; its callers
 * (member info, login answer) do not change.
 */
export function createWalletModule(deps: { database: Database }) {
  const repo = createWalletRepository(deps.database.db);
  const memberBalance: MemberBalance = async (memberId) => {
    const row = await repo.findBalanceSource(memberId);
    if (!row) return 0n;
    return row.type === TRIAL || row.isAgent === TRIAL ? row.trialCredit : 0n;
  };
  return { memberBalance } satisfies ModuleParts & Record<string, unknown>;
}
