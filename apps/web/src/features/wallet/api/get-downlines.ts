import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getDownlines as downlinesEndpoint, type TDownlineList } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

export const DOWNLINE_PAGE_SIZE = 10;

/** The agent's direct downlines (2.MC.06): the agent's direct downlines, by a username search. */
export function getDownlines(search: string, { signal }: { signal?: AbortSignal } = {}): Promise<TDownlineList> {
  return api.call(downlinesEndpoint, { query: { search, pageNo: 1, pageSize: DOWNLINE_PAGE_SIZE } }, { signal });
}

export const getDownlinesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, 'agent', 'downlines', search],
    queryFn: ({ signal }) => getDownlines(search, { signal }),
    staleTime: 30_000,
  });

/** `enabled` false (not an agent) asks nothing; the last list stays while a new search loads. */
export function useDownlines(search: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getDownlinesQueryOptions(search), placeholderData: keepPreviousData, enabled });
}
