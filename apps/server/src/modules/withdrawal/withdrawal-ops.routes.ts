import {
  getWithdrawalProof,
  listWithdrawalCases,
  listWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
} from '@lotus/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { actorOf, auditNote, requesterOf, requiredReason } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { WithdrawalService } from './withdrawal.service';

/**
 * Operator API of withdrawals (`npm run ops -- withdrawal ...`); registered inside the /ops scope
 * (operator credential, permission, audit). Every action is in the operator audit log.
 */
export async function opsWithdrawalRoutes(
  app: FastifyInstance,
  { withdrawals, approvals }: { withdrawals: WithdrawalService; approvals: Pick<Approvals, 'request'> },
) {
  route(app, listWithdrawals, async (req) => withdrawals.listForOps(req.query));

  route(app, listWithdrawalCases, async (req) => withdrawals.listForOps({ ...req.query, status: 'not_received' }));

  // A large payout waits for a second operator, who pays it (docs/adr/0081); the direct-mode command line applies at once.
  route(app, payWithdrawal, async (req) => {
    const requester = requesterOf(req);
    const need = requester ? await withdrawals.secondOperatorNeeded(req.params.id) : null;
    if (!requester || !need) return withdrawals.pay(req.params.id, actorOf(req).username, auditNote(req));
    const reason = requiredReason(req.body?.reason);
    return approvals.request(requester, 'withdrawal.pay', { target: `withdrawal:${req.params.id}`, payload: { id: req.params.id, ...need }, reason }, auditNote(req));
  });

  route(app, rejectWithdrawal, async (req) =>
    withdrawals.reject(req.params.id, req.body.reason, actorOf(req).username, auditNote(req)),
  );

  // A refund puts paid-out money back in the member's wallet: always a second operator's (docs/adr/0081).
  route(app, resolveWithdrawal, async (req) => {
    const requester = requesterOf(req);
    if (!requester || req.body.outcome !== 'refund') return withdrawals.resolve(req.params.id, req.body, actorOf(req).username, auditNote(req));
    await withdrawals.openCase(req.params.id);
    return approvals.request(
      requester,
      'withdrawal.refund',
      { target: `withdrawal:${req.params.id}`, payload: { id: req.params.id, reason: req.body.reason }, reason: req.body.reason },
      auditNote(req),
    );
  });

  route(app, getWithdrawalProof, async (req) => withdrawals.proof(req.params.id, req.params.index, auditNote(req)));
}
