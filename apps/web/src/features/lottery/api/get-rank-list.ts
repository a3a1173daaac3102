import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRankList as rankListEndpoint } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';

/** 7.PAR.12: the winner board asks for 50. */
export const WINNER_BOARD_LIMIT = 50;

/** GCSGAME_getRankList (7.RELAY.21, 7.PAR.12: gameCategory ALL, language, limitNum 50): the largest recent wins. */
export function getRankList(language: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(
    rankListEndpoint,
    { query: { gameCategory: 'ALL', language, limitNum: WINNER_BOARD_LIMIT } },
    { signal },
  );
}

export const rankListQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['relay', 'GCSGAME_getRankList', 'ALL', language, WINNER_BOARD_LIMIT],
    queryFn: ({ signal }) => getRankList(language, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useRankList(language: string) {
  return useQuery(rankListQueryOptions(language));
}
