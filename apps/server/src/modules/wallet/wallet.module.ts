import { isTrialAccount } from '@lotus/contracts/accounts';
import { preparedQuery, type Database } from '../../db/client';
import { ZLedgerReverse, ZLedgerTransactionParam } from '@lotus/contracts/wallet';
import { z } from 'zod';
import type { LiveBus } from '../../platform/live';
import type { Approvals } from '../../platform/approvals/approvals';
import type { Executor } from '../../db/tx';
import type { Clock } from '../../platform/clock';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ModuleParts } from '../../platform/module';
import { createSandboxVendorRepository } from './transfers/sandbox/sandbox-vendor.repository';
import { sandboxVendorRoutes } from './transfers/sandbox/sandbox-vendor.routes';
import {
  createSandboxVendorService,
  SANDBOX_VENDOR_CODE,
  SANDBOX_VENDOR_NAME,
  SANDBOX_VENDOR_PATH,
} from './transfers/sandbox/sandbox-vendor.service';
import { createHttpFundTransferProvider } from './transfers/transfer.http-provider';
import type { TransferWalletOptions } from './transfers/transfer.options';
import { transferOpsRoutes } from './transfers/transfer-ops.routes';
import { createTransferOps, type UsernameOf } from './transfers/transfer.ops';
import { createTransferRepository } from './transfers/transfer.repository';
import {
  createTransferService,
  TRANSFER_RESOLVE_JOB,
  TRANSFER_SWEEP_JOB,
} from './transfers/transfer.service';
import type { FundTransferProvider, TransferVendorSource } from './transfers/transfer.types';
import { walletOpsRoutes } from './wallet-ops.routes';
import { createWalletRepository } from './wallet.repository';
import { walletRoutes, type RecordNames } from './wallet.routes';
import { createWalletService, GAME_OP_LANES, type WalletOptions } from './wallet.service';

