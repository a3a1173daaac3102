import { AppError } from '@lotus/contracts/app-error';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import {
  LOTTO_BET_TYPES,
  LOTTO_BET_TYPES_OF,
  type TLottoBetType,
  type TOpsLottoDraw,
  type TOpsLottoDrawChange,
  type TOpsLottoDraws,
  type TOpsLottoExposure,
  type TOpsLottoGame,
  type TOpsLottoGameChange,
  type TOpsLottoGames,
  type TOpsLottoResultInput,
} from '@lotus/contracts/ops-lottery';
import type { TLottoDrawStatus } from '@lotus/contracts/lottery';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { Clock } from '../../platform/clock';
import type { LottoVendorAnswer, LottoVendorOps } from './lottery.vendor-ops';

/** The four-eyes action of a void (docs/adr/0096): it refunds every ticket of the draw. */
export const LOTTO_VOID_ACTION = 'lottery.draw.void';

/**
 * How the lottery knows a platform operator (docs/adr/0096): `op-<operator id>` (ids are never reused; a username may
 * be renamed or taken again), and the direct-mode command line, which has no operator row, by its audit name
 * (`direct:<system user>`, in the characters the lottery accepts).
 */
export function lotteryOperatorId(caller: { id: number | null; username: string }): string {
  if (caller.id !== null) return `op-${caller.id}`;
  return caller.username.replace(/[^A-Za-z0-9_.:@-]/g, '_').slice(0, 64) || 'direct';
}

/** Operators' usernames by id (the ops module's list), to name who entered a result. */
export type LotteryOperatorNames = () => Promise<Map<number, string>>;

const money = (minorUnits: string) => formatMinor(BigInt(minorUnits));
const minorOf = (amount: string) => {
  const value = parseMinor(amount);
  if (value === null || value < 0n) throw new AppError('validation_failed', 400);
  return value.toString();
};
const isBetType = (t: string): t is TLottoBetType => (LOTTO_BET_TYPES as readonly string[]).includes(t);

type VendorGame = LottoVendorAnswer<'games/list'>['games'][number];
type VendorDraw = LottoVendorAnswer<'draws/list'>['draws'][number];

const gameView = (g: VendorGame): TOpsLottoGame => ({
  gameCode: g.gameCode,
  region: g.region,
  format: g.format,
  names: g.names,
  enabled: g.enabled,
  betTypes: [...LOTTO_BET_TYPES_OF[g.format]],
  rates: Object.fromEntries(Object.entries(g.rates).filter(([t]) => isBetType(t))),
  // Only the types its format offers (a lottery may answer one table for every format).
  defaultRates: Object.fromEntries(Object.entries(g.defaultRates).filter(([t]) => (LOTTO_BET_TYPES_OF[g.format] as readonly string[]).includes(t))),
  minStake: money(g.minStake),
  maxStake: money(g.maxStake),
  exposureCap: money(g.exposureCap),
  restricted: [...g.restricted].sort(),
});

/**
 * The lottery's operator use cases (`/ops/lottery/*`, `npm run ops -- lottery ...`; docs/adr/0096): each forwards one
 * signed call to the lottery vendor (lottery.vendor-ops.ts) as the acting operator, and each change writes its audit
 * row once the lottery has taken it (the lottery is another system: no transaction spans both; a refusal changes
 * nothing there and writes no row here).
 */
