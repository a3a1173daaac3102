import { AppError } from '@lotus/contracts/app-error';
import {
  confirmLottoResult,
  discardLottoResult,
  enterLottoResult,
  getLottoExposure,
  listLottoDraws,
  listLottoGames,
  moveLottoDraw,
  setLottoGame,
  setLottoRestricted,
  voidLottoDraw,
} from '@lotus/contracts/ops-lottery';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditNote, requesterOf } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { Approvals } from '../../platform/approvals/approvals';
import { LOTTO_VOID_ACTION, lotteryOperatorId, type LotteryOps } from './lottery.ops';

/** The caller as the lottery knows them (`op-<id>`, or the direct-mode command line's audit name). */
function operatorOf(req: FastifyRequest): string {
  const op = req.operator;
  if (!op) throw new AppError('unauthorized', 401);
  return lotteryOperatorId({ id: op.id, username: op.username });
}

/**
 * The lottery's operator API (inside the /ops scope: credential, permission, audit; docs/adr/0096): one service call
 * per route, forwarded to the lottery vendor as the caller. A void is a four-eyes request except from the direct-mode
 * command line (the break-glass path, docs/adr/0055), which applies it at once.
 */
export async function lotteryOpsRoutes(
  app: FastifyInstance,
  { ops, approvals }: { ops: LotteryOps; approvals: Pick<Approvals, 'request'> },
) {
  route(app, listLottoGames, async (req) => ops.listGames(operatorOf(req)));

  route(app, setLottoGame, async (req) => ops.setGame(req.params.gameCode, req.body, operatorOf(req), auditNote(req)));

  route(app, setLottoRestricted, async (req) =>
    ops.setRestricted(req.params.gameCode, req.body.betKeys, operatorOf(req), auditNote(req)),
  );

  route(app, listLottoDraws, async (req) => ops.listDraws(req.params.gameCode, req.query, operatorOf(req)));

  route(app, getLottoExposure, async (req) =>
    ops.exposure(req.params.gameCode, req.params.drawNo, req.query.limit, operatorOf(req)),
  );

  route(app, enterLottoResult, { bodyLimit: 64 * 1024 }, async (req) =>
    ops.enterResult(req.params.gameCode, req.params.drawNo, req.body, operatorOf(req), auditNote(req)),
  );

  route(app, confirmLottoResult, async (req) =>
    ops.confirmResult(req.params.gameCode, req.params.drawNo, operatorOf(req), auditNote(req)),
  );

  route(app, discardLottoResult, async (req) =>
    ops.discardResult(req.params.gameCode, req.params.drawNo, operatorOf(req), auditNote(req)),
  );

  route(app, moveLottoDraw, async (req) =>
    ops.moveDraw(req.params.gameCode, req.params.drawNo, req.body.drawAt, operatorOf(req), auditNote(req)),
  );

  route(app, voidLottoDraw, async (req) => {
    const payload = { gameCode: req.params.gameCode, drawNo: req.params.drawNo, reason: req.body.reason };
    const operator = operatorOf(req);
    const requester = requesterOf(req);
    if (!requester) return ops.voidDraw(payload, operator, auditNote(req));
    await ops.assertVoidable(payload.gameCode, payload.drawNo, operator);
    return approvals.request(
      requester,
      LOTTO_VOID_ACTION,
      { target: ops.target(payload.gameCode, payload.drawNo), payload, reason: payload.reason },
      auditNote(req),
    );
  });
}
