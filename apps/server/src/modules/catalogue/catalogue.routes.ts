import { isTrialAccount } from '@lotus/contracts/accounts';
import {
  addFavorite,
  getBetRecord,
  getFavoriteIds,
  getFavoriteList,
  getGameList,
  getGameCategories,
  getGameMenus,
  getHotGames,
  getPopularGames,
  getRankList,
  getRecentGames,
  getVendorGameTypes,
  launchGame,
  launchGameByRelay,
  removeFavorite,
} from '@lotus/contracts/catalogue';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { CatalogueService } from './catalogue.service';

/** The member as a player: trial accounts launch free-play games only and keep their own lists. */
const playerOf = (req: FastifyRequest) => {
  const m = memberOf(req);
  return { id: m.id, trial: isTrialAccount(m) };
};

/**
 * The catalogue's routes: the games calls /lgw/games/game_menus, /lgw/games/categories and /lgw/games/popular, the member's launch
 * /wps/game/launchGame, the favourite toggles /wps/game/favorites/add|remove (decision 7.PAR.07, docs/adr/0037),
 * the betting record, and the relay calls GCSGAME_*, MCSFE_getFavorite*, GCS_recentGame, GCS_gameLaunchFB and
 * GCSGAME_getRankList. HTTP only.
 */
export async function catalogueRoutes(
  app: FastifyInstance,
  {
    catalogue,
  }: {
    catalogue: Pick<
      CatalogueService,
      | 'gameMenus'
      | 'categories'
      | 'popular'
      | 'launch'
      | 'addFavorite'
      | 'removeFavorite'
      | 'betRecord'
      | 'gameList'
      | 'gameListJson'
      | 'hotGames'
      | 'vendorGameTypes'
      | 'favoriteIds'
      | 'favoriteList'
      | 'recentGames'
      | 'rankList'
    >;
  },
) {
  route(app, getGameMenus, async () => catalogue.gameMenus());

  route(app, getGameCategories, async () => catalogue.categories());

  route(app, getPopularGames, async (req) => catalogue.popular(req.query, req.ctx.language));

  route(app, launchGame, { rateLimit: rateLimit.standard }, async (req) => catalogue.launch(playerOf(req), req.body, req.ctx.language));

  route(app, addFavorite, { rateLimit: rateLimit.standard }, async (req) => catalogue.addFavorite(playerOf(req), req.body));

  route(app, removeFavorite, { rateLimit: rateLimit.standard }, async (req) => catalogue.removeFavorite(playerOf(req), req.body));

  route(app, getBetRecord, async (req) => catalogue.betRecord(playerOf(req), req.query, req.ctx.language));

  // ---------- relay calls (7.RELAY) ----------
  route(
    app,
    getGameList,
    // Answered with the JSON text serialized once per cached page (ADR 0059); gameList is the same value as an object.
    { jsonText: (req) => catalogue.gameListJson(req.query, req.ctx.language) },
    async (req) => catalogue.gameList(req.query, req.ctx.language),
  );

  route(app, getHotGames, async (req) => catalogue.hotGames(req.query, req.ctx.language));

  route(app, getVendorGameTypes, async (req) => catalogue.vendorGameTypes(req.query));

  route(app, getFavoriteIds, async (req) => catalogue.favoriteIds(playerOf(req), req.query.gameType));

  route(app, getFavoriteList, async (req) => catalogue.favoriteList(playerOf(req), req.query, req.ctx.language));

  route(app, getRecentGames, async (req) => catalogue.recentGames(playerOf(req), req.query, req.ctx.language));

  route(app, launchGameByRelay, async (req) => catalogue.launch(playerOf(req), req.query, req.ctx.language));

  route(app, getRankList, async (req) => catalogue.rankList(req.query, req.ctx.language));
}
