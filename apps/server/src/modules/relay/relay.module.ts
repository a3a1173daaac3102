import type { ModuleParts } from '../../platform/module';
import type { ContentService } from '../content/content.service';
import { createRelayRegistry } from './relay.registry';
import { relayRoutes } from './relay.routes';

/** The relay (`GET /wps/relay/<NAME>`, spec 7.RELAY): the registry's calls and the answer to every unknown name. */
export function createRelayModule(deps: { content: ContentService }) {
  const registry = createRelayRegistry({ content: deps.content });
  return { routes: (app) => relayRoutes(app, { registry }) } satisfies ModuleParts;
}
