import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';
import { BANK_ACCOUNTS_KEY } from './get-bank-accounts';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

/** DELETE /wps/cashier/bank-accounts/:id (enc): removes a bound account; the payment password confirms it. */
export async function deleteBankAccount({ id, paymentPassword }: { id: number; paymentPassword: string }): Promise<void> {
  await postEnc(`/wps/cashier/bank-accounts/${encodeURIComponent(String(id))}`, { paymentPassword }, ZDone, 'DELETE');
}

export function useRemoveBankAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBankAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_KEY }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
      ]).then(() => undefined),
  });
}
