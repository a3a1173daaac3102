import { formatMinor } from '@lotus/contracts/money';
import { ZConsolidatedFunds, ZWalletBalance } from '@lotus/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import { isTrialMember } from './wallet.rules';
import type { TransferService } from './transfers/transfer.service';
import type { WalletService } from './wallet.service';

const member = [{ member: [] }];

/** The member's balances (7.WAL.01, 7.WAL.02). */
export async function walletRoutes(
  fastify: FastifyInstance,
  {
    wallet,
    transfers,
  }: { wallet: Pick<WalletService, 'funds'>; transfers: Pick<TransferService, 'consolidated'> },
) {
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/wps/v2/wallets/balance',
      {
        schema: {
          tags: ['wallet'],
          security: member,
          summary:
            'The member balance: main plus vendor wallets, and whether it is all in the main wallet (7.WAL.01, 3.WAL.01)',
          response: responses(ZWalletBalance),
        },
      },
      async (req) => {
        const m = memberOf(req);
        const funds = await wallet.funds(m.id, isTrialMember(m));
        return ok({
          sumBalance: formatMinor(funds.total),
          isSingle: funds.vendors.every((v) => v.balance === 0n),
        });
      },
    );

    app.get(
      '/wps/member/info/funds/consolidated',
      {
        schema: {
          tags: ['wallet'],
          security: member,
          summary:
            'Consolidated funds: the main wallet and each vendor wallet, with the live balance of transfer-mode vendors (7.WAL.02)',
          response: responses(ZConsolidatedFunds),
        },
      },
      async (req) => {
        const m = memberOf(req);
        const funds = await transfers.consolidated({ id: m.id, trial: isTrialMember(m) });
        return ok({
          currency: funds.currency,
          main: formatMinor(funds.main),
          total: formatMinor(funds.total),
          wallets: funds.wallets.map((v) => ({
            vendor: v.vendor,
            balance: formatMinor(v.balance),
            ...('name' in v
              ? {
                  name: v.name,
                  liveBalance:
                    v.liveBalance === null || v.liveBalance === undefined ? null : formatMinor(v.liveBalance),
                }
              : {}),
          })),
        });
      },
    );
  });
}
