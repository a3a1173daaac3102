import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import { vendorOpsRoutes } from './vendor-ops.routes';
import { createVendorOps } from './vendor.ops';
import { createVendorRepository } from './vendor.repository';
import { vendorRoutes } from './vendor.routes';
import { createVendorService, type PlayerLookup, type VendorWallet } from './vendor.service';

/**
 * Game vendors (vendor wallet protocol v1, docs/vendor-protocol.md): the registry and its operator
 * commands, the member's launch, the signed /vendor/v1 calls (sessions, balance, bet, win,
 * rollback) mapped onto the wallet's `gameOperation`, and the housekeeping of tokens and sessions.
 */
export function createVendorModule(deps: {
  database: Database;
  keys: Pick<ServerKeys, 'seal' | 'open'>;
  /** Identity's narrowed member lookup. */
  findPlayer: PlayerLookup;
  wallet: VendorWallet;
  log: { error(obj: unknown, msg: string): void };
  now: Clock;
}) {
  const { database, keys, now } = deps;
  const repo = createVendorRepository(database.db);
  const service = createVendorService({
    database,
    repo,
    keys,
    findPlayer: deps.findPlayer,
    wallet: deps.wallet,
    log: deps.log,
    now,
  });
  const ops = createVendorOps({ database, repo, keys, forget: service.forget, now });
  return {
    service,
    ops,
    repo,
    jobs: [
      {
        name: 'vendor-housekeeping',
        handler: service.housekeeping,
        retryLimit: 2,
        schedule: { everyMs: 10 * 60_000 },
      },
    ],
    routes: (app) => vendorRoutes(app, { vendor: service }),
    opsRoutes: (app) => vendorOpsRoutes(app, { vendors: ops }),
  } satisfies ModuleParts & Record<string, unknown>;
}
