import { z } from 'zod';
import { LOTTO_DRAW_NO_PATTERN } from '@lotus/contracts/lottery';
import { LOTTO_OPS_GAME_CODE } from '@lotus/contracts/ops-lottery';
import type { Database } from '../../db/client';
import type { Approvals } from '../../platform/approvals/approvals';
import type { Clock } from '../../platform/clock';
import type { ModuleParts } from '../../platform/module';
import { lotteryOpsRoutes } from './lottery-ops.routes';
import { createLotteryOps, LOTTO_VOID_ACTION, lotteryOperatorId, type LotteryOperatorNames } from './lottery.ops';
import { createLotteryMissions, type LotteryPlayTotals, type LotteryTopWinners } from './lottery.missions';
import { createLotteryRepository } from './lottery.repository';
import { lotteryRoutes } from './lottery.routes';
import {
  createLotteryService,
  type LotteryRounds,
  type LotteryVendors,
  type LottoPushOutcome,
} from './lottery.service';
import { createLottoVendorOps, type LotteryOpsVendors, type LottoOpsTransport } from './lottery.vendor-ops';

/** What the lottery asks of game-vendors (registry status) and the wallet (the member's rounds), built before it. */
export type { LotteryOperatorNames, LotteryOpsVendors, LotteryRounds, LotteryVendors, LottoOpsTransport, LottoPushOutcome };

/** The lottery vendor operators act on when none is configured: the house lottery's code (ADR 0094). */
export const DEFAULT_LOTTERY_OPS_VENDOR = 'LOTT';

/**
 * The lottery mirror and lobby (docs/adr/0093-lottery-lobby-calls.md): the games and draws each lottery vendor
 * pushes with the signed `POST /vendor/v1/lotto/sync` (hosted by the vendor-protocol module, which is given this
 * module's `syncDraws`), and the lobby calls answered from them (its routes). The operators' lottery
 * (docs/adr/0096): `/ops/lottery/*` forwarded as signed calls to the lottery vendor's operator API, a void under
 * four-eyes. Built after game-vendors, the wallet and ops, before vendor-protocol.
 */
export function createLotteryModule(deps: {
  database: Database;
  vendors: LotteryVendors;
  rounds: { bettingRounds: LotteryRounds; playTotals: LotteryPlayTotals };
  /** The catalogue's ranking of members by settled wins (the missions' leaderboard, docs/adr/0097). */
  topWinners: LotteryTopWinners;
  now: Clock;
  /** The registry's vendor of a code with its secret (game-vendors' `vendorOf`): the operator calls' signing key. */
  opsVendors: LotteryOpsVendors;
  /** The lottery vendor operators act on (HOUSE_LOTTERY_VENDOR_CODE; default LOTT). */
  opsVendorCode?: string | undefined;
  operatorNames: LotteryOperatorNames;
  approvals: Pick<Approvals, 'define' | 'request'>;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const repo = createLotteryRepository(deps.database.db);
  const service = createLotteryService({ ...deps, repo });
  const missions = createLotteryMissions({ repo, playTotals: deps.rounds.playTotals, topWinners: deps.topWinners, now: deps.now });
  const vendorOps = createLottoVendorOps({
    vendors: deps.opsVendors,
    vendorCode: deps.opsVendorCode ?? DEFAULT_LOTTERY_OPS_VENDOR,
    now: deps.now,
    log: deps.log,
  });
  const ops = createLotteryOps({ vendor: vendorOps, operatorNames: deps.operatorNames, now: deps.now });
  deps.approvals.define({
    action: LOTTO_VOID_ACTION,
    approverPermission: 'lottery.manage',
    // One pending void per draw: a double click never becomes two requests.
    onePendingPerTarget: true,
    payload: z.object({
      gameCode: z.string().regex(LOTTO_OPS_GAME_CODE),
      drawNo: z.string().regex(LOTTO_DRAW_NO_PATTERN),
      reason: z.string().min(1).max(200),
    }),
    // Applied by the approver, as themselves: the lottery records who voided it (docs/adr/0081's rule).
    apply: (payload, note, approver) => ops.voidDraw(payload, lotteryOperatorId(approver), note),
  });
  return {
    service,
    ops,
    /** Where the vendor protocol's lotto/sync lands. */
    syncDraws: service.syncDraws,
    /**
     * The lottery mounted in this process (apps/server/src/house.ts, the one-process mode): operator calls to its
     * vendor code go through `transport` (request injection) instead of HTTP.
     */
    attachInProcessLottery: (vendorCode: string, transport: LottoOpsTransport) => vendorOps.attachInProcess(vendorCode, transport),
    routes: (app) => lotteryRoutes(app, { lottery: service, missions }),
    opsRoutes: (app) => lotteryOpsRoutes(app, { ops, approvals: deps.approvals }),
  } satisfies ModuleParts & Record<string, unknown>;
}
