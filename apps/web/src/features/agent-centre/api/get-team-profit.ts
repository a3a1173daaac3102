import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTeamProfit as teamProfitEndpoint, type TTeamGameType, type TTeamProfit } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import type { TTeamDayRange } from '../lib/team-range';
import { TEAM_QUERY_ROOT } from './query-keys';

export const TEAM_PROFIT_PAGE_SIZE = 20;

export type TTeamProfitFilter = TTeamDayRange & {
  /** A username or part of one ('' = everyone). */
  search: string;
  /** One game type only ('' = every game). */
  gameType: TTeamGameType | '';
  pageNo: number;
};

/** User profit and loss (2.AC.01): each team member who played in the range, most staked first, 20 a page. */
export function getTeamProfit(filter: TTeamProfitFilter, { signal }: { signal?: AbortSignal } = {}): Promise<TTeamProfit> {
  const { from, to, search, gameType, pageNo } = filter;
  return api.call(teamProfitEndpoint, { query: { from, to, search, gameType, pageNo, pageSize: TEAM_PROFIT_PAGE_SIZE } }, { signal });
}

/** The whole filter (range, search, game type, page) is the key: each is another answer. */
export const getTeamProfitQueryOptions = (filter: TTeamProfitFilter) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'profit', filter],
    queryFn: ({ signal }) => getTeamProfit(filter, { signal }),
    staleTime: 60_000,
  });

const sameList = (a: TTeamProfitFilter, b: TTeamProfitFilter) =>
  a.from === b.from && a.to === b.to && a.search === b.search && a.gameType === b.gameType;

/**
 * A page of the filter. Turning the page keeps the previous page on screen while the next loads; another range,
 * search or game type starts from the skeleton (its totals are another list's).
 */
export function useTeamProfit(filter: TTeamProfitFilter) {
  return useQuery({
    ...getTeamProfitQueryOptions(filter),
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey.at(-1) as TTeamProfitFilter | undefined;
      return before && sameList(before, filter) ? previous : undefined;
    },
  });
}
