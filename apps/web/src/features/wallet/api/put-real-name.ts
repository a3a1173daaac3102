import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setRealName } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { WITHDRAWAL_SETTINGS_KEY } from './get-withdrawal-settings';

export type TRealNameInput = { realName: string; password: string };

/** The real name (enc), once, in capitals as on the bank account; the login password confirms it. */
export async function putRealName(input: TRealNameInput): Promise<{ realName: string }> {
  return api.call(setRealName, { body: input });
}

export function useSetRealNameMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putRealName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WITHDRAWAL_SETTINGS_KEY }),
  });
}
