import { AppError } from '@lotus/contracts/app-error';
import {
  ZOpsAuditList,
  ZOpsAuditQuery,
  ZOpsAuditVerify,
  ZOpsOperatorCreate,
  ZOpsOperatorList,
  ZOpsOperatorParam,
  ZOpsOperatorRow,
  ZOpsOperatorStatus,
  ZOpsTokenCreate,
  ZOpsTokenCreated,
  ZOpsTokenIdParam,
  ZOpsTokenList,
  ZOpsTokenRevoked,
} from '@lotus/contracts/ops-operators';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { OperatorsService } from './operators.service';

/**
 * Operators, their API tokens and the operator audit log (docs/adr/0019); registered inside the
 * /ops scope. Tokens are shown once, in the answer that creates them.
 */
export async function opsOperatorRoutes(
  fastify: FastifyInstance,
  { operators, audit }: { operators: OperatorsService; audit: OpsAudit },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/operators',
    {
      config: { ops: { permission: 'operators.read' } },
      schema: { tags, security, summary: 'Operators (role, status, live tokens)', response: responses(ZOpsOperatorList) },
    },
    async () => ok(await operators.listOperators()),
  );

  app.post(
    '/ops/operators',
    {
      config: { ops: { permission: 'operators.write', audit: 'operator.create' } },
      schema: { tags, security, summary: 'Create an operator', body: ZOpsOperatorCreate, response: responses(ZOpsOperatorRow) },
    },
    async (req) => ok(await operators.addOperator(req.body, auditNote(req))),
  );

  app.put(
    '/ops/operators/:username/status',
    {
      config: { ops: { permission: 'operators.write', audit: 'operator.status' } },
      schema: {
        tags,
        security,
        summary: 'Disable or enable an operator (a disabled operator\'s tokens are refused)',
        params: ZOpsOperatorParam,
        body: ZOpsOperatorStatus,
        response: responses(ZOpsOperatorRow),
      },
    },
    async (req) => ok(await operators.setStatus(req.params.username, req.body.status, auditNote(req))),
  );

  app.get(
    '/ops/tokens',
    {
      config: { ops: { permission: 'operators.read' } },
      schema: { tags, security, summary: 'API tokens (never the token itself)', response: responses(ZOpsTokenList) },
    },
    async () => ok(await operators.listTokens()),
  );

  app.post(
    '/ops/operators/:username/tokens',
    {
      config: { ops: { permission: 'operators.write', audit: 'operator.token.create' } },
      schema: {
        tags,
        security,
        summary: 'A new API token for an operator (shown once)',
        params: ZOpsOperatorParam,
        body: ZOpsTokenCreate,
        response: responses(ZOpsTokenCreated),
      },
    },
    async (req) => ok(await operators.issueToken(req.params.username, req.body, auditNote(req))),
  );

  app.delete(
    '/ops/tokens/:id',
    {
      config: { ops: { permission: 'operators.write', audit: 'operator.token.revoke' } },
      schema: { tags, security, summary: 'Revoke an API token', params: ZOpsTokenIdParam, response: responses(ZOpsTokenRevoked) },
    },
    async (req) => ok(await operators.revokeToken(req.params.id, auditNote(req))),
  );

  app.post(
    '/ops/tokens/rotate',
    {
      config: { ops: { permission: 'self.rotate', audit: 'operator.token.rotate' } },
      schema: {
        tags,
        security,
        summary: "Replace the caller's own token: a new one is returned, the one used for this call is revoked",
        body: z.object({ days: ZOpsTokenCreate.shape.days }).optional(),
        response: responses(ZOpsTokenCreated),
      },
    },
    async (req) => {
      if (!req.operator) throw new AppError('unauthorized', 401);
      // The direct-mode caller and a console session have no token to replace.
      const op = req.operator;
      if ('inProcess' in op || op.tokenId === null) throw new AppError('ops_permission_denied', 403);
      return ok(await operators.rotateToken({ id: op.id, tokenId: op.tokenId }, { days: req.body?.days }, auditNote(req)));
    },
  );

  app.get(
    '/ops/audit',
    {
      config: { ops: { permission: 'audit.read' } },
      schema: { tags, security, summary: 'The operator audit log, newest first', querystring: ZOpsAuditQuery, response: responses(ZOpsAuditList) },
    },
    async (req) => ok(await audit.list(req.query.limit)),
  );

  app.get(
    '/ops/audit/verify',
    {
      config: { ops: { permission: 'audit.read' } },
      schema: { tags, security, summary: 'Recompute the audit hash chain; names the first broken row', response: responses(ZOpsAuditVerify) },
    },
    async () => ok(await audit.verify()),
  );
}
