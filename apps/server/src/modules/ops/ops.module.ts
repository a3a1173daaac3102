import type { Database } from '../../db/client';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../../platform/config/config.service';
import type { JobEngine } from '../../platform/jobs/engine';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import type { PasswordHasher } from '../../platform/password-hasher';
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
  const service = {
    ...base,
    audit,
    operators,
    /** The operator of an API token (the /ops auth hook). */
    authenticate: operators.authenticate,
    /** An operator (admin unless told) with a fresh API token: bootstrap at start, tests. */
    createOperator: operators.createOperator,
  };
  return {
    service,
    opsRoutes: (app) => opsRoutes(app, { ops: service, content: deps.content, jobs: deps.jobs, keys }),
  } satisfies ModuleParts & Record<string, unknown>;
}
