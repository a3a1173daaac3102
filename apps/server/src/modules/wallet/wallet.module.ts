import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import type { Clock } from '../../platform/clock';
import type { ModuleParts } from '../../platform/module';
import { walletOpsRoutes } from './wallet-ops.routes';
import { createWalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { isTrialMember } from './wallet.rules';
import { createWalletService, type WalletOptions } from './wallet.service';

/** What a balance is read for: the member's id and type (trial accounts play on trial credit). */
export type BalanceHolder = { id: number; type: number; isAgent: number };
/** The balance every other module reads: minor units of the member's playing wallet. */
export type MemberBalance = (member: BalanceHolder) => Promise<bigint>;
export type { WalletService } from './wallet.service';
/** Grants a new trial account its play credit through the ledger, in the caller's transaction. */
export type TrialCreditGrant = (memberId: number, amount: bigint, tx: Executor) => Promise<void>;

export const DEFAULT_WALLET_OPTIONS: WalletOptions = { currency: 'THB' };

/**
 * Wallet (issue 8; docs/adr/0026-ledger-and-wallet.md): the ledger's only writer. Other modules move money
 * through `service.post` / `service.gameOperation` (wallet.types.ts) and read balances through
 * `memberBalance` / `service.balanceOf`.
 */
export function createWalletModule(deps: { database: Database; now: Clock; options?: WalletOptions }) {
  const repo = createWalletRepository(deps.database.db);
  const service = createWalletService({
    database: deps.database,
    repo,
    options: deps.options ?? DEFAULT_WALLET_OPTIONS,
    now: deps.now,
  });
  const memberBalance: MemberBalance = (member) => service.balanceOf({ id: member.id, trial: isTrialMember(member) });
  return {
    service,
    memberBalance,
    grantTrialCredit: service.grantTrialCredit satisfies TrialCreditGrant,
    routes: (app) => walletRoutes(app, { wallet: service }),
    opsRoutes: (app) => walletOpsRoutes(app, { wallet: service }),
  } satisfies ModuleParts & Record<string, unknown>;
}
