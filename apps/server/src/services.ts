import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import type { ConfigBus } from './lib/config-bus';
import { createContentRepository } from './modules/content/content.repository';
import { createContentService } from './modules/content/content.service';
import { createOpsRepository } from './modules/ops/ops.repository';
import { createOpsService } from './modules/ops/ops.service';
import { createConfigService } from './modules/system/config.service';
import { createSystemRepository } from './modules/system/system.repository';
import { createSystemService } from './modules/system/system.service';

/**
 * The composition root: repositories and services wired once, used by the HTTP app and by the
 * ops command line's direct mode alike.
 */
export function createServices(
  database: Database,
  options: { log: Pick<FastifyBaseLogger, 'warn' | 'error'>; bus?: ConfigBus | undefined },
) {
  const systemRepo = createSystemRepository(database.db);
  const contentRepo = createContentRepository(database.db);
  const opsRepo = createOpsRepository(database.db);

  const config = createConfigService({ database, repo: systemRepo, bus: options.bus, log: options.log });
  const content = createContentService({ database, repo: contentRepo, config });
  const system = createSystemService({ database, repo: systemRepo, config, content });
  const ops = createOpsService({ database, repo: opsRepo, systemRepo, config, content });

  return { config, content, system, ops };
}

export type Services = ReturnType<typeof createServices>;
