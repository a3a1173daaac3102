import { useMutation } from '@tanstack/react-query';
import { ZWithdrawal, type TWithdrawal, type TWithdrawalRequest } from '@lotus/contracts/withdrawal';
import { postEnc } from '@/lib/session/post-enc';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * POST /wps/cashier/withdrawals (enc): amount, bank account, the payment password and, with two-factor
 * login on, the authenticator code; `requestKey` makes a repeated send answer the same withdrawal.
 */
export function postWithdrawal(input: TWithdrawalRequest): Promise<TWithdrawal> {
  return postEnc('/wps/cashier/withdrawals', input, ZWithdrawal);
}

/** A withdrawal holds money: the balance, the settings (today's count) and the history refresh. */
export function useWithdrawMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: postWithdrawal, onSuccess: refreshBalance });
}
