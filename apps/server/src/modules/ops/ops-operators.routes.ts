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
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { OperatorsService } from './operators.service';

/**
 * Operators, their API tokens and the operator audit log (docs/adr/0019); registered inside the
 * /ops scope. Tokens are shown once, in the answer that creates them.
 */
export async function opsOperatorRoutes(app: FastifyInstance, { operators, audit }: { operators: OperatorsService; audit: OpsAudit }) {
  route(app, listOperators, async () => operators.listOperators());

  route(app, createOperator, async (req) => operators.addOperator(req.body, auditNote(req)));

  route(app, setOperatorStatus, async (req) => operators.setStatus(req.params.username, req.body.status, auditNote(req)));

  route(app, listTokens, async () => operators.listTokens());

  route(app, createToken, async (req) => operators.issueToken(req.params.username, req.body, auditNote(req)));

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
