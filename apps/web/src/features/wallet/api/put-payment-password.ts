import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePaymentPassword } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

export type TPaymentPasswordInput = { password: string; newPaymentPassword: string; confirmPaymentPassword: string };

/** Sets or changes the withdrawal password (enc); the login password confirms it. */
export async function putPaymentPassword(input: TPaymentPasswordInput): Promise<void> {
  await api.call(changePaymentPassword, { body: input });
}

export function useSetPaymentPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPaymentPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
  });
}
