import type { TLottoDrawStatus } from '@lotus/contracts/lottery';
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
  type TOpsLottoGameChange,
  type TOpsLottoResultInput,
} from '@lotus/contracts/ops-lottery';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { opsApi } from '@/lib/api';

/**
 * The calls of the Lottery page (docs/adr/0096): reads through the query cache (draws and exposure refreshed while the
 * page is open: tickets sell and draws close meanwhile), writes as plain calls after which the page refreshes its lists.
 */

/** Every query of the page starts with this key: a change refreshes them all. */
export const LOTTERY_KEY = ['lottery'] as const;

/** GET /ops/lottery/games */
export const gamesQueryOptions = () => queryOptions({ queryKey: [...LOTTERY_KEY, 'games'], queryFn: () => opsApi.call(listLottoGames) });

/** GET /ops/lottery/games/:gameCode/draws?status= */
export const drawsQueryOptions = (gameCode: string, status: TLottoDrawStatus | undefined) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'draws', gameCode, status ?? 'all'],
    queryFn: () => opsApi.call(listLottoDraws, { params: { gameCode }, query: { status, limit: 50 } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

/** GET /ops/lottery/games/:gameCode/draws/:drawNo/exposure */
export const exposureQueryOptions = (gameCode: string, drawNo: string) =>
  queryOptions({
    queryKey: [...LOTTERY_KEY, 'exposure', gameCode, drawNo],
    queryFn: () => opsApi.call(getLottoExposure, { params: { gameCode, drawNo }, query: { limit: 50 } }),
    refetchInterval: 15_000,
  });

/** PUT /ops/lottery/games/:gameCode */
export const changeGame = (gameCode: string, change: TOpsLottoGameChange) => opsApi.call(setLottoGame, { params: { gameCode }, body: change });
/** PUT /ops/lottery/games/:gameCode/restricted */
export const replaceRestricted = (gameCode: string, betKeys: string[]) => opsApi.call(setLottoRestricted, { params: { gameCode }, body: { betKeys } });
/** POST .../result */
export const enterResult = (gameCode: string, drawNo: string, input: TOpsLottoResultInput) =>
  opsApi.call(enterLottoResult, { params: { gameCode, drawNo }, body: input });
/** POST .../result/confirm */
export const confirmResult = (gameCode: string, drawNo: string) => opsApi.call(confirmLottoResult, { params: { gameCode, drawNo } });
/** POST .../result/discard */
export const discardResult = (gameCode: string, drawNo: string) => opsApi.call(discardLottoResult, { params: { gameCode, drawNo } });
/** POST .../move */
export const moveDraw = (gameCode: string, drawNo: string, drawAt: string) => opsApi.call(moveLottoDraw, { params: { gameCode, drawNo }, body: { drawAt } });
/** POST .../void: a four-eyes request from a named operator. */
export const voidDraw = (gameCode: string, drawNo: string, reason: string) => opsApi.call(voidLottoDraw, { params: { gameCode, drawNo }, body: { reason } });
