import { useCallback, useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from './get-member-info';
import { WALLET_QUERY_ROOT } from './get-wallet-balance';

/** Marks member info stale (its unread count, labels; it also carries a balance). */
export function invalidateMemberInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'info'] });
}

/**
 * The balance (4.BAL, 7.WAL.01) and everything the wallet shows (funds, the account record) are
 * member queries under WALLET_QUERY_ROOT; refreshing the balance marks them and member info stale,
 * so every view of them (the header bar, My wallet, the account record) fetches them again.
 */
export function invalidateBalance(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_ROOT }),
    invalidateMemberInfo(queryClient),
  ]).then(() => undefined);
}

/**
 * The one balance refresh after a money-moving action (deposit, withdraw, transfer, game launch,
 * claim), and the header's refresh button (4.BAL.03). A money mutation owns it:
 *
 *   const refreshBalance = useRefreshBalance();
 *   return useMutation({ mutationFn: postTransfer, onSuccess: refreshBalance });
 */
export function useRefreshBalance(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateBalance(queryClient), [queryClient]);
}

/**
 * Refreshes the balance when the component leaves the page: the game frame (/game), whose stakes and wins
 * move the balance while the header cannot see them, so the header is right again on leaving a game.
 */
export function useRefreshBalanceOnLeave(): void {
  const queryClient = useQueryClient();
  useEffect(() => () => void invalidateBalance(queryClient), [queryClient]);
}
