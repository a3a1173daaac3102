import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHotGames as hotGamesEndpoint } from '@lotus/contracts/catalogue';
import { PLATFORM } from '@lotus/contracts/brand';
import { api } from '@/lib/api-client';

/** GCSGAME_hotGamesV2 (7.RELAY.05, 7.PAR.01): the hot games (at most 100), of one vendor when given. */
export function getHotGames(vassalage: string | undefined, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(hotGamesEndpoint, { query: { isPlatform: 2, platform: PLATFORM.vendor, vassalage } }, { signal });
}

export const hotGamesQueryOptions = (vassalage: string | undefined) =>
  queryOptions({
    queryKey: ['relay', 'GCSGAME_hotGamesV2', vassalage ?? ''],
    queryFn: ({ signal }) => getHotGames(vassalage, { signal }),
    staleTime: 60_000,
  });

export function useHotGames(vassalage: string | undefined, enabled: boolean) {
  return useQuery({ ...hotGamesQueryOptions(vassalage), enabled });
}
