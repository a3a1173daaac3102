import { AppError } from '@lotus/contracts/app-error';
import { API_AREAS, inArea } from '@lotus/contracts/areas';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientInfo } from '../platform/client-info';
import { appendRouteHook } from './route-hooks';

/**
 * The site-access guard (2.R.29/30, 4.SYS.01): while the maintenance window is active every
 * /wps/* call except /wps/system/* answers 503 system_maintenance; while the caller is
 * region-blocked they answer 403 access_restricted. /wps/system/* stays open so the site can show
 * its maintenance or region page; /ops, /docs and static files are never blocked.
 */
async function siteAccessPlugin(app: FastifyInstance, options: { getAccess: (client: ClientInfo) => Promise<{ status: 0 | 1 | 2 }> }) {
  const guard: onRequestAsyncHookHandler = async (request) => {
    const access = await options.getAccess(request.ctx);
    if (access.status === 1) throw new AppError('system_maintenance', 503);
    if (access.status === 2) throw new AppError('access_restricted', 403);
  };
  // On the routes of the area only, chosen by their pattern when they are registered: encoded or odd spellings
  // of a URL match the route, never a different rule (an unknown path is no route and is not found anyway).
  app.addHook('onRoute', (route) => {
    if (inArea(route.url, API_AREAS.site) && !inArea(route.url, API_AREAS.siteSystem)) appendRouteHook(route, 'onRequest', guard);
  });
}

export default fp(siteAccessPlugin, { name: 'site-access', dependencies: ['request-context'] });
