import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZBankAccount, type TBankAccount, type TBindBankAccount } from '@lotus/contracts/withdrawal';
import { postEnc } from '@/lib/session/post-enc';
import { BANK_ACCOUNTS_KEY } from './get-bank-accounts';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

/** POST /wps/cashier/bank-accounts (enc): binds an account in the member's real name; the payment password confirms it. */
export function postBankAccount(input: TBindBankAccount): Promise<TBankAccount> {
  return postEnc('/wps/cashier/bank-accounts', input, ZBankAccount);
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
