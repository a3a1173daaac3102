import { useMutation } from '@tanstack/react-query';
import { changePassword } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

export type TChangePasswordInput = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Changes the password (7.AUTH.12; token, enc; 3.LOG.06): ends the member's other sessions. */
export async function putPassword(input: TChangePasswordInput): Promise<void> {
  await api.call(changePassword, { body: input });
}

/** Changes the password (nothing cached changes: member info does not carry it). */
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: putPassword });
}
