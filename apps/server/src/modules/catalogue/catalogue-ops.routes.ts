import { listCatalogueGames, setGameOverrides } from '@lotus/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { CatalogueOps } from './catalogue.ops';

/** Operator API of the game catalogue (inside the /ops scope: credential, permission, audit). */
export async function catalogueOpsRoutes(app: FastifyInstance, { games }: { games: CatalogueOps }) {
  route(app, listCatalogueGames, async (req) => games.list(req.query));

  route(app, setGameOverrides, async (req) => games.setOverrides(req.params.nodeId, req.body, auditNote(req)));
}
