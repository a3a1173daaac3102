import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDepositPage } from '@lotus/contracts/cashier';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

export const DEPOSIT_PAGE_SIZE = 15;
export type TDepositPage = z.infer<typeof ZDepositPage>;

/** GET /wps/cashier/deposits (2.MC.04): the member's deposits, newest first, with their status. */
export function getDeposits(page: number, { signal }: { signal?: AbortSignal } = {}): Promise<TDepositPage> {
  return api.get('/wps/cashier/deposits', { schema: ZDepositPage, params: { page, pageSize: DEPOSIT_PAGE_SIZE }, signal });
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
