import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ModuleParts } from '../../platform/module';
import { vendorOpsRoutes } from './vendor-ops.routes';
import { createVendorOps } from './vendor.ops';
import { createVendorRepository } from './vendor.repository';
import { vendorLaunchRoutes, vendorProtocolRoutes } from './vendor.routes';
import { createVendorService, type GamesPublisher, type PlayerLookup, type TransferVendorInfo, type VendorWallet } from './vendor.service';

export type { GamesPublisher };

/** The registry's transfer-mode vendors (walletMode transfer), secrets opened: what the wallet's transfers use. */
export type TransferVendorLookup = {
  find: (code: string) => Promise<TransferVendorInfo | null>;
  list: () => Promise<TransferVendorInfo[]>;
};
/** Adds a vendor the platform provides (or moves its apiBaseUrl), e.g. the demo's sandbox transfer vendor. */
export type VendorProvisioner = (input: unknown) => Promise<void>;

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
  /** The catalogue's sync: where POST /vendor/v1/games/sync lands. */
  publishGames: GamesPublisher;
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
    publishGames: deps.publishGames,
    log: deps.log,
    now,
  });
  const ops = createVendorOps({ database, repo, keys, forget: service.forget, now });
  const transferVendors: TransferVendorLookup = { find: service.findTransferVendor, list: service.listTransferVendors };
  // A platform-provided vendor is set up like the demo data (db/seed.ts): no operator, no audit row.
  const provisionVendor: VendorProvisioner = (input) => ops.ensure(input, async () => undefined);
  /** The registry as the catalogue reads it: every vendor's status, one vendor's status, and the launch. */
  const directory = {
    list: async () => (await repo.listVendors()).map((r) => ({ code: r.code, status: r.status, name: r.name })),
    status: async (code: string) => (/^[A-Z0-9]{2,16}$/.test(code) ? ((await service.vendorOf(code))?.row.status ?? null) : null),
    launch: service.launch,
  };
  return {
    service,
    ops,
    directory,
    repo,
    transferVendors,
    provisionVendor,
    jobs: [
      {
        name: 'vendor-housekeeping',
        handler: service.housekeeping,
        retryLimit: 2,
        schedule: { everyMs: 10 * 60_000 },
      },
    ],
    machineRoutes: (app) => vendorProtocolRoutes(app, { vendor: service }),
    routes: (app) => vendorLaunchRoutes(app, { vendor: service }),
    opsRoutes: (app) => vendorOpsRoutes(app, { vendors: ops }),
  } satisfies ModuleParts & Record<string, unknown>;
}
