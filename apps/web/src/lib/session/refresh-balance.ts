import { useCallback } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MEMBER_QUERY_ROOT } from './get-member-info';

/**
 * The balance is part of member info (4.BAL, 3.MEM): refreshing it means marking member info stale,
 * so every view of it (the header bar, the member centre) fetches it again.
 */
export function invalidateMemberInfo(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_ROOT, 'info'] });
}

/**
 * The one balance refresh after a money-moving action (deposit, withdraw, transfer, game launch,
 * claim). A money mutation owns it:
 *
 *   const refreshBalance = useRefreshBalance();
 *   return useMutation({ mutationFn: postTransfer, onSuccess: refreshBalance });
 */
export function useRefreshBalance(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateMemberInfo(queryClient), [queryClient]);
}
