import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '@lotus/contracts/brand';
import {
  getLottoMenus as lottoMenusEndpoint,
  type TLottoGame,
  type TPrizeMode,
} from '@lotus/contracts/lottery';
import { api } from '@/lib/api-client';
import { drawDayParam, lottoRefreshSeconds, type TWeekdayChoice } from '../lib/lottery-rules';

export type TLottoMenu = { menu: TLottoGame['gameGroupCode']; games: TLottoGame[] };
/** The menus with the moment they were answered: each countdown runs from there (remainTime is "now" of the answer). */
export type TLottoMenusAnswer = { menus: TLottoMenu[]; answeredAt: number };

type Params = { prizeMode: TPrizeMode; drawDayOfWeek: TWeekdayChoice };

/**
 * GET /lgw/vn/games/game_menu (7.GAME.04, 7.PAR.14: prizeMode, device WEB; ADR 0093: drawDayOfWeek ALL or
 * 1-7): one menu per region, each with its games and their open draws.
 */
export async function getLottoMenus(
  params: Params,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TLottoMenusAnswer> {
  const menus = await api.call(
    lottoMenusEndpoint,
    {
      query: {
        prizeMode: params.prizeMode,
        device: BRAND.device,
        drawDayOfWeek: drawDayParam(params.drawDayOfWeek),
      },
    },
    { signal },
  );
  return { menus, answeredAt: Date.now() };
}

/** Every game of the answer once, menu by menu. */
export function allGames(answer: TLottoMenusAnswer | undefined): TLottoGame[] {
  return (answer?.menus ?? []).flatMap((menu) => menu.games);
}

export const lottoMenusQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: ['lgw', 'vn', 'game_menu', params],
    queryFn: ({ signal }) => getLottoMenus(params, { signal }),
    // The list is asked again on the spec's timer (4.LOT.01-04), computed from each answer.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data ? lottoRefreshSeconds(allGames(query.state.data)) * 1000 : false,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

/** The lobby's menus; waits for the prize mode (`null` while the vendor cards load). */
export function useLottoMenus(prizeMode: TPrizeMode | null, drawDayOfWeek: TWeekdayChoice) {
  return useQuery({
    ...lottoMenusQueryOptions({ prizeMode: prizeMode ?? 'LOTT', drawDayOfWeek }),
    enabled: prizeMode !== null,
  });
}
