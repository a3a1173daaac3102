import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBankAccounts as bankAccountsEndpoint, type ZBankAccountList } from '@lotus/contracts/withdrawal';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { WALLET_QUERY_ROOT } from '@/lib/session/get-wallet-balance';

export type TBankAccountList = z.infer<typeof ZBankAccountList>;
export const BANK_ACCOUNTS_KEY = [...WALLET_QUERY_ROOT, 'bank-accounts'] as const;

/** The member's bound bank accounts (2.MC.05), numbers masked, and the most allowed. */
export function getBankAccounts({ signal }: { signal?: AbortSignal } = {}): Promise<TBankAccountList> {
  return api.call(bankAccountsEndpoint, {}, { signal });
}

export const getBankAccountsQueryOptions = () =>
  queryOptions({ queryKey: BANK_ACCOUNTS_KEY, queryFn: ({ signal }) => getBankAccounts({ signal }), staleTime: 60_000 });

export function useBankAccounts() {
  return useQuery(getBankAccountsQueryOptions());
}
