import {
  deleteBankAccount,
  getBankAccounts,
  getWithdrawalSettings,
  getWithdrawals,
  postBankAccount,
  postWithdrawal,
  postWithdrawalReceipt,
} from '@lotus/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { clientOf } from '../../platform/client-info';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { WithdrawalService } from './withdrawal.service';

/** A receipt carries up to 3 images of 5 MB in base64 (about 6.7 MB each) and a remark. */
const RECEIPT_BODY_LIMIT = 22 * 1024 * 1024;

/**
 * Member cashier calls of withdrawals (contracts/withdrawal; docs/cashier.md "Withdrawals"). Real
 * members only: a trial account answers 403 in_need_true_account (5.GATE.04/05).
 */
export async function withdrawalRoutes(app: FastifyInstance, { withdrawals }: { withdrawals: WithdrawalService }) {
  route(app, getBankAccounts, async (req) => withdrawals.listBankAccounts(memberOf(req).id));

  route(app, postBankAccount, { rateLimit: rateLimit.password }, async (req) =>
    withdrawals.bindBankAccount(memberOf(req).id, req.body, clientOf(req)),
  );

  route(app, deleteBankAccount, { rateLimit: rateLimit.password }, async (req) =>
    withdrawals.removeBankAccount(memberOf(req).id, req.params.id, req.body.paymentPassword, clientOf(req)),
  );

  route(app, getWithdrawalSettings, async (req) => withdrawals.settingsView(memberOf(req).id));

  route(app, postWithdrawal, { rateLimit: rateLimit.password }, async (req) =>
    withdrawals.request(memberOf(req).id, req.body, clientOf(req)),
  );

  route(app, getWithdrawals, async (req) => withdrawals.page(memberOf(req).id, req.query.page, req.query.pageSize));

  route(app, postWithdrawalReceipt, { bodyLimit: RECEIPT_BODY_LIMIT, rateLimit: rateLimit.strict, multiline: true }, async (req) =>
    withdrawals.receipt(memberOf(req).id, req.params.id, req.body),
  );
}
