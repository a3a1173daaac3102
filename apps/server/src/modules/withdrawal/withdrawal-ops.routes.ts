import {
  getWithdrawalProof,
  listWithdrawalCases,
  listWithdrawals,
  payWithdrawal,
  rejectWithdrawal,
  resolveWithdrawal,
} from '@lotus/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import { actorOf, auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { WithdrawalService } from './withdrawal.service';

/**
 * Operator API of withdrawals (`npm run ops -- withdrawal ...`); registered inside the /ops scope
 * (operator credential, permission, audit). Every action is in the operator audit log.
 */
export async function opsWithdrawalRoutes(app: FastifyInstance, { withdrawals }: { withdrawals: WithdrawalService }) {
  route(app, listWithdrawals, async (req) => withdrawals.listForOps(req.query));

  route(app, listWithdrawalCases, async (req) => withdrawals.listForOps({ ...req.query, status: 'not_received' }));

  route(app, payWithdrawal, async (req) => withdrawals.pay(req.params.id, actorOf(req).username, auditNote(req)));

  route(app, rejectWithdrawal, async (req) =>
    withdrawals.reject(req.params.id, req.body.reason, actorOf(req).username, auditNote(req)),
  );

  route(app, resolveWithdrawal, async (req) => withdrawals.resolve(req.params.id, req.body, actorOf(req).username, auditNote(req)));

  route(app, getWithdrawalProof, async (req) => withdrawals.proof(req.params.id, req.params.index, auditNote(req)));
}
