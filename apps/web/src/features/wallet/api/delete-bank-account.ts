import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBankAccount as deleteBankAccountEndpoint } from '@lotus/contracts/withdrawal';
import { api } from '@/lib/api-client';
import { BANK_ACCOUNTS_KEY } from './get-bank-accounts';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

/** Removes a bound bank account (enc): the payment password confirms it. */
export async function deleteBankAccount({ id, paymentPassword }: { id: number; paymentPassword: string }): Promise<void> {
  await api.call(deleteBankAccountEndpoint, { params: { id }, body: { paymentPassword } });
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
