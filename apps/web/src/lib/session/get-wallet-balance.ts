import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWalletBalance } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';
import { useSession } from './session-store';

/** Query key prefix of the member's wallet (balance, funds, account record): what a money movement makes stale. */
export const WALLET_QUERY_ROOT = [...MEMBER_QUERY_ROOT, 'wallet'] as const;

/**
 * GET /wps/v2/wallets/balance (7.WAL.01, 3.WAL.01): the member's balance, main plus vendor wallets.
 * The header shows it (4.BAL); zod loads on demand, since the header is on the first load.
 */
export function getWalletBalance({ signal }: { signal?: AbortSignal } = {}): Promise<TWalletBalance> {
  return api.get('/wps/v2/wallets/balance', { lazySchema: () => import('@lotus/contracts/wallet').then((m) => m.ZWalletBalance), signal });
}

export const getWalletBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...WALLET_QUERY_ROOT, 'balance', token],
    queryFn: ({ signal }) => getWalletBalance({ signal }),
    enabled: token !== null,
    staleTime: 30_000,
  });

/** The balance of the current session (disabled for a visitor). */
export function useWalletBalance() {
  const token = useSession((s) => s.token);
  return useQuery(getWalletBalanceQueryOptions(token));
}