export function createLotteryOps(deps: { vendor: LottoVendorOps; operatorNames: LotteryOperatorNames; now: Clock }) {
  const { vendor, now } = deps;
  const target = (gameCode: string, drawNo?: string) =>
    drawNo === undefined ? `lottery:${vendor.vendorCode()}:${gameCode}` : `lottery:${vendor.vendorCode()}:${gameCode}:${drawNo}`;

  async function vendorGames(operator: string): Promise<VendorGame[]> {
    return (await vendor.call('games/list', operator, {})).games;
  }
  async function gameOf(gameCode: string, operator: string): Promise<VendorGame> {
    const game = (await vendorGames(operator)).find((g) => g.gameCode === gameCode);
    if (!game) throw new AppError('lottery_game_unknown', 404);
    return game;
  }

  async function listGames(operator: string): Promise<TOpsLottoGames> {
    return { vendor: vendor.vendorCode(), games: (await vendorGames(operator)).map(gameView) };
  }

  /** Enabled, stake bounds, exposure cap, the operators' rates (replaced whole; only the types the format offers). */
  async function setGame(gameCode: string, change: TOpsLottoGameChange, operator: string, note: OpsAuditNote): Promise<TOpsLottoGame> {
    const before = await gameOf(gameCode, operator);
    const offered = LOTTO_BET_TYPES_OF[before.format];
    if (change.rates && Object.keys(change.rates).some((t) => !offered.includes(t as TLottoBetType))) {
      throw new AppError('validation_failed', 400, { rates: 'validation_failed' });
    }
    await vendor.call('games/set', operator, {
      gameCode,
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.minStake === undefined ? {} : { minStake: minorOf(change.minStake) }),
      ...(change.maxStake === undefined ? {} : { maxStake: minorOf(change.maxStake) }),
      ...(change.exposureCap === undefined ? {} : { exposureCap: minorOf(change.exposureCap) }),
      ...(change.rates === undefined ? {} : { rates: change.rates }),
    });
    const after = gameView(await gameOf(gameCode, operator));
    const old = gameView(before);
    await note({
      target: target(gameCode),
      before: { enabled: old.enabled, minStake: old.minStake, maxStake: old.maxStake, exposureCap: old.exposureCap, rates: old.rates },
      after: { operator, enabled: after.enabled, minStake: after.minStake, maxStake: after.maxStake, exposureCap: after.exposureCap, rates: after.rates },
    });
    return after;
  }

  /** The game's whole list of restricted numbers: those missing are added, those left out removed. */
  async function setRestricted(gameCode: string, betKeys: readonly string[], operator: string, note: OpsAuditNote): Promise<TOpsLottoGame> {
    const before = await gameOf(gameCode, operator);
    const wanted = new Set(betKeys);
    const current = new Set(before.restricted);
    const added = [...wanted].filter((k) => !current.has(k));
    const removed = [...current].filter((k) => !wanted.has(k));
    // The lottery takes at most 200 keys a call.
    for (const [keys, restricted] of [
      [added, true],
      [removed, false],
    ] as const) {
      for (let i = 0; i < keys.length; i += 200) {
        await vendor.call('restricted/set', operator, { gameCode, betKeys: keys.slice(i, i + 200), restricted });
      }
    }
    const after = gameView(await gameOf(gameCode, operator));
    await note({ target: target(gameCode), before: { restricted: [...current].sort() }, after: { operator, added: added.sort(), removed: removed.sort() } });
    return after;
  }

  /** A draw as operators see it: times, result (with who entered it, and whether the caller did), ticket tallies. */
  function drawView(d: VendorDraw, operator: string, names: Map<number, string>, at: number): TOpsLottoDraw {
    const tally = (statuses: string[], field: 'count' | 'cost' | 'win') =>
      statuses.reduce((sum, s) => {
        const t = d.tickets[s];
        return sum + (t ? BigInt(field === 'count' ? t.count : t[field]) : 0n);
      }, 0n);
    const sold = ['open', 'accepted', 'paid'];
    const id = d.result ? /^op-([0-9]{1,10})$/.exec(d.result.enteredBy) : null;
    return {
      gameCode: d.gameCode,
      drawNo: d.drawNo,
      lockAt: d.lockAt,
      closeAt: d.closeAt,
      drawAt: d.drawAt,
      status: d.status,
      closed: Date.parse(d.closeAt) <= at,
      voidReason: d.voidReason,
      result: d.result
        ? {
            status: d.result.status,
            enteredBy: d.result.enteredBy,
            enteredByName: id ? (names.get(Number(id[1])) ?? null) : /^(direct|feed):/.test(d.result.enteredBy) ? d.result.enteredBy : null,
            enteredByYou: d.result.enteredBy === operator,
            numbers: d.result.numbers,
            source: d.result.source,
          }
        : null,
      tickets: {
        count: Number(tally(sold, 'count')),
        stakes: formatMinor(tally(sold, 'cost')),
        wins: formatMinor(tally(['paid'], 'win')),
        unsettled: Number(tally(['open', 'accepted'], 'count')),
        refunded: Number(tally(['void'], 'count')),
      },
    };
  }

  async function listDraws(
    gameCode: string,
    q: { status?: TLottoDrawStatus | undefined; limit: number },
    operator: string,
  ): Promise<TOpsLottoDraws> {
    const [answer, names] = await Promise.all([
      vendor.call('draws/list', operator, { gameCode, limit: q.limit, ...(q.status ? { status: q.status } : {}) }),
      deps.operatorNames(),
    ]);
    const at = now();
    return { gameCode, draws: answer.draws.filter((d) => d.gameCode === gameCode).map((d) => drawView(d, operator, names, at)) };
  }

  /** One draw of a game, or lottery_draw_unknown: among its latest 200 draws, then its 200 soonest scheduled ones. */
  async function findDraw(gameCode: string, drawNo: string, operator: string): Promise<VendorDraw> {
    for (const status of [undefined, 'scheduled'] as const) {
      const { draws } = await vendor.call('draws/list', operator, { gameCode, limit: 200, ...(status ? { status } : {}) });
      const draw = draws.find((d) => d.gameCode === gameCode && d.drawNo === drawNo);
      if (draw) return draw;
    }
    throw new AppError('lottery_draw_unknown', 404);
  }

  async function exposure(gameCode: string, drawNo: string, limit: number, operator: string): Promise<TOpsLottoExposure> {
    const answer = await vendor.call('draws/exposure', operator, { gameCode, drawNo, limit });
    return { gameCode, drawNo, cap: money(answer.cap), numbers: answer.numbers.map((n) => ({ betKey: n.betKey, liability: money(n.liability) })) };
  }

  async function enterResult(gameCode: string, drawNo: string, input: TOpsLottoResultInput, operator: string, note: OpsAuditNote): Promise<TOpsLottoDrawChange> {
    await vendor.call('results/enter', operator, { gameCode, drawNo, result: input.result, source: input.source });
    await note({ target: target(gameCode, drawNo), after: { operator, result: input.result, source: input.source } });
    return { gameCode, drawNo, change: 'result.enter' };
  }

  async function confirmResult(gameCode: string, drawNo: string, operator: string, note: OpsAuditNote): Promise<TOpsLottoDrawChange> {
    await vendor.call('results/confirm', operator, { gameCode, drawNo });
    await note({ target: target(gameCode, drawNo), after: { operator, result: 'confirmed' } });
    return { gameCode, drawNo, change: 'result.confirm' };
  }

  async function discardResult(gameCode: string, drawNo: string, operator: string, note: OpsAuditNote): Promise<TOpsLottoDrawChange> {
    const before = await findDraw(gameCode, drawNo, operator);
    await vendor.call('results/discard', operator, { gameCode, drawNo });
    await note({
      target: target(gameCode, drawNo),
      before: before.result ? { result: before.result.numbers, source: before.result.source, enteredBy: before.result.enteredBy } : null,
      after: { operator, result: 'discarded' },
    });
    return { gameCode, drawNo, change: 'result.discard' };
  }

  /** A new draw time, in the future by the platform's clock (the lottery checks it by its own as well). */
  async function moveDraw(gameCode: string, drawNo: string, drawAt: string, operator: string, note: OpsAuditNote): Promise<TOpsLottoDrawChange> {
    if (Date.parse(drawAt) <= now()) throw new AppError('lottery_draw_time_past', 400, { drawAt: 'lottery_draw_time_past' });
    const before = await findDraw(gameCode, drawNo, operator);
    const moved = await vendor.call('draws/move', operator, { gameCode, drawNo, drawAt: new Date(Date.parse(drawAt)).toISOString() });
    await note({ target: target(gameCode, drawNo), before: { drawAt: before.drawAt }, after: { operator, drawAt: moved.drawAt } });
    return { gameCode, drawNo, change: 'draw.move', drawAt: moved.drawAt };
  }

  /** Refuses at once what the lottery would refuse: a void of a draw that is not scheduled (or not there). */
  async function assertVoidable(gameCode: string, drawNo: string, operator: string): Promise<void> {
    const draw = await findDraw(gameCode, drawNo, operator);
    if (draw.status === 'void') throw new AppError('lottery_draw_void');
    if (draw.status !== 'scheduled') throw new AppError('lottery_draw_settled');
  }

  /** Voids a scheduled draw: the lottery rolls every ticket back (refunds). Applied by the approver of the request. */
  async function voidDraw(p: { gameCode: string; drawNo: string; reason: string }, operator: string, note: OpsAuditNote): Promise<TOpsLottoDrawChange> {
    await vendor.call('draws/void', operator, { gameCode: p.gameCode, drawNo: p.drawNo, reason: p.reason });
    await note({ target: target(p.gameCode, p.drawNo), before: { status: 'scheduled' }, after: { operator, status: 'void', reason: p.reason } });
    return { gameCode: p.gameCode, drawNo: p.drawNo, change: 'draw.void' };
  }

  return {
    vendorCode: vendor.vendorCode,
    target,
    listGames,
    setGame,
    setRestricted,
    listDraws,
    exposure,
    enterResult,
    confirmResult,
    discardResult,
    moveDraw,
    assertVoidable,
    voidDraw,
  };
}

export type LotteryOps = ReturnType<typeof createLotteryOps>;
