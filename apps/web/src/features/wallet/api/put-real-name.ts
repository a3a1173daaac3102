import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRealName } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

export type TRealNameInput = { realName: string; password: string };

/** PUT /wps/member/realName (enc): the real name, once, in capitals as on the bank account; the login password confirms it. */
export async function putRealName(input: TRealNameInput): Promise<{ realName: string }> {
  return postEnc('/wps/member/realName', input, ZRealName, 'PUT');
}

export function useSetRealNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRealName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
  });
}
