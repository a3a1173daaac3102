import {
  OPS_COLLECTION_INPUT,
  OPS_COLLECTION_ROW,
  OPS_COLLECTIONS,
  ZFeedbackListQuery,
  ZFeedbackRow,
  ZIdParam,
  ZOpsConfigKeyParam,
  ZOpsDeleted,
  ZOpsStatus,
  ZSiteConfigAll,
  ZSiteConfigDocument,
  type TOpsCollection,
} from '@lotus/contracts/ops';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http';
import { registerOpsAuth } from '../../plugins/auth-ops';
import type { ContentService } from '../content/content.service';
import type { AccountsOpsService } from '../identity/identity.ops';
import type { ServerKeys } from '../identity/server-keys';
import { opsAccountRoutes } from './ops-accounts.routes';
import { opsKeyRoutes } from './ops-keys.routes';
import type { OpsService } from './ops.service';

type Options = { ops: OpsService; content: ContentService; accounts: AccountsOpsService; keys: ServerKeys };

/**
 * Operator API under /ops (never blocked by maintenance or region rules). Every route requires
 * `Authorization: Bearer <operator credential>` (plugins/auth-ops).
 */
export async function opsRoutes(fastify: FastifyInstance, { ops, content, accounts, keys }: Options) {
  registerOpsAuth(fastify, ops);
  await fastify.register(opsAccountRoutes, { accounts });
  await fastify.register(opsKeyRoutes, { keys });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/status',
    {
      schema: { tags, security, summary: 'Platform status for operators', response: responses(ZOpsStatus) },
    },
    async () => ok(await ops.getStatus('api')),
  );

  app.get(
    '/ops/config',
    {
      schema: {
        tags,
        security,
        summary: 'Every site configuration document',
        response: responses(ZSiteConfigAll),
      },
    },
    async () => ok(await ops.getConfig()),
  );

  app.get(
    '/ops/config/:key',
    {
      schema: {
        tags,
        security,
        summary: 'One site configuration document',
        params: ZOpsConfigKeyParam,
        response: responses(ZSiteConfigDocument),
      },
    },
    async (req) => ok(await ops.getConfigDocument(req.params.key)),
  );

  app.put(
    '/ops/config/:key',
    {
      // Documents hold texts (maintenance notes) that may span lines.
      config: { multiline: true },
      schema: {
        tags,
        security,
        summary: 'Replace a site configuration document (validated against its schema; takes effect at once)',
        params: ZOpsConfigKeyParam,
        body: z.unknown().describe('The full document for :key (contracts/site-config SITE_CONFIG_SCHEMAS)'),
        response: responses(ZSiteConfigDocument),
      },
    },
    async (req) => ok(await ops.setConfigDocument(req.params.key, req.body)),
  );

  app.get(
    '/ops/feedback',
    {
      schema: {
        tags,
        security,
        summary: 'Latest feedback',
        querystring: ZFeedbackListQuery,
        response: responses(z.array(ZFeedbackRow).max(500)),
      },
    },
    async (req) => ok(await ops.listFeedback(req.query.limit)),
  );

  const registerCollection = <C extends TOpsCollection>(collection: C) => {
    const row = OPS_COLLECTION_ROW[collection];
    app.get(
      `/ops/${collection}`,
      {
        schema: {
          tags,
          security,
          summary: `List ${collection}`,
          response: responses(z.array(row).max(5000)),
        },
      },
      async () => ok(await content.listCollection(collection)),
    );

    app.post(
      `/ops/${collection}`,
      {
        // Notices, help articles and banners carry rich text that may span lines.
        config: { multiline: true },
        schema: {
          tags,
          security,
          summary: `Add to ${collection}`,
          body: OPS_COLLECTION_INPUT[collection],
          response: responses(row),
        },
      },
      async (req) => ok(await content.addToCollection(collection, req.body)),
    );

    app.delete(
      `/ops/${collection}/:id`,
      {
        schema: {
          tags,
          security,
          summary: `Remove from ${collection}`,
          params: ZIdParam,
          response: responses(ZOpsDeleted),
        },
      },
      async (req) => {
        await content.removeFromCollection(collection, req.params.id);
        return ok({ id: req.params.id, deleted: true as const });
      },
    );
  };
  for (const collection of OPS_COLLECTIONS) registerCollection(collection);
}
