import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTeamProfit as teamProfitEndpoint, type TTeamProfit } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import type { TTeamDayRange } from '../lib/team-range';
import { TEAM_QUERY_ROOT } from './query-keys';

export const TEAM_PROFIT_PAGE_SIZE = 20;

export type TTeamProfitFilter = TTeamDayRange & {
  /** A username or part of one ('' = everyone). */
  search: string;
  pageNo: number;
};

/** User profit and loss (2.AC.01): each team member who played in the range, most staked first, 20 a page. */
export function getTeamProfit(filter: TTeamProfitFilter, { signal }: { signal?: AbortSignal } = {}): Promise<TTeamProfit> {
  const { from, to, search, pageNo } = filter;
  return api.call(teamProfitEndpoint, { query: { from, to, search, pageNo, pageSize: TEAM_PROFIT_PAGE_SIZE } }, { signal });
}

export const getTeamProfitQueryOptions = (filter: TTeamProfitFilter) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'profit', filter],
    queryFn: ({ signal }) => getTeamProfit(filter, { signal }),
    staleTime: 60_000,
  });

const sameList = (a: TTeamProfitFilter, b: TTeamProfitFilter) => a.from === b.from && a.to === b.to && a.search === b.search;

/**
 * A page of the filter. Turning the page keeps the previous page on screen while the next loads; another range or
 * search starts from the skeleton (its totals are another list's).
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
