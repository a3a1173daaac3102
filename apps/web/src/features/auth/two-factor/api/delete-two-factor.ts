import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableTwoFactor } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { invalidateMemberInfo } from '@/lib/session/refresh-balance';

/**
 * Turns two-factor login off with the current password and a current code
 * or a recovery code; the member's other sessions end (docs/adr/0020).
 */
export async function deleteTwoFactor(input: { code: string; password: string }): Promise<void> {
  await api.call(disableTwoFactor, { body: input });
}

/** Turns two-factor login off; member info (its twoFactorEnabled) is fetched again in the background. */
export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTwoFactor,
    onSuccess: () => void invalidateMemberInfo(queryClient),
  });
}
