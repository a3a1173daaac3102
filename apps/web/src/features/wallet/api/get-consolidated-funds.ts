import { queryOptions, useQuery } from '@tanstack/react-query';
import { getConsolidatedFunds as consolidatedFundsEndpoint, type TConsolidatedFunds } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/** Consolidated funds (7.WAL.02): the main wallet, each vendor wallet and the total. */
export function getConsolidatedFunds({ signal }: { signal?: AbortSignal } = {}): Promise<TConsolidatedFunds> {
  return api.call(consolidatedFundsEndpoint, {}, { signal });
}

export const getConsolidatedFundsQueryOptions = () =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'funds'],
    queryFn: ({ signal }) => getConsolidatedFunds({ signal }),
    staleTime: 30_000,
  });

export function useConsolidatedFunds() {
  return useQuery(getConsolidatedFundsQueryOptions());
}
