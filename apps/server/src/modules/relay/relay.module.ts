import type { ModuleParts } from '../../platform/module';
import type { TransferService, WalletService } from '../wallet/wallet.module';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { createRelayRegistry } from './relay.registry';
import { relayRoutes } from './relay.routes';

/** The relay (`GET /wps/relay/<NAME>`, spec 7.RELAY): one registry entry per call a module implements. */
export function createRelayModule(deps: {
  wallet: Pick<WalletService, 'accountRecord'>;
  transfers: Pick<TransferService, 'transfer' | 'merchantWallets'>;
  catalogue: CatalogueService;
}) {
  const registry = createRelayRegistry({ wallet: deps.wallet, transfers: deps.transfers, catalogue: deps.catalogue });
  return { routes: (app) => relayRoutes(app, { registry }) } satisfies ModuleParts;
}
