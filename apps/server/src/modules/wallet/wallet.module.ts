import type { ModuleParts } from '../../platform/module';

/** Account type 4 (or agent flag 4) is a trial account (spec 5.GATE.03). */
const TRIAL = 4;

/** What a balance is read for: the member (its id for the ledger; type and demo credit until then). */
export type BalanceHolder = { id: number; type: number; isAgent: number; trialCredit: bigint };
/** The balance every other module reads: minor units of the member's currency. */
export type MemberBalance = (member: BalanceHolder) => Promise<bigint>;

/**
 * Wallet (spec 9: balances, transfers, deposits and withdrawals). Today this module is only the
 * seam other modules read a balance through: `memberBalance(member)`. A trial account's balance is
 * its demo credit (members.trial_credit, already on the member row the caller holds, so no query);
 * a real member has no wallet account yet, so zero. The wallet issue replaces the body of
 * `memberBalance` with the ledger's balance of `member.id`; its callers (member info, login answer)
 * do not change.
 */
export function createWalletModule() {
  const memberBalance: MemberBalance = async (member) =>
    member.type === TRIAL || member.isAgent === TRIAL ? member.trialCredit : 0n;
  return { memberBalance } satisfies ModuleParts & Record<string, unknown>;
}
