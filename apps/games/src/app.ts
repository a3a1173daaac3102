import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { z } from 'zod';
import { symbolSvg, thumbnailSvg } from './art';
import { cookieOf } from './cookies';
import type { CompiledGame } from './compile';
import { betLevelsOf, HOUSE_SESSION_MS, type HouseService } from './house-service';
import { fairPage, messagePage, playPage } from './page/html';
import { langOf, STRINGS } from './page/strings';
import { loadTitles } from './titles';
import { VERIFY_ERRORS, verifyBet, ZVerifyQuery } from './verify';
import { lottoVerifier, lottoVerifyRoute, type LottoVerifier } from './lottery/routes';

/**
 * The house vendor's HTTP app, a plugin under `/house` (alone: server.ts; in the one-process mode:
 * mounted by the platform). Always: the provably fair verifier and its page, the game art and
 * thumbnails. With `play` (a vendor code, secret and platform to talk to): the launch, the game page
 * and its JSON API (docs/games/house-app.md).
 */

export type HousePlay = { service: HouseService; secureCookie: boolean };
export type HouseOptions = {
  titles: ReadonlyMap<string, CompiledGame>;
  play?: HousePlay | undefined;
  /** The lottery's verifier (its sandbox chain too); unset: quicknet draws only. */
  lottoVerify?: LottoVerifier | undefined;
};

export const SESSION_COOKIE = 'house_session';
const ASSETS_DIR = path.join(import.meta.dirname, '..', 'assets');
const ASSETS: Record<string, string> = {
  'play.js': 'text/javascript; charset=utf-8',
  'fair.js': 'text/javascript; charset=utf-8',
  'lotto.js': 'text/javascript; charset=utf-8',
  'house.css': 'text/css; charset=utf-8',
  'lotto.css': 'text/css; charset=utf-8',
};
const SYMBOL_FILE = /^([A-Z0-9]{1,4})\.svg$/;
const GAME_CODE = /^[a-z][a-z0-9-]{1,31}$/;
/** A house round id (house-service newRoundId): HR, the time in base 36, 12 base64url characters. */
const ROUND_ID = /^HR[A-Za-z0-9_-]{8,60}$/;

const ZLaunchQuery = z.object({
  token: z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .optional(),
  gameCode: z.string().regex(GAME_CODE),
  // Informative parameters: a malformed one is dropped, it does not fail the launch.
  language: z.string().max(10).optional().catch(undefined),
  currency: z.string().max(10).optional().catch(undefined),
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional()
    .catch(undefined),
});
const ZSpin = z.object({ lineBet: z.number().int().min(1).max(1_000_000) });
const ZSeed = z.object({
  clientSeed: z
    .string()
    .regex(/^[\x20-\x7e]{1,64}$/)
    .optional(),
  /** The next pair's commitment the player saw when choosing (ADR 0068); a different one answers 409. */
  nextServerSeedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});


const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

