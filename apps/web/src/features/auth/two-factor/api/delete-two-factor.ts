import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { apiRequest } from '@/lib/api-client';
import { invalidateMemberInfo } from '@/lib/session/refresh-balance';

/**
 * DELETE /wps/member/2fa: turns two-factor login off with the current password and a current code
 * or a recovery code; the member's other sessions end (docs/adr/0020).
 */
export async function deleteTwoFactor(input: { code: string; password: string }): Promise<void> {
  await apiRequest('/wps/member/2fa', { method: 'DELETE', body: input, schema: ZDone });
}

/** Turns two-factor login off; member info (its twoFactorEnabled) is fetched again in the background. */
export function useDisableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTwoFactor,
    onSuccess: () => void invalidateMemberInfo(queryClient),
  });
}
