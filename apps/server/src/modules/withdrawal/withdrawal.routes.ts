import { ZDone } from '@lotus/contracts/auth';
import {
  ZBankAccount,
  ZBankAccountIdParam,
  ZBankAccountList,
  ZBindBankAccount,
  ZRemoveBankAccount,
  ZWithdrawal,
  ZWithdrawalIdParam,
  ZWithdrawalPage,
  ZWithdrawalPageQuery,
  ZWithdrawalReceipt,
  ZWithdrawalRequest,
  ZWithdrawalSettingsView,
} from '@lotus/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { clientOf } from '../../platform/client-info';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import type { WithdrawalService } from './withdrawal.service';

const ENC = ' (enc: the body is a ZEncryptedBody of this payload, docs/enc.md)';
/** A receipt carries up to 3 images of 5 MB in base64 (about 6.7 MB each) and a remark. */
const RECEIPT_BODY_LIMIT = 22 * 1024 * 1024;

/**
 * Member cashier calls of withdrawals (contracts/withdrawal; docs/cashier.md "Withdrawals"). Real
 * members only: a trial account answers 403 in_need_true_account (5.GATE.04/05).
 */
export async function withdrawalRoutes(
  fastify: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawalService },
) {
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireRealMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['cashier'];
    const security = [{ member: [] }];

    app.get(
      '/wps/cashier/bank-accounts',
      {
        schema: {
          tags,
          security,
          summary: 'Bound bank accounts (at most 3)',
          response: responses(ZBankAccountList),
        },
      },
      async (req) => ok(await withdrawals.listBankAccounts(memberOf(req).id)),
    );

    app.post(
      '/wps/cashier/bank-accounts',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags,
          security,
          summary: `Bind a bank account: the payment password; the name is the real name in capitals${ENC}`,
          body: ZBindBankAccount,
          response: responses(ZBankAccount),
        },
      },
      async (req) => ok(await withdrawals.bindBankAccount(memberOf(req).id, req.body, clientOf(req))),
    );

    app.delete(
      '/wps/cashier/bank-accounts/:id',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags,
          security,
          summary: `Remove a bank account (the payment password confirms it)${ENC}`,
          params: ZBankAccountIdParam,
          body: ZRemoveBankAccount,
          response: responses(ZDone),
        },
      },
      async (req) =>
        ok(
          await withdrawals.removeBankAccount(
            memberOf(req).id,
            req.params.id,
            req.body.paymentPassword,
            clientOf(req),
          ),
        ),
    );

    app.get(
      '/wps/cashier/withdrawal-settings',
      {
        schema: {
          tags,
          security,
          summary: 'Withdrawal limits, hours, turnover and what the member still needs (2.MC.05)',
          response: responses(ZWithdrawalSettingsView),
        },
      },
      async (req) => ok(await withdrawals.settingsView(memberOf(req).id)),
    );

    app.post(
      '/wps/cashier/withdrawals',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags,
          security,
          summary: `Request a withdrawal: payment password (+ authenticator code with 2FA), limits, turnover; idempotent by requestKey${ENC}`,
          body: ZWithdrawalRequest,
          response: responses(ZWithdrawal),
        },
      },
      async (req) => ok(await withdrawals.request(memberOf(req).id, req.body, clientOf(req))),
    );

    app.get(
      '/wps/cashier/withdrawals',
      {
        schema: {
          tags,
          security,
          summary: "The member's withdrawals, newest first (paged)",
          querystring: ZWithdrawalPageQuery,
          response: responses(ZWithdrawalPage),
        },
      },
      async (req) => ok(await withdrawals.page(memberOf(req).id, req.query.page, req.query.pageSize)),
    );

    app.post(
      '/wps/cashier/withdrawals/:id/receipt',
      {
        bodyLimit: RECEIPT_BODY_LIMIT,
        config: { rateLimit: rateLimit.strict, multiline: true },
        schema: {
          tags,
          security,
          summary:
            'Confirm a paid-out withdrawal: received, or not received with 1-3 png/jpg proofs (4.WD.01-05)',
          params: ZWithdrawalIdParam,
          body: ZWithdrawalReceipt,
          response: responses(ZWithdrawal),
        },
      },
      async (req) => ok(await withdrawals.receipt(memberOf(req).id, req.params.id, req.body)),
    );
  });
}
