import {
  ZOpsProof,
  ZOpsProofParam,
  ZOpsWithdrawalList,
  ZOpsWithdrawalQuery,
  ZOpsWithdrawalReject,
  ZOpsWithdrawalResolve,
  ZOpsWithdrawalRow,
  ZWithdrawalIdParam,
} from '@lotus/contracts/withdrawal';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { actorOf, auditNote } from '../../plugins/auth-ops';
import type { WithdrawalService } from './withdrawal.service';

/**
 * Operator API of withdrawals (`npm run ops -- withdrawal ...`); registered inside the /ops scope
 * (operator credential, permission, audit). Every action is in the operator audit log.
 */
export async function opsWithdrawalRoutes(
  fastify: FastifyInstance,
  { withdrawals }: { withdrawals: WithdrawalService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/withdrawals',
    {
      config: { ops: { permission: 'money.read' } },
      schema: {
        tags,
        security,
        summary: 'Withdrawals, newest first; filter by status and member',
        querystring: ZOpsWithdrawalQuery,
        response: responses(ZOpsWithdrawalList),
      },
    },
    async (req) => ok(await withdrawals.listForOps(req.query)),
  );

  app.get(
    '/ops/withdrawals/cases',
    {
      config: { ops: { permission: 'money.read' } },
      schema: {
        tags,
        security,
        summary: 'Not-received cases: paid-out withdrawals the member says did not arrive (with proofs)',
        querystring: ZOpsWithdrawalQuery.omit({ status: true }),
        response: responses(ZOpsWithdrawalList),
      },
    },
    async (req) => ok(await withdrawals.listForOps({ ...req.query, status: 'not_received' })),
  );

  app.post(
    '/ops/withdrawals/:id/pay',
    {
      config: { ops: { permission: 'money.write', audit: 'withdrawal.pay' } },
      schema: {
        tags,
        security,
        summary:
          'Mark a pending withdrawal paid out (clearing -> payout); the member is asked to confirm receipt',
        params: ZWithdrawalIdParam,
        response: responses(ZOpsWithdrawalRow),
      },
    },
    async (req) => ok(await withdrawals.pay(req.params.id, actorOf(req).username, auditNote(req))),
  );

  app.post(
    '/ops/withdrawals/:id/reject',
    {
      config: { ops: { permission: 'money.write', audit: 'withdrawal.reject' } },
      schema: {
        tags,
        security,
        summary: "Reject a pending withdrawal with a reason (clearing -> the member's main wallet)",
        params: ZWithdrawalIdParam,
        body: ZOpsWithdrawalReject,
        response: responses(ZOpsWithdrawalRow),
      },
    },
    async (req) =>
      ok(await withdrawals.reject(req.params.id, req.body.reason, actorOf(req).username, auditNote(req))),
  );

  app.post(
    '/ops/withdrawals/:id/resolve',
    {
      config: { ops: { permission: 'money.write', audit: 'withdrawal.resolve' } },
      schema: {
        tags,
        security,
        summary:
          "Close a not-received case: refund (payout -> the member's main wallet) or paid (it did arrive), with the reason the member is told",
        params: ZWithdrawalIdParam,
        body: ZOpsWithdrawalResolve,
        response: responses(ZOpsWithdrawalRow),
      },
    },
    async (req) =>
      ok(await withdrawals.resolve(req.params.id, req.body, actorOf(req).username, auditNote(req))),
  );

  app.get(
    '/ops/withdrawals/:id/proofs/:index',
    {
      config: { ops: { permission: 'money.read', audit: 'withdrawal.proof.read' } },
      schema: {
        tags,
        security,
        summary: 'One proof image of a not-received case (base64); each read is audited',
        params: ZOpsProofParam,
        response: responses(ZOpsProof),
      },
    },
    async (req) => ok(await withdrawals.proof(req.params.id, req.params.index, auditNote(req))),
  );
}
