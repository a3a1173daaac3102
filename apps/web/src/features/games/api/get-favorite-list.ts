import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getFavoriteList as favoriteListEndpoint } from '@lotus/contracts/catalogue';
import type { TGameType } from '@lotus/contracts/constants';
import { api } from '@/lib/api-client';
import { FAVORITE_ROOT_KEY } from './get-favorite-ids';

type Params = { gameType: TGameType; pageNo: number; pageSize: number };

/** MCSFE_getFavoriteGamesList (7.RELAY.11, 7.PAR.05): the member's favourite games of a type, paged. */
export function getFavoriteList(params: Params, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(favoriteListEndpoint, { query: params }, { signal });
}

export const favoriteListQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: [...FAVORITE_ROOT_KEY, 'list', params],
    queryFn: ({ signal }) => getFavoriteList(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useFavoriteList(params: Params, enabled: boolean) {
  return useQuery({ ...favoriteListQueryOptions(params), enabled });
}
