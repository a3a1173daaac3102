import { listServerKeys, retireServerKey, rewrapServerKeys, rotateServerKey } from '@lotus/contracts/ops-keys';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { ServerKeys } from '../../platform/keys/server-keys';

/**
 * Operator API of the server keys (security #20, docs/adr/0023); registered inside the /ops scope
 * (operator credential). Never answers key material.
 */
export async function opsKeyRoutes(app: FastifyInstance, { keys }: { keys: ServerKeys }) {
  route(app, listServerKeys, async () => keys.list());

  route(app, rotateServerKey, async (req) => {
    const key = await keys.rotate();
    await auditNote(req)({ target: `server_key:${key.kid}`, after: key });
    return key;
  });

  route(app, retireServerKey, async (req) => {
    const key = await keys.retire(req.params.kid);
    await auditNote(req)({ target: `server_key:${key.kid}`, before: key });
    return key;
  });

  route(app, rewrapServerKeys, async (req) => {
    const result = await keys.rewrapAll();
    await auditNote(req)({ target: 'server_keys', after: result });
    return result;
  });
}
