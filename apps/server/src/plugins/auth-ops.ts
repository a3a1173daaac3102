import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import type { OpsService } from '../modules/ops/ops.service';

/**
 * Operator authentication for the scope it is registered in (the /ops routes):
 * `Authorization: Bearer <operator credential>`, compared by SHA-256 against the operators table
 * (revoked credentials refused). Anything else answers 401 unauthorized.
 */
export function registerOpsAuth(app: FastifyInstance, ops: Pick<OpsService, 'authenticate'>) {
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match =
      typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,200})$/.exec(header.trim()) : null;
    const operator = match?.[1] ? await ops.authenticate(match[1]) : null;
    if (!operator) throw new AppError('unauthorized', 401);
    request.operator = operator;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated operator (only inside the /ops scope). */
    operator: { id: number; name: string } | null;
  }
}
