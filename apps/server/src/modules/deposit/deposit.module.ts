import { ZDepositIdParam, ZOpsChannelCodeParam, ZOpsPaymentChannelInput, ZOpsPaymentChannelPatch } from '@lotus/contracts/cashier';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Approvals } from '../../platform/approvals/approvals';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import type { Outbox } from '../../platform/outbox/outbox';
import type { WalletPost } from '../wallet/wallet.types';
import { depositOpsRoutes } from './deposit-ops.routes';
import { createChannelOps } from './deposit.ops';
import { createDepositRepository } from './deposit.repository';
import { depositRoutes } from './deposit.routes';
import { createDepositService } from './deposit.service';
import type { ConfigService } from '../../platform/config/config.service';
import type { UploadQuota } from '../../platform/media/upload-quota';
import type { PaymentProvider } from './psp/payment-provider';
import { createSandboxPsp } from './psp/sandbox-psp';
import { createSandboxPspRepository } from './psp/sandbox-psp.repository';
import { sandboxPspRoutes } from './psp/sandbox-psp.routes';

export type { PaymentProvider } from './psp/payment-provider';

/**
 * Cashier deposits (2.MC.04 depositv2, 3.STAT.05, 5.GATE.04/05; docs/adr/0027-cashier-deposits.md):
 * payment channels, deposits by bank transfer or PSP, crediting through the wallet exactly once,
 * operator decisions, the member messages (through the inbox's outbox kind), and the sandbox PSP
 * when `sandboxPsp` is on (embedded demo or ALLOW_SANDBOX_PSP=1: env `sandboxPspAllowed`).
 */
export function createDepositModule(deps: {
  database: Database;
  outbox: Outbox;
  keys: Pick<ServerKeys, 'mac'>;
  wallet: { post: WalletPost };
  config: Pick<ConfigService, 'get'>;
  /** The daily byte allowance of member images, shared with the withdrawal proofs (issue 23 #4). */
  uploadQuota: UploadQuota;
  /** Usernames for the operator views (identity). */
  usernameOf: (memberId: number) => Promise<string | null>;
  /** The member of a username (identity; the operator's deposit search by member). */
  memberIdOf: (username: string) => Promise<number | null>;
  /** The turnover multiple of a deposit (site configuration `withdrawal.turnoverMultiple`; docs/adr/0070). */
  wageringMultiple: () => Promise<number>;
  /** Further PSP adapters (a real provider's adapter is added here). */
  providers?: PaymentProvider[];
  sandboxPsp: boolean;
  /** Four-eyes (docs/adr/0081): the deposit and channel actions a second operator approves. */
  approvals: Pick<Approvals, 'define' | 'request'>;
  now: Clock;
}) {
  const { database, outbox, now } = deps;
  const repo = createDepositRepository(database.db);
  const providers = new Map<string, PaymentProvider>((deps.providers ?? []).map((p) => [p.name, p]));
  const service = createDepositService({
    database,
    repo,
    wallet: deps.wallet,
    outbox,
    config: deps.config,
    uploadQuota: deps.uploadQuota,
    providers,
    usernameOf: deps.usernameOf,
    memberIdOf: deps.memberIdOf,
    wageringMultiple: deps.wageringMultiple,
    now,
  });
  const sandbox = deps.sandboxPsp
    ? createSandboxPsp({
        database,
        repo: createSandboxPspRepository(database.db),
        keys: deps.keys,
        outbox,
        // The sandbox's callback enters where a provider's HTTP callback does (the route calls the same function).
        sink: (adapter, rawBody, headers) => service.pspCallback(adapter, rawBody, headers),
        now,
      })
    : null;
  if (sandbox) providers.set(sandbox.provider.name, sandbox.provider);
  const channels = createChannelOps({ database, repo, adapters: () => [...providers.keys()], now });
  // Four-eyes on the cashier's money paths (docs/adr/0081): applied by the approver, as the approver.
  const { approvals } = deps;
  approvals.define({
    action: 'deposit.approve',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: z.object({
      id: ZDepositIdParam.shape.id,
      note: z.string().max(500),
      because: z.enum(['no_slip', 'above_threshold']),
      amount: z.string().max(24),
      member: z.number().int(),
    }),
    apply: ({ id, note }, audit, approver) => service.approve(id, approver.username, note, audit),
  });
  approvals.define({
    action: 'payment_channel.create',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: ZOpsPaymentChannelInput,
    apply: (input, audit) => channels.create(input, audit),
  });
  approvals.define({
    action: 'payment_channel.update',
    approverPermission: 'money.write',
    onePendingPerTarget: true,
    payload: z.object({ code: ZOpsChannelCodeParam.shape.code, patch: ZOpsPaymentChannelPatch }),
    apply: ({ code, patch }, audit) => channels.update(code, patch, audit),
  });

  return {
    service,
    channels,
    /** The sandbox PSP when it is on (tests play the provider with its signer). */
    sandbox,
    routes: async (app) => {
      await depositRoutes(app, { deposits: service });
      if (sandbox) await sandboxPspRoutes(app, { sandbox });
    },
    opsRoutes: (app) => depositOpsRoutes(app, { deposits: service, channels, approvals }),
    jobs: [
      {
        name: 'deposit-expire',
        handler: async () => void (await service.expire()),
        retryLimit: 2,
        schedule: { everyMs: 5 * 60_000 },
      },
    ],
  } satisfies ModuleParts & Record<string, unknown>;
}
