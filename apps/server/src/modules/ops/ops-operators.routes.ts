import { AppError } from '@lotus/contracts/app-error';
import {
  createOperator,
  createToken,
  listAudit,
  listOperators,
  listTokens,
  revokeToken,
  rotateToken,
  setOperatorStatus,
  verifyAudit,
} from '@lotus/contracts/ops-operators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import type { Approvals } from '../../platform/approvals/approvals';
import { route } from '../../plugins/route';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { OperatorsService } from './operators.service';

/**
 * Operators, their API tokens and the operator audit log (docs/adr/0019); registered inside the
 * /ops scope. Tokens are shown once, in the answer that creates them.
 */
export async function opsOperatorRoutes(
  app: FastifyInstance,
  { operators, audit, approvals }: { operators: OperatorsService; audit: OpsAudit; approvals: Approvals },
) {
  const fourEyes = operatorFourEyes(operators, approvals);

  route(app, listOperators, async () => operators.listOperators());

  // An admin is power: once the bootstrap has ended, a second admin approves its creation (docs/adr/0080).
  route(app, createOperator, async (req) => {
    const { reason, ...input } = req.body;
    const requester = input.role === 'admin' ? await fourEyes.requester(req) : null;
    if (!requester) return operators.addOperator(input, auditNote(req));
    await operators.assertExists(input.username, false);
    return fourEyes.request(req, requester, 'operator.create', input.username, input, reason);
  });

  route(app, setOperatorStatus, async (req) => operators.setStatus(req.params.username, req.body.status, auditNote(req)));

  route(app, listTokens, async () => operators.listTokens());

  // Another operator's token is a credential one admin must never mint alone (docs/adr/0080).
  route(app, createToken, async (req) => {
    const { reason, ...options } = req.body;
    const username = req.params.username;
    const requester = await fourEyes.requester(req, username);
    if (!requester) return operators.issueToken(username, options, auditNote(req));
    await operators.assertExists(username, true);
    return fourEyes.request(req, requester, 'operator.token', username, { username, ...options }, reason);
  });

  route(app, revokeToken, async (req) => operators.revokeToken(req.params.id, auditNote(req)));

  route(app, rotateToken, async (req) => {
    if (!req.operator) throw new AppError('unauthorized', 401);
    // The direct-mode caller and a console session have no token to replace.
    const op = req.operator;
    if ('inProcess' in op || op.tokenId === null) throw new AppError('ops_permission_denied', 403);
    return operators.rotateToken({ id: op.id, tokenId: op.tokenId }, { days: req.body?.days }, auditNote(req));
  });

  route(app, listAudit, async (req) => audit.list(req.query.limit));

  route(app, verifyAudit, async () => audit.verify());
}

/**
 * Four-eyes for operators' power (docs/adr/0044, 0080): who asks when a call must wait for a second
 * admin, and the request itself. A call applies at once from the direct-mode command line (the
 * break-glass path, ADR 0055), for the caller's own account, and in the single-operator bootstrap.
 */
export function operatorFourEyes(operators: Pick<OperatorsService, 'inBootstrap'>, approvals: Pick<Approvals, 'request'>) {
  return {
    async requester(req: FastifyRequest, subject?: string): Promise<{ id: number; username: string } | null> {
      const op = req.operator;
      if (!op || 'inProcess' in op) return null;
      if (subject !== undefined && subject === op.username) return null;
      if (await operators.inBootstrap(op.id)) return null;
      return { id: op.id, username: op.username };
    },
    request(
      req: FastifyRequest,
      requester: { id: number; username: string },
      action: string,
      username: string,
      payload: unknown,
      reason: string | undefined,
    ) {
      if (!reason) throw new AppError('validation_failed', 400, { reason: 'content_required' });
      return approvals.request(requester, action, { target: `operator:${username}`, payload, reason }, auditNote(req));
    },
  };
}
