import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAgentNotices as noticesEndpoint, type TAgentNotice } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { AGENT_CENTRE_QUERY_ROOT } from './query-keys';

/** Announcement: the operators' notices to agents (notice type AG), in the agent's language. */
export function listAgentNotices({ signal }: { signal?: AbortSignal } = {}): Promise<TAgentNotice[]> {
  return api.call(noticesEndpoint, {}, { signal });
}

export const listAgentNoticesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...AGENT_CENTRE_QUERY_ROOT, 'notices', language],
    queryFn: ({ signal }) => listAgentNotices({ signal }),
    staleTime: 60_000,
  });

export function useAgentNotices(language: string) {
  return useQuery(listAgentNoticesQueryOptions(language));
}
