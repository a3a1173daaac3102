import { useMutation } from '@tanstack/react-query';
import { postWithdrawal as withdrawalEndpoint, type TWithdrawal, type TWithdrawalRequest } from '@lotus/contracts/withdrawal';
import { api } from '@/lib/api-client';
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
  return useMutation({ mutationFn: postWithdrawal, onSuccess: refreshBalance });
}
