import { useMutation } from '@tanstack/react-query';
import { postWithdrawalReceipt as receiptEndpoint, type TWithdrawal, type TWithdrawalReceipt } from '@lotus/contracts/withdrawal';
import { api } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

/**
 * The member's answer to a paid-out withdrawal (4.WD.01/02): received, or not received with 1-3 proof
 * images (base64 png/jpg, at most 5 MB each) and a remark of at most 140 characters.
 */
export function postWithdrawalReceipt({ id, receipt }: { id: number; receipt: TWithdrawalReceipt }): Promise<TWithdrawal> {
  return api.call(receiptEndpoint, { params: { id }, body: receipt });
}

export function useWithdrawalReceiptMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: postWithdrawalReceipt, onSuccess: refreshBalance });
}