export const houseRoutes: FastifyPluginAsync<HouseOptions> = async (app, { titles, play, lottoVerify }) => {
  // 5xx never tells its cause; 4xx from Fastify itself (bad URL encoding, bad JSON...) keep their status.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error(error);
    return reply.code(status).send({ error: status === 500 ? 'internal_error' : 'bad_request' });
  });

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

  lottoVerifyRoute(app, lottoVerify ?? lottoVerifier());

  app.get('/fair', async (request, reply) =>
    html(
      reply,
      200,
      fairPage(
        langOf((request.query as { lang?: unknown }).lang),
        titles,
        request.query as Record<string, unknown>,
      ),
    ),
  );

  const assets = new Map(
    Object.keys(ASSETS).map((file) => [file, readFileSync(path.join(ASSETS_DIR, file))]),
  );
  app.get<{ Params: { file: string } }>('/assets/:file', async (request, reply) => {
    const body = assets.get(request.params.file);
    if (!body) return reply.code(404).send({ error: 'not_found' });
    return reply
      .header('content-type', ASSETS[request.params.file]!)
      .header('cache-control', 'no-cache')
      .send(body);
  });

  const svg = (reply: FastifyReply, body: string) =>
    reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
  app.get<{ Params: { game: string; file: string } }>('/art/:game/:file', async (request, reply) => {
    const game = titles.get(request.params.game);
    const symbol = SYMBOL_FILE.exec(request.params.file)?.[1];
    if (!game || !symbol || !game.definition.symbols.some((s) => s.id === symbol))
      return reply.code(404).send({ error: 'not_found' });
    return svg(reply, symbolSvg(game.definition.code, symbol));
  });
  app.get<{ Params: { file: string } }>('/thumbs/:file', async (request, reply) => {
    const game = titles.get(request.params.file.replace(/\.svg$/, ''));
    if (!game || !request.params.file.endsWith('.svg')) return reply.code(404).send({ error: 'not_found' });
    return svg(reply, thumbnailSvg(game.definition.code, game.definition.name.en));
  });

  if (!play) return;
  const { service } = play;
  const setCookie = (reply: FastifyReply, value: string) =>
    reply.header(
      'set-cookie',
      `${SESSION_COOKIE}=${value}; Path=/house; HttpOnly; SameSite=Lax; Max-Age=${HOUSE_SESSION_MS / 1000}${play.secureCookie ? '; Secure' : ''}`,
    );
  const sessionOf = (request: { headers: { cookie?: string | undefined } }) =>
    service.sessionOf(cookieOf(request.headers.cookie, SESSION_COOKIE));

  // The launch URL: the token is exchanged server side, then a redirect drops it from the address bar.
  app.get('/play', async (request, reply) => {
    const parsed = ZLaunchQuery.safeParse(request.query);
    const lang = langOf((request.query as { language?: unknown }).language);
    const t = STRINGS[lang];
    if (!parsed.success || !titles.has(parsed.data.gameCode))
      return html(reply, 400, messagePage(lang, t.launchFailed, t.error));
    const q = parsed.data;
    if (q.token) {
      const launched = await service.launch({
        token: q.token,
        gameCode: q.gameCode,
        language: lang,
        returnUrl: q.returnUrl,
      });
      if (!launched.ok) {
        const text =
          launched.error === 'platform_unavailable'
            ? t.platform_unavailable
            : launched.error === 'vendor_disabled'
              ? t.vendor_disabled
              : t.launchFailedText;
        return html(
          reply,
          launched.error === 'platform_unavailable' ? 503 : 401,
          messagePage(lang, t.launchFailed, text, q.returnUrl),
        );
      }
      setCookie(reply, launched.cookie);
      return reply.redirect(
        `/house/play?${new URLSearchParams({ gameCode: q.gameCode, language: lang })}`,
        303,
      );
    }
    const session = await sessionOf(request);
    if (!session || session.gameCode !== q.gameCode)
      return html(reply, 401, messagePage(lang, t.launchFailed, t.sessionMissing));
    const game = titles.get(session.gameCode)!;
    return html(
      reply,
      200,
      playPage({
        lang,
        game,
        betLevels: betLevelsOf(game),
        currency: session.currency,
        returnUrl: session.returnUrl,
      }),
    );
  });

  // The progressive jackpot's value (the platform's /rng counter reads it); public, cached 2 s.
  const jackpots = new Map<string, { until: number; amount: string }>();
  app.get('/api/jackpot', async (request, reply) => {
    const currency = (request.query as { currency?: unknown }).currency ?? 'THB';
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      return reply.code(400).send({ error: 'invalid_currency' });
    const at = Date.now();
    let hit = jackpots.get(currency);
    if (!hit || hit.until <= at) {
      hit = { until: at + 2_000, amount: (await service.jackpot(currency)).toString() };
      if (jackpots.size > 50) jackpots.clear();
      jackpots.set(currency, hit);
    }
    return reply.header('cache-control', 'public, max-age=2').send({ currency, amount: hit.amount });
  });

  // The fairness page's round (ADR 0075): public, found by its unguessable id (the betting record's link).
  app.get<{ Params: { id: string } }>('/fair/round/:id', async (request, reply) => {
    const round = ROUND_ID.test(request.params.id) ? await service.fairRound(request.params.id) : null;
    if (!round) return reply.code(404).send({ error: 'unknown_round' });
    return reply.header('cache-control', 'no-store').send(round);
  });

  app.get('/api/state', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ error: 'no_session' });
    return reply.header('cache-control', 'no-store').send(await service.state(session));
  });

  app.post('/api/spin', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ ok: false, error: 'no_session' });
    const parsed = ZSpin.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: 'invalid_bet' });
    const result = await service.spin(session, parsed.data.lineBet);
    return reply.code(result.ok || result.error !== 'invalid_bet' ? 200 : 400).send(result);
  });

  app.post('/api/seed', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ error: 'no_session' });
    const parsed = ZSeed.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ error: 'invalid_client_seed' });
    const rotated = await service.rotate(session, parsed.data.clientSeed, parsed.data.nextServerSeedHash);
    return 'error' in rotated ? reply.code(409).send(rotated) : rotated;
  });

  app.get('/api/rounds', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ error: 'no_session' });
    return reply.header('cache-control', 'no-store').send({ rounds: await service.rounds(session) });
  });
};

/** The house app alone (server.ts, tests of the verifier): a Fastify app with the plugin under /house. */
export async function buildHouseApp(
  options: {
    titles?: ReadonlyMap<string, CompiledGame>;
    logger?: FastifyServerOptions['logger'];
    play?: HousePlay;
    lottoVerify?: LottoVerifier;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(houseRoutes, {
    prefix: '/house',
    titles: options.titles ?? loadTitles(),
    play: options.play,
    lottoVerify: options.lottoVerify,
  });
  return app;
}
