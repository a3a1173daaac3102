import type { ModuleParts } from '../../platform/module';
import { relayRoutes } from './relay.routes';

/**
 * The relay (`GET /wps/relay/<NAME>`, spec 7.RELAY): each call is an endpoint of the module that answers it
 * (content, wallet, catalogue); this module answers every name none of them does.
 */
export function createRelayModule() {
  return { routes: relayRoutes } satisfies ModuleParts;
}
