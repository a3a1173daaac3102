import { ZOpsWithdrawalResolve } from '@lotus/contracts/withdrawal';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Approvals } from '../../platform/approvals/approvals';
import type { ConfigService } from '../../platform/config/config.service';
import type { UploadQuota } from '../../platform/media/upload-quota';
import type { ModuleParts } from '../../platform/module';
import type { Outbox } from '../../platform/outbox/outbox';
import type { MemberStepUp } from '../identity/identity.module';
import type { WalletPost } from '../wallet/wallet.types';
import { opsWithdrawalRoutes } from './withdrawal-ops.routes';
import { createWithdrawalRepository } from './withdrawal.repository';
import { withdrawalRoutes } from './withdrawal.routes';
import { createWithdrawalService, type WageringOutstanding } from './withdrawal.service';

/** How often the auto-receipt job looks for paid-out withdrawals past their N minutes. */
export const AUTO_RECEIPT_EVERY_MS = 60_000;

/**
 * Withdrawals (spec 2.MC.05, 4.WD, 9.C.16; docs/adr/0028-cashier-withdrawals.md): bank accounts,
 * requests with their step-up, limits and turnover, the operator's pay / reject, the member's
 * receipt and the auto-receipt job. Money moves only through the wallet's `post`.
 */
export function createWithdrawalModule(deps: {
  database: Database;
  config: Pick<ConfigService, 'get'>;
  /** The daily byte allowance of member images, shared with the deposit slips (issue 23 #4). */
  uploadQuota: Pick<UploadQuota, 'reserve'>;
  outbox: Pick<Outbox, 'enqueue'>;
  /** From identity: payment password, second factor, real name. */
  stepUp: MemberStepUp;
  /** From the wallet: the one write path of the ledger. */
  wallet: { post: WalletPost };
  /** From the wallet: what the member must still stake before a withdrawal (docs/adr/0070). */
  wageringOutstanding: WageringOutstanding;
  /** From the deposits: who credited the deposits that funded a withdrawal (docs/adr/0081). */
  fundingApprovers: (memberId: number, after: Date | null, until: Date) => Promise<string[]>;
  /** Four-eyes (docs/adr/0081): large payouts and refunds. */
  approvals: Pick<Approvals, 'define' | 'request'>;
  now: () => number;
}) {
  const repo = createWithdrawalRepository(deps.database.db);
  const service = createWithdrawalService({ ...deps, repo });
  // Four-eyes on payouts and refunds (docs/adr/0081): applied by the approver, as the approver.
  deps.approvals.define({
    action: 'withdrawal.pay',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: z.object({ id: z.number().int().positive(), because: z.literal('above_threshold'), amount: z.string().max(24), member: z.number().int() }),
    apply: ({ id }, audit, approver) => service.pay(id, approver.username, audit),
  });
  deps.approvals.define({
    action: 'withdrawal.refund',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: z.object({ id: z.number().int().positive(), reason: ZOpsWithdrawalResolve.shape.reason }),
    apply: ({ id, reason }, audit, approver) => service.resolve(id, { outcome: 'refund', reason }, approver.username, audit),
  });
  return {
    service,
    repo,
    /** Other members who bound the same bank account (the shared-bank-account risk flag, docs/adr/0085). */
    sharedBankAccounts: (memberIds: number[]) => repo.sharedBankAccounts(memberIds),
    jobs: [
      {
        name: 'withdrawal-auto-receipt',
        handler: async () => {
          await service.autoReceipt();
        },
        retryLimit: 2,
        schedule: { everyMs: AUTO_RECEIPT_EVERY_MS },
      },
    ],
    routes: (app) => withdrawalRoutes(app, { withdrawals: service }),
    opsRoutes: (app) => opsWithdrawalRoutes(app, { withdrawals: service, approvals: deps.approvals }),
  } satisfies ModuleParts & Record<string, unknown>;
}
