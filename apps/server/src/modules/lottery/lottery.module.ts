import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ModuleParts } from '../../platform/module';
import { createLotteryRepository } from './lottery.repository';
import { lotteryRoutes } from './lottery.routes';
import {
  createLotteryService,
  type LotteryRounds,
  type LotteryVendors,
  type LottoPushOutcome,
} from './lottery.service';

/** What the lottery asks of game-vendors (registry status) and the wallet (the member's rounds), built before it. */
export type { LotteryRounds, LotteryVendors, LottoPushOutcome };

/**
 * The lottery mirror and lobby (docs/adr/0093-lottery-lobby-calls.md): the games and draws each lottery vendor
 * pushes with the signed `POST /vendor/v1/lotto/sync` (hosted by the vendor-protocol module, which is given this
 * module's `syncDraws`), and the lobby calls answered from them (its routes). Built after game-vendors and the
 * wallet, before vendor-protocol.
 */
export function createLotteryModule(deps: {
  database: Database;
  vendors: LotteryVendors;
  rounds: { bettingRounds: LotteryRounds };
  now: Clock;
}) {
  const repo = createLotteryRepository(deps.database.db);
  const service = createLotteryService({ ...deps, repo });
  return {
    service,
    /** Where the vendor protocol's lotto/sync lands. */
    syncDraws: service.syncDraws,
    routes: (app) => lotteryRoutes(app, { lottery: service }),
  } satisfies ModuleParts & Record<string, unknown>;
}
