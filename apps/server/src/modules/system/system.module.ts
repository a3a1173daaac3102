import type { Database } from '../../db/client';
import type { ConfigService, ConfigStore } from '../../platform/config/config.service';
import type { ModuleParts } from '../../platform/module';
import type { ContentService } from '../content/content.service';
import { createSystemRepository, type SystemRepository } from './system.repository';
import { systemRoutes } from './system.routes';
import { createSystemService } from './system.service';

/** The members' feedback as the operator API reads it. */
export type FeedbackReader = Pick<SystemRepository, 'listFeedback' | 'countFeedback'>;

/** Storage of the site configuration documents (table site_config), for the platform's config service. */
export function createSiteConfigStore(database: Database): ConfigStore {
  return createSystemRepository(database.db);
}

/**
 * System (spec 7.SYS: status, maintenance and region, whitelabel, register settings, domain routes,
 * languages, permission info, feedback). Its routes also serve content lists (banners, notices, CS).
 */
export function createSystemModule(deps: {
  database: Database;
  config: Pick<ConfigService, 'get' | 'getAll'>;
  content: ContentService;
}) {
  const repo = createSystemRepository(deps.database.db);
  const service = createSystemService({
    database: deps.database,
    repo,
    config: deps.config,
    content: deps.content,
  });
  const feedback: FeedbackReader = repo;
  return {
    service,
    feedback,
    routes: (app) => systemRoutes(app, { system: service, content: deps.content }),
  } satisfies ModuleParts & Record<string, unknown>;
}
