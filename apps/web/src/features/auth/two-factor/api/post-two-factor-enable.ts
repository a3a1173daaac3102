import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enableTwoFactor } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { invalidateMemberInfo } from '@/lib/session/refresh-balance';

/**
 * Confirms enrolment with the current password and a code; answers
 * the 10 recovery codes, once; the member's other sessions end (docs/adr/0020).
 */
export async function postTwoFactorEnable(input: { code: string; password: string }): Promise<string[]> {
  const { recoveryCodes } = await api.call(enableTwoFactor, { body: input });
  return recoveryCodes;
}

/** Enables two-factor login; member info (its twoFactorEnabled) is fetched again in the background. */
export function useEnableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTwoFactorEnable,
    onSuccess: () => void invalidateMemberInfo(queryClient),
  });
}
