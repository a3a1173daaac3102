import { SITE_CONFIG_SCHEMAS } from '@lotus/contracts/site-config';
import { type TOpsTokenCreated, ZOpsOperatorUsername, ZOpsRole, ZOpsTokenCreate } from '@lotus/contracts/ops-operators';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { Approvals } from '../../platform/approvals/approvals';
import type { ThrottleRepository } from '../../platform/throttles/throttle.repository';
import { createConsoleSessionRepository } from './console.repository';
import { createConsoleService } from './console.service';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../../platform/config/config.service';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import type { PasswordHasher } from '../../lib/password-hasher';
import type { ContentService } from '../content/content.service';
import type { FeedbackReader } from '../system/system.module';
import { createOperatorsService } from './operators.service';
import { createOpsRepository } from './ops.repository';
import { opsRoutes } from './ops.routes';
import { createOpsService } from './ops.service';

/**
 * The operator API's own part (spec: operator console; docs/adr/0019): operators and their tokens,
 * platform status, site configuration and content collections, feedback, dead letters, server
 * keys. Other modules add their operator routes to the same /ops scope (their `opsRoutes`).
 */
export function createOpsModule(deps: {
  database: Database;
  config: ConfigService;
  content: ContentService;
  feedback: FeedbackReader;
  audit: OpsAudit;
  hasher: PasswordHasher;
  keys: ServerKeys;
  jobs: Pick<JobEngine, 'failed'>;
  throttles: Pick<ThrottleRepository, 'find' | 'record' | 'clear'>;
  approvals: Approvals;
  now: Clock;
}) {
  const { database, audit, keys, now } = deps;
  const repo = createOpsRepository(database.db);
  const base = createOpsService({
    database,
    systemRepo: deps.feedback,
    config: deps.config,
    content: deps.content,
  });
  const operators = createOperatorsService({ database, repo, audit, hasher: deps.hasher, keys, now });
  const consoleService = createConsoleService({
    database,
    repo,
    sessions: createConsoleSessionRepository(database.db),
    audit,
    hasher: deps.hasher,
    keys,
    throttles: deps.throttles,
    now,
  });
  const { approvals } = deps;
  // The first users of four-eyes approvals (docs/adr/0044).
  approvals.define({
    action: 'maintenance.start',
    approverPermission: 'config.write',
    payload: SITE_CONFIG_SCHEMAS.maintenance,
    apply: (doc, note) => base.setConfigDocument('maintenance', doc, note),
  });
  approvals.define({
    action: 'region.set',
    approverPermission: 'config.write',
    payload: SITE_CONFIG_SCHEMAS.region,
    apply: (doc, note) => base.setConfigDocument('region', doc, note),
  });
  approvals.define({
    action: 'cashier.controls',
    approverPermission: 'config.write',
    payload: SITE_CONFIG_SCHEMAS.cashierControls,
    apply: (doc, note) => base.setConfigDocument('cashierControls', doc, note),
  });
  approvals.define({
    action: 'operator.role',
    approverPermission: 'operators.write',
    payload: z.object({ username: ZOpsOperatorUsername, role: ZOpsRole }),
    subject: ({ username }) => username,
    apply: ({ username, role }, note) => operators.setRole(username, role, note, consoleService.endSessionsOf),
  });
  // Operators' power (docs/adr/0080): an admin, and another operator's token or console
  // credentials; the secret goes to the approver, once.
  approvals.define({
    action: 'operator.create',
    approverPermission: 'operators.write',
    payload: z.object({ username: ZOpsOperatorUsername, displayName: z.string().trim().min(1).max(80).optional(), role: ZOpsRole }),
    subject: ({ username }) => username,
    apply: (input, note) => operators.addOperator(input, note),
  });
  approvals.define({
    action: 'operator.token',
    approverPermission: 'operators.write',
    payload: ZOpsTokenCreate.omit({ reason: true }).extend({ username: ZOpsOperatorUsername }),
    subject: ({ username }) => username,
    apply: ({ username, ...options }, note) => operators.issueToken(username, options, note),
    reveal: (created: TOpsTokenCreated) => ({ token: created.token }),
  });
  approvals.define({
    action: 'operator.credentials',
    approverPermission: 'operators.write',
    payload: z.object({ username: ZOpsOperatorUsername }),
    subject: ({ username }) => username,
    apply: ({ username }, note) => consoleService.resetCredentials(username, note),
    reveal: (reset: { temporaryPassword: string }) => ({ temporaryPassword: reset.temporaryPassword }),
  });
  const service = {
    ...base,
    audit,
    operators,
    console: consoleService,
    approvals,
    /** The operator of an API token (the /ops auth hook). */
    authenticate: operators.authenticate,
    /** An operator (admin unless told) with a fresh API token: bootstrap at start, tests. */
    createOperator: operators.createOperator,
  };
  return {
    service,
    opsRoutes: (app) => opsRoutes(app, { ops: service, content: deps.content, jobs: deps.jobs, keys }),
    jobs: approvals.jobs,
  } satisfies ModuleParts & Record<string, unknown>;
}
