import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRecentGames as recentGamesEndpoint } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

type Params = { vassalage?: string | undefined; pageNo: number; pageSize: number };

/** The member's recent games; a launch invalidates it. */
export const RECENT_GAMES_KEY = [...MEMBER_QUERY_ROOT, 'recentGames'] as const;

/** GCS_recentGame (7.RELAY.12, 7.PAR.08: clientType 3): the member's recently launched games, paged. */
export function getRecentGames(params: Params, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(recentGamesEndpoint, { query: { clientType: 3, ...params } }, { signal });
}

export const recentGamesQueryOptions = (params: Params) =>
  queryOptions({
    queryKey: [...RECENT_GAMES_KEY, params],
    queryFn: ({ signal }) => getRecentGames(params, { signal }),
    placeholderData: keepPreviousData,
  });

export function useRecentGames(params: Params, enabled: boolean) {
  return useQuery({ ...recentGamesQueryOptions(params), enabled });
}
