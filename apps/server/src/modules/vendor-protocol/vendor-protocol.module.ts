import type { ModuleParts } from '../../platform/module';
import { vendorProtocolRoutes } from './vendor-protocol.routes';
import {
  createVendorProtocolService,
  type DrawsPublisher,
  type GamesPublisher,
  type PlayerLookup,
  type VendorWallet,
} from './vendor-protocol.service';

export type { DrawsPublisher, GamesPublisher, PlayerLookup, VendorWallet };

/**
 * The signed vendor wallet protocol v1.1 (`POST /vendor/v1/*`, docs/vendor-protocol.md, ADR 0071): machine routes
 * (their own raw-body parser and error handler), the signature and timestamp checks, signed answers, sessions, balance,
 * bet, win and rollback onto the wallet's `gameOperation`, the games sync onto the catalogue's `sync`, and the lottery
 * push onto the lottery's `syncDraws`. Built after game-vendors (the registry's lookups), identity, the wallet, the
 * catalogue and the lottery.
 */
export function createVendorProtocolModule({
  countOperation,
  ...deps
}: Parameters<typeof createVendorProtocolService>[0] & {
  /** Counts each answered call by its outcome (the metrics' wallet operations and refusals). */
  countOperation?: (call: string, outcome: string) => void;
}) {
  const service = createVendorProtocolService(deps);
  return {
    service,
    machineRoutes: (app) => vendorProtocolRoutes(app, { vendor: service, countOperation }),
  } satisfies ModuleParts & Record<string, unknown>;
}
