import type { Database } from '../../db/client';
import type { ConfigBus } from '../../lib/config-bus';
import type { Clock } from '../../platform/clock';
import type { ModuleParts } from '../../platform/module';
import type { ConfigService } from '../../platform/config/config.service';
import type { TVendorCard } from '@lotus/contracts/relay';
import { catalogueOpsRoutes } from './catalogue-ops.routes';
import { createCatalogueOps } from './catalogue.ops';
import { createCatalogueRepository } from './catalogue.repository';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueService, type CatalogueVendors } from './catalogue.service';

/** What the catalogue asks of the game-vendors module (registry states, the launch), built before it. */
export type { CatalogueVendors };

/**
 * The game catalogue (issue 9; docs/adr/0037-game-catalogue.md): games published by the registry's
 * vendors (the vendor-protocol module's signed games/sync call lands in `service.sync`), the lists, favourites,
 * recent games, popular games, the winner board (job `catalogue-wins`), the launch, the operator
 * overrides. Its routes include the relay calls GCSGAME_*, MCSFE_getFavorite*, GCS_recentGame,
 * GCS_gameLaunchFB and GCSGAME_getRankList.
 */
export function createCatalogueModule(deps: {
  database: Database;
  config: Pick<ConfigService, 'get'>;
  bus?: ConfigBus | undefined;
  vendors: CatalogueVendors;
  vendorCards: () => Promise<TVendorCard[]>;
  wins: Parameters<typeof createCatalogueService>[0]['wins'];
  rounds: Parameters<typeof createCatalogueService>[0]['rounds'];
  usernameOf: (memberId: number) => Promise<string | null>;
  now: Clock;
}) {
  const repo = createCatalogueRepository(deps.database.db);
  const service = createCatalogueService({ ...deps, repo });
  const ops = createCatalogueOps({ database: deps.database, repo, invalidate: service.invalidate, now: deps.now });
  return {
    service,
    ops,
    jobs: [{ name: 'catalogue-wins', handler: async () => void (await service.collectWins()), retryLimit: 2, schedule: { everyMs: 60_000 } }],
    routes: (app) => catalogueRoutes(app, { catalogue: service }),
    opsRoutes: (app) => catalogueOpsRoutes(app, { games: ops }),
  } satisfies ModuleParts & Record<string, unknown>;
}
