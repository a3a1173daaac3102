import { useMutation } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /wps/member/password/reset: completes the mailed link with the new password (single use). */
export async function postResetByLink(input: { token: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  await api.post('/wps/member/password/reset', input, { schema: ZDone });
}

/** Completes the mailed link (nothing cached changes). */
export function useResetByLinkMutation() {
  return useMutation({ mutationFn: postResetByLink });
}
