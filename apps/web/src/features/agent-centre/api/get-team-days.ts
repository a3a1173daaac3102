import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTeamDays as teamDaysEndpoint, type TTeamDays } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import type { TTeamDayRange } from '../lib/team-range';
import { TEAM_QUERY_ROOT } from './query-keys';

/**
 * Team betting (2.AC.01): the team's figures day by day over a range of Bangkok days, newest first, with totals and
 * the range's stakes, wins and net per game type (byGameType, most staked first).
 */
export function getTeamDays(range: TTeamDayRange, { signal }: { signal?: AbortSignal } = {}): Promise<TTeamDays> {
  return api.call(teamDaysEndpoint, { query: { from: range.from, to: range.to } }, { signal });
}

export const getTeamDaysQueryOptions = (range: TTeamDayRange) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'days', range.from, range.to],
    queryFn: ({ signal }) => getTeamDays(range, { signal }),
    // The team rollup moves every few minutes (asOf), like the overview's.
    staleTime: 60_000,
  });

/** The days of a range (a range the page has checked: see lib/team-range.ts). */
export function useTeamDays(range: TTeamDayRange) {
  return useQuery(getTeamDaysQueryOptions(range));
}
