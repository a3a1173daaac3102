import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTeamOverview as teamOverviewEndpoint, type TTeamOverview, type TTeamRange } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { TEAM_QUERY_ROOT } from './query-keys';

/**
 * Team overview (2.AC.02): the whole team below the agent over a Bangkok range, the agent's income in it, its
 * affiliate code and its contract flags (3.CON.01).
 */
export function getTeamOverview(range: TTeamRange, { signal }: { signal?: AbortSignal } = {}): Promise<TTeamOverview> {
  return api.call(teamOverviewEndpoint, { query: { range } }, { signal });
}

export const getTeamOverviewQueryOptions = (range: TTeamRange) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'overview', range],
    queryFn: ({ signal }) => getTeamOverview(range, { signal }),
    // The server's rollups move every few minutes (asOf).
    staleTime: 60_000,
  });

export function useTeamOverview(range: TTeamRange) {
  return useQuery(getTeamOverviewQueryOptions(range));
}

/**
 * The contract flags and the affiliate code (the same in every range): read from today's overview, the one the
 * default page asks for, so the menu costs no call of its own.
 */
export function useAgentProfile() {
  return useQuery({
    ...getTeamOverviewQueryOptions('today'),
    select: (overview) => ({ contracts: overview.contracts, affiliateCode: overview.affiliateCode }),
  });
}
