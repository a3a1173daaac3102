import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getDeposits as depositsEndpoint, type ZDepositPage } from '@lotus/contracts/cashier';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

export const DEPOSIT_PAGE_SIZE = 15;
export type TDepositPage = z.infer<typeof ZDepositPage>;

/** The member's deposits (2.MC.04), newest first, with their status. */
export function getDeposits(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<TDepositPage> {
  return api.call(depositsEndpoint, { query: { page, pageSize: DEPOSIT_PAGE_SIZE } }, { signal });
}

export const getDepositsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'deposits', page],
    queryFn: ({ signal }) => getDeposits(page, { signal }),
    staleTime: 10_000,
  });

export function useDeposits(page: number) {
  return useQuery({ ...getDepositsQueryOptions(page), placeholderData: keepPreviousData });
}
