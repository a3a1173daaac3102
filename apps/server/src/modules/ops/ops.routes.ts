import { AppError } from '@lotus/contracts/app-error';
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
import { auditNote } from '../../plugins/auth-ops';
import type { ContentService } from '../content/content.service';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ServerKeys } from '../../platform/keys/server-keys';
import { opsJobRoutes } from './ops-jobs.routes';
import { opsKeyRoutes } from './ops-keys.routes';
import { opsOperatorRoutes } from './ops-operators.routes';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { OperatorsService } from './operators.service';
import type { OpsService } from './ops.service';
import type { Approvals } from '../../platform/approvals/approvals';
import type { ConsoleService } from './console.service';
import { opsConsoleRoutes } from './ops-console.routes';
import { ZOpsApprovalRequested, ZOpsReason } from '@lotus/contracts/ops-console';
import { SITE_CONFIG_SCHEMAS, type TSiteConfig } from '@lotus/contracts/site-config';

type Options = {
  ops: OpsService & { operators: OperatorsService; audit: OpsAudit; console: ConsoleService; approvals: Approvals };
  content: ContentService;
  jobs: Pick<JobEngine, 'failed'>;
  keys: ServerKeys;
};
/**
 * Operator API under /ops (never blocked by maintenance or region rules), registered with every
 * module's operator routes inside the operator scope (app.ts): every route requires
 * `Authorization: Bearer <operator API token>` and declares its permission and, when it changes
 * something or reads a secret, its audit action (plugins/auth-ops, docs/adr/0019).
 */
export async function opsRoutes(fastify: FastifyInstance, { ops, content, jobs, keys }: Options) {
  await fastify.register(opsOperatorRoutes, { operators: ops.operators, audit: ops.audit });
  await fastify.register(opsJobRoutes, { jobs });
  await fastify.register(opsKeyRoutes, { keys });
  await fastify.register(opsConsoleRoutes, { console: ops.console, approvals: ops.approvals, audit: ops.audit });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/status',
    {
      config: { ops: { permission: 'read' } },
      schema: { tags, security, summary: 'Platform status for operators', response: responses(ZOpsStatus) },
    },
    async (req) => ok(await ops.getStatus(req.operator && 'inProcess' in req.operator ? 'direct' : 'api')),
  );

  app.get(
    '/ops/config',
    {
      config: { ops: { permission: 'read' } },
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
      config: { ops: { permission: 'read' } },
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
      config: { ops: { permission: 'config.write', audit: 'config.set' }, multiline: true },
      schema: {
        tags,
        security,
        summary:
          'Replace a site configuration document (validated against its schema; takes effect at once). Starting maintenance and region rules wait for a second operator (four-eyes; console and API tokens): the answer is then the pending request',
        params: ZOpsConfigKeyParam,
        querystring: z.object({ reason: ZOpsReason.optional() }),
        body: z.unknown().describe('The full document for :key (contracts/site-config SITE_CONFIG_SCHEMAS)'),
        response: responses(z.union([ZOpsApprovalRequested, ZSiteConfigDocument])),
      },
    },
    async (req) => {
      const op = req.operator;
      // Four-eyes (docs/adr/0044, 0055) for named operators, console sessions and API tokens (the
      // command line) alike: starting (or moving) a maintenance window and any region rule change
      // are stored as a request a second operator approves. Only the direct-mode command line
      // (in process, it holds the database) applies at once: it is the break-glass path.
      if (op && !('inProcess' in op)) {
        const action = await fourEyesAction(req.params.key, req.body);
        if (action) {
          const reason = req.query.reason;
          if (!reason) throw new AppError('validation_failed', 400, { reason: 'content_required' });
          return ok(
            await ops.approvals.request(
              { id: op.id, username: op.username },
              action,
              { target: `config:${req.params.key}`, payload: ops.validateConfigDocument(req.params.key, req.body), reason },
              auditNote(req),
            ),
          );
        }
      }
      return ok(await ops.setConfigDocument(req.params.key, req.body, auditNote(req)));
    },
  );

  app.get(
    '/ops/feedback',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'Players\' feedback (PUT /wps/feedback), newest first; paged by beforeId, filtered by type',
        querystring: ZFeedbackListQuery,
        response: responses(z.array(ZFeedbackRow).max(500)),
      },
    },
    async (req) => ok(await ops.listFeedback(req.query.limit, { beforeId: req.query.beforeId, type: req.query.type })),
  );

  /** The approval action a configuration change needs, or null (applied at once). */
  async function fourEyesAction(key: string, body: unknown): Promise<string | null> {
    if (key === 'region') return 'region.set';
    if (key !== 'maintenance') return null;
    const next = SITE_CONFIG_SCHEMAS.maintenance.safeParse(body);
    if (!next.success) return null; // refused by the plain path with the schema's message
    const current = (await ops.getConfigDocument('maintenance')) as TSiteConfig['maintenance'];
    // Stopping (no start) or changing the texts of the current window needs no second operator.
    if (next.data.startTime === null || next.data.startTime === current.startTime) return null;
    return 'maintenance.start';
  }

  const registerCollection = <C extends TOpsCollection>(collection: C) => {
    const row = OPS_COLLECTION_ROW[collection];
    app.get(
      `/ops/${collection}`,
      {
        config: { ops: { permission: 'read' } },
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
        config: { ops: { permission: 'config.write', audit: `${collection}.add` }, multiline: true },
        schema: {
          tags,
          security,
          summary: `Add to ${collection}`,
          body: OPS_COLLECTION_INPUT[collection],
          response: responses(row),
        },
      },
      async (req) => ok(await ops.addToCollection(collection, req.body, auditNote(req)) as z.infer<typeof row>),
    );

    app.delete(
      `/ops/${collection}/:id`,
      {
        config: { ops: { permission: 'config.write', audit: `${collection}.remove` } },
        schema: {
          tags,
          security,
          summary: `Remove from ${collection}`,
          params: ZIdParam,
          response: responses(ZOpsDeleted),
        },
      },
      async (req) => {
        await ops.removeFromCollection(collection, req.params.id, auditNote(req));
        return ok({ id: req.params.id, deleted: true as const });
      },
    );
  };
  for (const collection of OPS_COLLECTIONS) registerCollection(collection);
}
