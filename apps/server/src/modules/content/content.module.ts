import type { Database } from '../../db/client';
import type { ConfigService } from '../../platform/config/config.service';
import type { Clock } from '../../platform/clock';
import type { ModuleParts } from '../../platform/module';
import { createContentRepository } from './content.repository';
import { contentOpsRoutes, contentRoutes } from './content.routes';
import { createContentService } from './content.service';

/**
 * Content (spec 7.SYS banners, notices, customer service, help, vendors): the system routes, the
 * relay and the operator collections read it through its service; its own routes serve uploaded
 * images and the console's edit/reorder/upload/preview calls.
 */
export function createContentModule(deps: { database: Database; config: Pick<ConfigService, 'get'>; now?: Clock }) {
  const repo = createContentRepository(deps.database.db);
  // The app's clock decides which banners and notices show now (their schedules).
  const clock = deps.now;
  const service = createContentService({
    database: deps.database,
    repo,
    config: deps.config,
    ...(clock ? { now: () => new Date(clock()) } : {}),
  });
  return {
    service,
    // Uploaded banner images (public) and the console's content calls (docs/adr/0054).
    routes: contentRoutes({ content: service, database: deps.database }),
    opsRoutes: contentOpsRoutes({ content: service, database: deps.database }),
  } satisfies ModuleParts & Record<string, unknown>;
}
