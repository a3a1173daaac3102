import {
  ZBetRecord,
  ZBetRecordQuery,
  ZFavoriteChange,
  ZFavoriteIds,
  ZGameMenus,
  ZGameMenusQuery,
  ZLaunchGame,
  ZLaunchGameRequest,
  ZPopularGames,
  ZPopularQuery,
} from '@lotus/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { isTrialMember } from '../wallet/wallet.rules';
import type { CatalogueService } from './catalogue.service';

/**
 * The catalogue's own routes (the relay calls GCSGAME_*, MCSFE_getFavorite*, GCS_recentGame,
 * GCS_gameLaunchFB and GCSGAME_getRankList are entries of the relay registry): the games calls
 * /lgw/games/game_menus and /lgw/games/popular, the member's launch /wps/game/launchGame, and the
 * favourite toggles /wps/game/favorites/add|remove (decision 7.PAR.07, docs/adr/0037). HTTP only.
 */
export async function catalogueRoutes(
  fastify: FastifyInstance,
  { catalogue }: { catalogue: Pick<CatalogueService, 'gameMenus' | 'popular' | 'launch' | 'addFavorite' | 'removeFavorite' | 'betRecord'> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['game'],
        summary: 'Game menus: HOT (hot vendors) then each game type with its vendors and game counts (7.GAME.01, 2.LGN.01)',
        querystring: ZGameMenusQuery,
        response: responses(ZGameMenus),
      },
    },
    async () => ok(await catalogue.gameMenus()),
  );
  app.get(
    '/lgw/games/popular',
    {
      schema: {
        tags: ['game'],
        summary: 'The games most members launched in the last 7 days (count 20 by default; 7.GAME.02, 7.PAR.10)',
        querystring: ZPopularQuery,
        response: responses(ZPopularGames),
      },
    },
    async (req) => ok(await catalogue.popular(req.query, req.ctx.language)),
  );

  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireMember);
    const member = scope.withTypeProvider<ZodTypeProvider>();
    const asPlayer = (req: Parameters<typeof memberOf>[0]) => {
      const m = memberOf(req);
      return { id: m.id, trial: isTrialMember(m) };
    };
    member.post(
      '/wps/game/launchGame',
      {
        config: { rateLimit: rateLimit.standard },
        schema: {
          tags: ['game'],
          security: [{ member: [] }],
          summary:
            "Launch a game: the vendor's launch URL with a one-time token; 'Game maintenance' when the vendor or game is in maintenance or the vendor has no credentials; trial accounts only for free-play games (7.GAME.03, 4.GS)",
          body: ZLaunchGameRequest,
          response: responses(ZLaunchGame),
        },
      },
      async (req) => ok(await catalogue.launch(asPlayer(req), req.body, req.ctx.language)),
    );
    member.post(
      '/wps/game/favorites/add',
      {
        config: { rateLimit: rateLimit.standard },
        schema: {
          tags: ['game'],
          security: [{ member: [] }],
          summary: "Add a game to the member's favourites (idempotent); answers the favourite ids (7.PAR.06/07)",
          body: ZFavoriteChange,
          response: responses(ZFavoriteIds),
        },
      },
      async (req) => ok(await catalogue.addFavorite(asPlayer(req), req.body)),
    );
    member.post(
      '/wps/game/favorites/remove',
      {
        config: { rateLimit: rateLimit.standard },
        schema: {
          tags: ['game'],
          security: [{ member: [] }],
          summary: "Remove a game from the member's favourites (idempotent); answers the favourite ids (7.PAR.06/07)",
          body: ZFavoriteChange,
          response: responses(ZFavoriteIds),
        },
      },
      async (req) => ok(await catalogue.removeFavorite(asPlayer(req), req.body)),
    );
    member.get(
      '/wps/game/betRecord',
      {
        schema: {
          tags: ['game'],
          security: [{ member: [] }],
          summary:
            "Betting record: the member's game rounds from the platform's ledger (bet, win, net, status), by vendor and a range of Bangkok days, paged (2.MC.08; docs/adr/0058)",
          querystring: ZBetRecordQuery,
          response: responses(ZBetRecord),
        },
      },
      async (req) => ok(await catalogue.betRecord(asPlayer(req), req.query, req.ctx.language)),
    );
  });
}
