import { useMutation } from '@tanstack/react-query';
import { resetPasswordByLink } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** Completes the mailed link with the new password (single use). */
export async function postResetByLink(input: { token: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  await api.call(resetPasswordByLink, { body: input });
}

/** Completes the mailed link (nothing cached changes). */
export function useResetByLinkMutation() {
  return useMutation({ mutationFn: postResetByLink });
}
