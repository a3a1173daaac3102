import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMemberDeposit, type TDeposit } from '@lotus/contracts/cashier';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

/** While a deposit waits for its provider, how often the result page asks again. */
export const DEPOSIT_RESULT_POLL_MS = 2_000;

/** One of the member's deposits (the PSP's return lands on its result page; docs/adr/0073). */
export function getDeposit(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<TDeposit> {
  return api.call(getMemberDeposit, { params: { id } }, { signal });
}

export const getDepositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'deposit', id],
    queryFn: ({ signal }) => getDeposit(id, { signal }),
    // Asked again every 2 s while the payment is not settled (the provider's callback credits it).
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? DEPOSIT_RESULT_POLL_MS : false),
    retry: false,
  });

export function useDeposit(id: string) {
  return useQuery(getDepositQueryOptions(id));
}
