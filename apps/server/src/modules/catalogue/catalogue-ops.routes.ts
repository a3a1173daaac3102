import { ZOpsGameList, ZOpsGameOverride, ZOpsGameParam, ZOpsGameRow, ZOpsGamesQuery } from '@lotus/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { CatalogueOps } from './catalogue.ops';

/** Operator API of the game catalogue (inside the /ops scope: credential, permission, audit). */
export async function catalogueOpsRoutes(fastify: FastifyInstance, { games }: { games: CatalogueOps }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/catalogue/games',
    {
      config: { ops: { permission: 'vendors.read' } },
      schema: { tags, security, summary: 'Games of the catalogue (by vendor, status)', querystring: ZOpsGamesQuery, response: responses(ZOpsGameList) },
    },
    async (req) => ok(await games.list(req.query)),
  );

  app.put(
    '/ops/catalogue/games/:nodeId',
    {
      config: { ops: { permission: 'vendors.write', audit: 'catalogue.game' } },
      schema: {
        tags,
        security,
        summary: "Override a game's status (MAINTENANCE, HIDDEN) or hot flag; null gives the vendor's value back",
        params: ZOpsGameParam,
        body: ZOpsGameOverride,
        response: responses(ZOpsGameRow),
      },
    },
    async (req) => ok(await games.setOverrides(req.params.nodeId, req.body, auditNote(req))),
  );
}
