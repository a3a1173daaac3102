import { ZOpsKidParam, ZOpsRewrapResult, ZOpsServerKey, ZOpsServerKeyList } from '@lotus/contracts/ops-keys';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { ServerKeys } from '../../platform/keys/server-keys';

/**
 * Operator API of the server keys (security #20, docs/adr/0023); registered inside the /ops scope
 * (operator credential). Never answers key material.
 */
export async function opsKeyRoutes(fastify: FastifyInstance, { keys }: { keys: ServerKeys }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/keys',
    { config: { ops: { permission: 'keys.manage' } }, schema: { tags, security, summary: 'Server keys (kid, purpose, state, wrapping; never the material)', response: responses(ZOpsServerKeyList) } },
    async () => ok(await keys.list()),
  );

  app.post(
    '/ops/keys/rotate',
    {
      config: { ops: { permission: 'keys.manage', audit: 'keys.rotate' } },
      schema: {
        tags,
        security,
        summary: 'A new enc key pair becomes current; the previous kid still decrypts until retired',
        response: responses(ZOpsServerKey),
      },
    },
    async (req) => {
      const key = await keys.rotate();
      await auditNote(req)({ target: `server_key:${key.kid}`, after: key });
      return ok(key);
    },
  );

  app.post(
    '/ops/keys/:kid/retire',
    {
      config: { ops: { permission: 'keys.manage', audit: 'keys.retire' } },
      schema: {
        tags,
        security,
        summary: 'Delete a previous enc key: bodies encrypted under it no longer open (the current key cannot be retired)',
        params: ZOpsKidParam,
        response: responses(ZOpsServerKey),
      },
    },
    async (req) => {
      const key = await keys.retire(req.params.kid);
      await auditNote(req)({ target: `server_key:${key.kid}`, before: key });
      return ok(key);
    },
  );

  app.post(
    '/ops/keys/rewrap',
    {
      config: { ops: { permission: 'keys.manage', audit: 'keys.rewrap' } },
      schema: {
        tags,
        security,
        summary: 'Wrap every key under the current master key (after setting LOTUS_MASTER_KEY, with LOTUS_MASTER_KEY_PREVIOUS)',
        response: responses(ZOpsRewrapResult),
      },
    },
    async (req) => {
      const result = await keys.rewrapAll();
      await auditNote(req)({ target: 'server_keys', after: result });
      return ok(result);
    },
  );
}
