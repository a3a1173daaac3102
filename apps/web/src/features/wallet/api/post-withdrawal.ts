import { useMutation } from '@tanstack/react-query';
import { postWithdrawal as withdrawalEndpoint, type TWithdrawal, type TWithdrawalRequest } from '@lotus/contracts/withdrawal';
import { api } from '@/lib/api-client';
import { watchMoney } from '@/lib/session/money-watch';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * A withdrawal request (enc): amount, bank account, the payment password and, with two-factor
 * login on, the authenticator code; `requestKey` makes a repeated send answer the same withdrawal.
 */
export function postWithdrawal(input: TWithdrawalRequest): Promise<TWithdrawal> {
  return api.call(withdrawalEndpoint, { body: input });
}

/** A withdrawal holds money: the balance, the settings (today's count) and the history refresh. */
export function useWithdrawMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: postWithdrawal,
    onSuccess: () => {
      // The payout or rejection comes as a message: asked for often for a while.
      watchMoney();
      return refreshBalance();
    },
  });
}
