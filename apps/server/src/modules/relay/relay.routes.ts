import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http';
import type { RelayEntry, RelayRegistry } from './relay.registry';

/**
 * Relay calls (7.RELAY.01): each registry entry becomes its own GET route, so its query is
 * validated (400 validation_failed) and its answer goes through its contract (and shows in the
 * OpenAPI document). The modules' own relay endpoints are static routes too, so they win over the
 * catch-all below whatever the order of registration. Every other name under /wps/relay/ (one
 * optional '/' as in passwordCheck/...) answers 404 unknown_call.
 */
export async function relayRoutes(fastify: FastifyInstance, { registry }: { registry: RelayRegistry }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const register = <Q extends z.ZodType, R extends z.ZodType>(name: string, entry: RelayEntry<Q, R>) => {
    // Registered without the zod type provider: the reply type of a generic schema cannot be
    // resolved statically. Validation and serialization still run through the schemas at run time.
    fastify.get(
      `/wps/relay/${name}`,
      { schema: { tags: ['relay'], summary: entry.summary, querystring: entry.query, response: responses(entry.response) } },
      async (req) => ok(await entry.handle(req.ctx, req.query as z.output<Q>)),
    );
  };
  for (const [name, entry] of Object.entries(registry) as [string, RelayEntry][]) register(name, entry);

  app.get('/wps/relay/*', { schema: { hide: true } }, async () => {
    throw new AppError('unknown_call', 404);
  });
}