/** What a balance is read for: the member's id and type (trial accounts play on trial credit). */
export type BalanceHolder = { id: number; type: number; isAgent: number };
/** The balance every other module reads: minor units of the member's playing wallet. */
export type MemberBalance = (member: BalanceHolder) => Promise<bigint>;
export type { WalletService } from './wallet.service';
export type { RecordNames, RecordSource } from './wallet.routes';
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
  /** Four-eyes (docs/adr/0081): ledger reversals. */
  approvals: Pick<Approvals, 'define' | 'request'>;
  /** Tells a member's open pages their balance moved, once the movement committed (platform/live.ts). */
  live?: Pick<LiveBus, 'publish'>;
  options?: WalletOptions;
  transfers: {
    options: TransferWalletOptions;
    /** This server's base URL once it listens (the sandbox vendor's address), else null. */
    selfUrl: () => string | null;
    /** The transfer-mode vendors of the vendor registry (the game-vendors module's `transferVendors`, built before the wallet). */
    vendors: TransferVendorSource;
    /** Adds or moves a platform-provided vendor in the registry (the game-vendors module's `provisionVendor`). */
    provisionVendor: (input: unknown) => Promise<void>;
    /** The vendors' fund-transfer API (default: HTTP). */
    provider?: FundTransferProvider;
  };
}) {
  const options = deps.options ?? DEFAULT_WALLET_OPTIONS;
  const repo = createWalletRepository(deps.database.db, preparedQuery(deps.database.raw));
  const service = createWalletService({
    database: deps.database,
    repo,
    options,
    now: deps.now,
    gameOpLanes: GAME_OP_LANES[deps.database.raw.kind],
    // PGlite runs its statements on this thread: an idle lane waits for the requests read in the same turn.
    gameOpSendAfterTurn: deps.database.raw.kind === 'pglite',
    live: deps.live,
  });
  // A reversal is applied by the second operator who approves it, as them (docs/adr/0081).
  deps.approvals.define({
    action: 'ledger.reverse',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: z.object({ id: ZLedgerTransactionParam.shape.id, reason: ZLedgerReverse.shape.reason }),
    apply: ({ id, reason }, audit, approver) => service.reverseByOperator(id, { id: approver.username, reason }, audit),
  });
  // The account record's names come from modules built after this one (services.ts sets them).
  let recordNames: RecordNames = async () => [];
  const memberBalance: MemberBalance = (member) =>
    service.balanceOf({ id: member.id, trial: isTrialAccount(member) });

  // Transfer-mode vendor wallets (transfers/, docs/adr/0029-transfer-mode-vendors.md).
  const transferOptions = deps.transfers.options;
  const vendors = deps.transfers.vendors;
  const transferRepo = createTransferRepository(deps.database.db);
  const transfers = createTransferService({
    database: deps.database,
    repo: transferRepo,
    wallet: service,
    ledger: repo,
    vendors,
    provider:
      deps.transfers.provider ??
      createHttpFundTransferProvider({
        timeoutMs: transferOptions.vendorTimeoutMs,
        balanceTimeoutMs: transferOptions.balanceTimeoutMs,
        now: deps.now,
      }),
    jobs: deps.jobs,
    options: transferOptions,
    now: deps.now,
  });
  // The stuck transfers' usernames come from identity, built after this module (services.ts sets them).
  let usernameOf: UsernameOf = async () => null;
  const transferOps = createTransferOps({ repo: transferRepo, transfers, vendors, usernameOf: () => usernameOf, now: deps.now });
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
    /** The sandbox transfer vendor (embedded demo, ALLOW_SANDBOX_PSP=1, tests), else null. */
    sandbox,
    /**
     * Once the server listens, with the sandbox on: the registry's vendor SBX ("Sandbox Casino", transfer
     * mode) points at this server's sandbox (added with a new secret when missing). Nothing otherwise.
     */
    async provisionSandboxVendor() {
      const base = sandbox ? deps.transfers.selfUrl() : null;
      if (!base) return;
      await deps.transfers.provisionVendor({
        code: SANDBOX_VENDOR_CODE,
        name: SANDBOX_VENDOR_NAME,
        walletMode: 'transfer',
        launchUrl: `${base}${SANDBOX_VENDOR_PATH}/launch`,
        apiBaseUrl: `${base}${SANDBOX_VENDOR_PATH}`,
        currency: options.currency,
      });
    },
    memberBalance,
    grantTrialCredit: service.grantTrialCredit satisfies TrialCreditGrant,
    /** Sets where the account record's channel and game names come from (issue 25); before routes are registered. */
    setRecordNames(names: RecordNames) {
      recordNames = names;
    },
    /** Sets where the operators' transfer desk reads members' usernames (docs/adr/0083); before routes are registered. */
    setUsernames(names: UsernameOf) {
      usernameOf = names;
    },
    routes: async (app) => {
      await walletRoutes(app, { wallet: service, transfers, recordNames: (rows) => recordNames(rows) });
      if (sandbox) {
        await sandboxVendorRoutes(app, {
          sandbox,
          vendor: SANDBOX_VENDOR_CODE,
          secret: async () => (await vendors.find(SANDBOX_VENDOR_CODE))?.secret ?? null,
          now: deps.now,
        });
      }
    },
    opsRoutes: async (app) => {
      await walletOpsRoutes(app, { wallet: service, approvals: deps.approvals });
      await transferOpsRoutes(app, { transfers: transferOps });
    },
    jobs: [
      {
        name: TRANSFER_RESOLVE_JOB,
        handler: (data: { ref: string }) => transfers.resolve(data.ref),
        // 15 s, then doubling (with jitter): about 4 hours to the last of 10 retries; the sweep re-queues after.
        retryLimit: 10,
        retryDelaySeconds: 15,
        retryBackoff: true,
      },
      {
        name: TRANSFER_SWEEP_JOB,
        handler: () => transfers.sweep().then(() => undefined),
        retryLimit: 0,
        schedule: { everyMs: 60_000 },
      },
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}
