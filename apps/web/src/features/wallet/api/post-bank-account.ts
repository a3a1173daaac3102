import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postBankAccount as bankAccountEndpoint, type TBankAccount, type TBindBankAccount } from '@lotus/contracts/withdrawal';
import { api } from '@/lib/api-client';
import { BANK_ACCOUNTS_KEY } from './get-bank-accounts';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

/** Binds a bank account in the member's real name (enc): the payment password confirms it. */
export function postBankAccount(input: TBindBankAccount): Promise<TBankAccount> {
  return api.call(bankAccountEndpoint, { body: input });
}

export function useBindBankAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBankAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BANK_ACCOUNTS_KEY }),
        queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
      ]).then(() => undefined),
  });
}
