import { AppError } from '@lotus/contracts/app-error';
import {
  addToCollection,
  getConfig,
  getConfigDocument,
  getOpsStatus,
  listCollection,
  listFeedback,
  OPS_COLLECTIONS,
  removeFromCollection,
  setConfigDocument,
} from '@lotus/contracts/ops';
import { SITE_CONFIG_SCHEMAS } from '@lotus/contracts/site-config';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ContentService } from '../content/content.service';
import type { ConsoleService } from './console.service';
import type { OperatorsService } from './operators.service';
import { opsConsoleRoutes } from './ops-console.routes';
import { opsJobRoutes } from './ops-jobs.routes';
import { opsKeyRoutes } from './ops-keys.routes';
import { opsOperatorRoutes } from './ops-operators.routes';
import type { OpsService } from './ops.service';

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
export async function opsRoutes(app: FastifyInstance, { ops, content, jobs, keys }: Options) {
  await app.register(opsOperatorRoutes, { operators: ops.operators, audit: ops.audit, approvals: ops.approvals });
  await app.register(opsJobRoutes, { jobs });
  await app.register(opsKeyRoutes, { keys });
  await app.register(opsConsoleRoutes, { console: ops.console, operators: ops.operators, approvals: ops.approvals, audit: ops.audit });

  route(app, getOpsStatus, async (req) => ops.getStatus(req.operator && 'inProcess' in req.operator ? 'direct' : 'api'));

  route(app, getConfig, async () => ops.getConfig());

  route(app, getConfigDocument, async (req) => ops.getConfigDocument(req.params.key));

  // Documents hold texts (maintenance notes) that may span lines.
  route(app, setConfigDocument, { multiline: true }, async (req) => {
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
        return ops.approvals.request(
          { id: op.id, username: op.username },
          action,
          { target: `config:${req.params.key}`, payload: ops.validateConfigDocument(req.params.key, req.body), reason },
          auditNote(req),
        );
      }
    }
    return ops.setConfigDocument(req.params.key, req.body, auditNote(req));
  });

  route(app, listFeedback, async (req) => ops.listFeedback(req.query.limit, { beforeId: req.query.beforeId, type: req.query.type }));

  /** The approval action a configuration change needs, or null (applied at once). */
  async function fourEyesAction(key: string, body: unknown): Promise<string | null> {
    if (key === 'region') return 'region.set';
    // The cashier desk's thresholds and limits decide what needs a second operator: raising them alone
    // would undo four-eyes (docs/adr/0081).
    if (key === 'cashierControls') return 'cashier.controls';
    if (key !== 'maintenance') return null;
    const next = SITE_CONFIG_SCHEMAS.maintenance.safeParse(body);
    if (!next.success) return null; // refused by the plain path with the schema's message
    const current = await ops.getConfigDocument('maintenance');
    // Stopping (no start) or changing the texts of the current window needs no second operator.
    if (next.data.startTime === null || next.data.startTime === current.startTime) return null;
    return 'maintenance.start';
  }

  for (const collection of OPS_COLLECTIONS) {
    route(app, listCollection[collection], async () => content.listCollection(collection));

    // Notices, help articles and banners carry rich text that may span lines.
    route(app, addToCollection[collection], { multiline: true }, async (req) => ops.addToCollection(collection, req.body, auditNote(req)));

    route(app, removeFromCollection[collection], async (req) => {
      await ops.removeFromCollection(collection, req.params.id, auditNote(req));
      return { id: req.params.id, deleted: true as const };
    });
  }
}
