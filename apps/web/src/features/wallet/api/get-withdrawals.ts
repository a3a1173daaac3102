import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getWithdrawals as withdrawalsEndpoint, type ZWithdrawalPage } from '@lotus/contracts/withdrawal';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

export const WITHDRAWAL_PAGE_SIZE = 15;
export type TWithdrawalPage = z.infer<typeof ZWithdrawalPage>;

/** The member's withdrawals (2.MC.05), newest first, with their status. */
export function getWithdrawals(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<TWithdrawalPage> {
  return api.call(withdrawalsEndpoint, { query: { page, pageSize: WITHDRAWAL_PAGE_SIZE } }, { signal });
}

export const getWithdrawalsQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...WALLET_QUERY_ROOT, 'withdrawals', page], queryFn: ({ signal }) => getWithdrawals(page, { signal }), staleTime: 10_000 });

export function useWithdrawals(page: number) {
  return useQuery({ ...getWithdrawalsQueryOptions(page), placeholderData: keepPreviousData });
}
