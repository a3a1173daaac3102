import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listTeamMembers as teamMembersEndpoint, type TTeamMembers } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { TEAM_QUERY_ROOT } from './query-keys';

export const TEAM_PAGE_SIZE = 20;

export type TTeamMembersFilter = {
  /** Whose direct downlines ('' = mine). */
  parent: string;
  search: string;
  pageNo: number;
};

/** Team management: the direct downlines of `parent` (me or any member of my team), one level at a time. */
export function listTeamMembers(filter: TTeamMembersFilter, { signal }: { signal?: AbortSignal } = {}): Promise<TTeamMembers> {
  return api.call(teamMembersEndpoint, { query: { ...filter, pageSize: TEAM_PAGE_SIZE } }, { signal });
}

export const listTeamMembersQueryOptions = (filter: TTeamMembersFilter) =>
  queryOptions({
    queryKey: [...TEAM_QUERY_ROOT, 'members', filter],
    queryFn: ({ signal }) => listTeamMembers(filter, { signal }),
    staleTime: 30_000,
  });

/** The level of the filter; the previous page stays on screen while the next one loads. */
export function useTeamMembers(filter: TTeamMembersFilter) {
  return useQuery({ ...listTeamMembersQueryOptions(filter), placeholderData: keepPreviousData });
}
