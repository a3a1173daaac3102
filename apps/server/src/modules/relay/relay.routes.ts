import { AppError } from '@lotus/contracts/app-error';
import { unknownRelayCall } from '@lotus/contracts/relay';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route';

/**
 * Relay calls (7.RELAY.01) are endpoints of the modules that answer them (`GET /wps/relay/<NAME>`: static
 * routes, so they win over this catch-all whatever the order of registration). Every other name answers
 * 404 unknown_call.
 */
export async function relayRoutes(app: FastifyInstance) {
  route(app, unknownRelayCall, async () => {
    throw new AppError('unknown_call', 404);
  });
}
