import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAgentContracts as contractsEndpoint, type TAgentContracts } from '@lotus/contracts/agent';
import { api } from '@/lib/api-client';
import { CONTRACTS_QUERY_ROOT } from './query-keys';

/** Contracts (2.OTH.02): offers made to me and my contracts, and what I offered my downline agents. */
export function listAgentContracts({ signal }: { signal?: AbortSignal } = {}): Promise<TAgentContracts> {
  return api.call(contractsEndpoint, {}, { signal });
}

export const listAgentContractsQueryOptions = () =>
  queryOptions({
    queryKey: [...CONTRACTS_QUERY_ROOT, 'list'],
    queryFn: ({ signal }) => listAgentContracts({ signal }),
    // Read again whenever the page opens: the other party (an upline's offer, a downline's answer) changes it.
    staleTime: 0,
  });

export function useAgentContracts() {
  return useQuery(listAgentContractsQueryOptions());
}
