import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '@lotus/contracts/brand';
import { getLottoNumeros as lottoNumerosEndpoint, type TPrizeMode } from '@lotus/contracts/lottery';
import { api } from '@/lib/api-client';

/** How many of a game's latest draws /elott shows. */
export const ELOTT_RESULTS_COUNT = 10;

type Params = { gameCode: string; vassalage: string; prizeMode: TPrizeMode };

/**
 * GET /lgw/vn/numeros/opened/game (7.GAME.06, 7.PAR.11; ADR 0093): a game's draws up to its open one, newest
 * first, each with its result and, for an electronic draw, its randomness evidence.
 */
export function getLottoNumeros(params: Params, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(
    lottoNumerosEndpoint,
    {
      query: {
        gameCode: params.gameCode,
        vassalage: params.vassalage,
        count: ELOTT_RESULTS_COUNT,
        prizeMode: params.prizeMode,
        device: BRAND.device,
      },
    },
    { signal },
  );
}

export const lottoNumerosQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: ['lgw', 'vn', 'numeros', params],
    queryFn: ({ signal }) => getLottoNumeros(params, { signal }),
    staleTime: 0,
  });

/** A game's latest results, asked again every `refreshMs` (the lobby's timer for that game, 4.LOT.01-04). */
export function useLottoNumeros(params: Params, refreshMs: number) {
  return useQuery({ ...lottoNumerosQueryOptions(params), refetchInterval: refreshMs });
}
