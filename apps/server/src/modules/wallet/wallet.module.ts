import type { Database } from '../../db/client';
import type { Executor } from '../../db/tx';
import type { Clock } from '../../platform/clock';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ModuleParts } from '../../platform/module';
import { createInterimTransferVendors, SANDBOX_VENDOR_CODE } from './transfers/interim-vendors';
import { createSandboxVendorRepository } from './transfers/sandbox/sandbox-vendor.repository';
import { sandboxVendorRoutes } from './transfers/sandbox/sandbox-vendor.routes';
import { createSandboxVendorService } from './transfers/sandbox/sandbox-vendor.service';
import { createHttpFundTransferProvider } from './transfers/transfer.http-provider';
import { DEFAULT_TRANSFER_WALLET_OPTIONS, type TransferWalletOptions } from './transfers/transfer.options';
import { createTransferRepository } from './transfers/transfer.repository';
import {
  createTransferService,
  TRANSFER_RESOLVE_JOB,
  TRANSFER_SWEEP_JOB,
} from './transfers/transfer.service';
import type { FundTransferProvider, TransferVendorSource } from './transfers/transfer.types';
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
export type { TransferService } from './transfers/transfer.service';
/** Grants a new trial account its play credit through the ledger, in the caller's transaction. */
export type TrialCreditGrant = (memberId: number, amount: bigint, tx: Executor) => Promise<void>;

export const DEFAULT_WALLET_OPTIONS: WalletOptions = { currency: 'THB' };

/**
 * Wallet (issue 8; docs/adr/0026-ledger-and-wallet.md): the ledger's only writer. Other modules move money
 * through `service.post` / `service.gameOperation` (wallet.types.ts) and read balances through
 * `memberBalance` / `service.balanceOf`.
 */
export function createWalletModule(deps: {
  database: Database;
  now: Clock;
  jobs: Pick<JobEngine, 'send' | 'getJob'>;
  options?: WalletOptions;
  transfers?: {
    options: TransferWalletOptions;
    /** This server's base URL once it listens (the sandbox vendor's address), else null. */
    selfUrl: () => string | null;
    /** The transfer-mode vendors (default: the interim source, see transfers/interim-vendors.ts). */
    vendors?: TransferVendorSource;
    /** The vendors' fund-transfer API (default: HTTP). */
    provider?: FundTransferProvider;
  };
}) {
  const options = deps.options ?? DEFAULT_WALLET_OPTIONS;
  const repo = createWalletRepository(deps.database.db);
  const service = createWalletService({
    database: deps.database,
    repo,
    options,
    now: deps.now,
  });
  const memberBalance: MemberBalance = (member) => service.balanceOf({ id: member.id, trial: isTrialMember(member) });

  // Transfer-mode vendor wallets (transfers/, docs/adr/0029-transfer-mode-vendors.md).
  const transferOptions = deps.transfers?.options ?? DEFAULT_TRANSFER_WALLET_OPTIONS;
  const interim = createInterimTransferVendors({
    sandbox: transferOptions.sandbox,
    selfUrl: deps.transfers?.selfUrl ?? (() => null),
    currency: options.currency,
  });
  const transfers = createTransferService({
    database: deps.database,
    repo: createTransferRepository(deps.database.db),
    wallet: service,
    ledger: repo,
    vendors: deps.transfers?.vendors ?? interim,
    provider:
      deps.transfers?.provider ??
      createHttpFundTransferProvider({
        timeoutMs: transferOptions.vendorTimeoutMs,
        balanceTimeoutMs: transferOptions.balanceTimeoutMs,
        now: deps.now,
      }),
    jobs: deps.jobs,
    options: transferOptions,
    now: deps.now,
  });
  const sandbox = transferOptions.sandbox
    ? createSandboxVendorService({
        database: deps.database,
        repo: createSandboxVendorRepository(deps.database.db),
        vendor: SANDBOX_VENDOR_CODE,
        hangMs: transferOptions.vendorTimeoutMs + 1000,
        now: deps.now,
      })
    : null;

  return {
    service,
    transfers,
    /** The sandbox transfer vendor (embedded demo, ALLOW_SANDBOX_TRANSPORTS=1, tests), else null. */
    sandbox,
    memberBalance,
    grantTrialCredit: service.grantTrialCredit satisfies TrialCreditGrant,
    routes: async (app) => {
      await walletRoutes(app, { wallet: service, transfers });
      if (sandbox) {
        await sandboxVendorRoutes(app, { sandbox, vendor: SANDBOX_VENDOR_CODE, secret: () => interim.sandboxSecret, now: deps.now });
      }
    },
    opsRoutes: (app) => walletOpsRoutes(app, { wallet: service }),
    jobs: [
      {
        name: TRANSFER_RESOLVE_JOB,
        handler: (data: { ref: string }) => transfers.resolve(data.ref),
        // 15 s, then doubling (with jitter): about 4 hours to the last of 10 retries; the sweep re-queues after.
        retryLimit: 10,
        retryDelaySeconds: 15,
        retryBackoff: true,
      },
      { name: TRANSFER_SWEEP_JOB, handler: () => transfers.sweep().then(() => undefined), retryLimit: 0, schedule: { everyMs: 60_000 } },
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}
