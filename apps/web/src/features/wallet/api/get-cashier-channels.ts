import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCashierChannels as cashierChannelsEndpoint, type TCashierChannel } from '@lotus/contracts/cashier';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/** The channels the member can deposit through (2.MC.04), with limits and what is left today. */
export function getCashierChannels({ signal }: { signal?: AbortSignal } = {}): Promise<TCashierChannel[]> {
  return api.call(cashierChannelsEndpoint, {}, { signal });
}

export const getCashierChannelsQueryOptions = () =>
  queryOptions({
    // Under the wallet root: what is left today changes with every deposit.
    queryKey: [...WALLET_QUERY_ROOT, 'cashier-channels'],
    queryFn: ({ signal }) => getCashierChannels({ signal }),
    staleTime: 30_000,
  });

export function useCashierChannels() {
  return useQuery(getCashierChannelsQueryOptions());
}
