import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { CompiledGame } from './compile';
import { loadTitles } from './titles';
import { VERIFY_ERRORS, verifyBet, ZVerifyQuery } from './verify';

/**
 * The house vendor's HTTP app. Today: the provably fair verifier. The routes are a plugin under
 * `/house`, so the same code runs alone (server.ts) or mounted in the one-process mode.
 */

export type HouseOptions = { titles: ReadonlyMap<string, CompiledGame> };

export const houseRoutes: FastifyPluginAsync<HouseOptions> = async (app, { titles }) => {
  app.get('/fair/verify', async (request, reply) => {
    const parsed = ZVerifyQuery.safeParse(request.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? '') as keyof typeof VERIFY_ERRORS;
      const error = VERIFY_ERRORS[field] ?? 'invalid_query';
      return reply.code(400).send({ error, field, message: issue.message });
    }
    const result = verifyBet(parsed.data, titles);
    if (result === 'unknown_game')
      return reply.code(404).send({ error: 'unknown_game', field: 'game', message: 'no such game' });
    return result;
  });
};

export async function buildHouseApp(
  options: { titles?: ReadonlyMap<string, CompiledGame>; logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  // 5xx never tells its cause; 4xx from Fastify itself (bad URL encoding...) keep their status.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return reply.code(status).send({ error: status === 500 ? 'internal_error' : 'bad_request' });
  });
  await app.register(houseRoutes, { prefix: '/house', titles: options.titles ?? loadTitles() });
  return app;
}
