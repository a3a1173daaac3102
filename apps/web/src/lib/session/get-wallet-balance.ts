import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { WALLET_BALANCE } from '@lotus/contracts/first-load';
import type { TWalletBalance } from '@lotus/contracts/wallet';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from './get-member-info';
import { useSession } from './session-store';

/** Query key prefix of the member's wallet (balance, funds, account record): what a money movement makes stale. */
export const WALLET_QUERY_ROOT = [...MEMBER_QUERY_ROOT, 'wallet'] as const;

/** The header's call: on the first load, so it is sent from its head while its schema loads (docs/adr/0060). */
const walletBalanceEndpoint = lazyEndpoint(WALLET_BALANCE, () => import('@lotus/contracts/wallet').then((m) => m.getWalletBalance));

/** The member's balance, main plus vendor wallets (7.WAL.01, 3.WAL.01); the header shows it (4.BAL). */
export function getWalletBalance({ signal }: { signal?: AbortSignal } = {}): Promise<TWalletBalance> {
  return api.call(walletBalanceEndpoint, {}, { signal });
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
