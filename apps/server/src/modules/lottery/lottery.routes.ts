import { isTrialAccount } from '@lotus/contracts/accounts';
import {
  getMissionLeaderboard,
  getMissionSummary,
  getLottoMenus,
  getLottoNumeros,
  getLottoOpenedNumeros,
  getLottoRecent,
} from '@lotus/contracts/lottery';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { route } from '../../plugins/route';
import type { LotteryMissions } from './lottery.missions';
import type { LotteryService } from './lottery.service';

/**
 * The lottery lobby's calls (7.GAME.04-07; docs/adr/0093): /lotto/lgw/games/opened/numero, /lgw/vn/games/game_menu,
 * /lgw/vn/games/game_menu/recent (member) and /lgw/vn/numeros/opened/game, answered from the mirror the lottery
 * vendors push; the VN lobby's mission summary (member) and leaderboard (docs/adr/0097). HTTP only: one service call
 * per route.
 */
export async function lotteryRoutes(
  app: FastifyInstance,
  {
    lottery,
    missions,
  }: { lottery: Pick<LotteryService, 'openedNumeros' | 'gameMenu' | 'recentGames' | 'numeros'>; missions: LotteryMissions },
) {
  route(app, getLottoOpenedNumeros, async (req) => lottery.openedNumeros(req.query));

  route(app, getLottoMenus, async (req) => lottery.gameMenu(req.query));

  route(app, getLottoRecent, async (req) => {
    const m = memberOf(req);
    return lottery.recentGames({ id: m.id, trial: isTrialAccount(m) }, req.query);
  });

  route(app, getLottoNumeros, async (req) => lottery.numeros(req.query));

  route(app, getMissionSummary, async (req) => {
    const m = memberOf(req);
    return missions.summary({ id: m.id, trial: isTrialAccount(m) }, req.query.language ?? req.ctx.language);
  });

  route(app, getMissionLeaderboard, async (req) => missions.leaderboard(req.query));
}
