import { AppError } from '@lotus/contracts/app-error';
import { API_AREAS, inArea } from '@lotus/contracts/areas';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ClientInfo } from '../platform/client-info';

/**
 * The site-access guard (2.R.29/30, 4.SYS.01): while the maintenance window is active every
 * /wps/* call except /wps/system/* answers 503 system_maintenance; while the caller is
 * region-blocked they answer 403 access_restricted. /wps/system/* stays open so the site can show
 * its maintenance or region page; /ops, /docs and static files are never blocked.
 */
async function siteAccessPlugin(app: FastifyInstance, options: { getAccess: (client: ClientInfo) => Promise<{ status: 0 | 1 | 2 }> }) {
  app.addHook('onRequest', async (request) => {
    // The matched route pattern, not the raw URL: encoded or odd spellings cannot slip past.
    const route = request.routeOptions.url ?? '';
    if (!inArea(route, API_AREAS.site) || inArea(route, API_AREAS.siteSystem)) return;
    const access = await options.getAccess(request.ctx);
    if (access.status === 1) throw new AppError('system_maintenance', 503);
    if (access.status === 2) throw new AppError('access_restricted', 403);
  });
}

export default fp(siteAccessPlugin, { name: 'site-access', dependencies: ['request-context'] });
