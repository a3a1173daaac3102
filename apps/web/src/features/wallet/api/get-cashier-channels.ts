import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCashierChannelList, type TCashierChannel } from '@lotus/contracts/cashier';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/** GET /wps/cashier/channels (2.MC.04): the channels the member can deposit through, with limits and what is left today. */
export function getCashierChannels({ signal }: { signal?: AbortSignal } = {}): Promise<TCashierChannel[]> {
  return api.get('/wps/cashier/channels', { schema: ZCashierChannelList, signal });
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
