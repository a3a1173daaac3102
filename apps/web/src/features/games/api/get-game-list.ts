import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getGameList as gameListEndpoint, type TGameList } from '@lotus/contracts/catalogue';
import type { TGameType } from '@lotus/contracts/constants';
import { api } from '@/lib/api-client';

export type TGameListParams = {
  gameType: TGameType;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  minBet?: string | undefined;
  pageNo: number;
  pageSize: number;
};

/** GCSGAME_gameList (7.RELAY.06, 7.PAR.02): the catalogue's games of one type, filtered and paged. */
export function getGameList(params: TGameListParams, { signal }: { signal?: AbortSignal } = {}): Promise<TGameList> {
  return api.call(gameListEndpoint, { query: { clientType: 3, ...params } }, { signal });
}

export const gameListQueryOptions = (params: TGameListParams) =>
  queryOptions({
    queryKey: ['relay', 'GCSGAME_gameList', params],
    queryFn: ({ signal }) => getGameList(params, { signal }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useGameList(params: TGameListParams, enabled = true) {
  return useQuery({ ...gameListQueryOptions(params), enabled });
}
