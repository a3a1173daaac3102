import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

export type TPaymentPasswordInput = { password: string; newPaymentPassword: string; confirmPaymentPassword: string };

/** PUT /wps/member/password/payment (enc): sets or changes the withdrawal password; the login password confirms it. */
export async function putPaymentPassword(input: TPaymentPasswordInput): Promise<void> {
  await postEnc('/wps/member/password/payment', input, ZDone, 'PUT');
}

export function useSetPaymentPasswordMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putPaymentPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
  });
}
