import type { Database } from '../../db/client';
import type { ConfigService } from '../../platform/config/config.service';
import type { ModuleParts } from '../../platform/module';
import { createContentRepository } from './content.repository';
import { createContentService } from './content.service';

/**
 * Content (spec 7.SYS banners, notices, customer service, help, vendors): no routes of its own;
 * the system routes, the relay and the operator collections read it through its service.
 */
export function createContentModule(deps: { database: Database; config: Pick<ConfigService, 'get'> }) {
  const repo = createContentRepository(deps.database.db);
  const service = createContentService({ database: deps.database, repo, config: deps.config });
  return { service } satisfies ModuleParts & Record<string, unknown>;
}
