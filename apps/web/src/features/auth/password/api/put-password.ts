import { useMutation } from '@tanstack/react-query';
import { ZDone } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';

export type TChangePasswordInput = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** PUT /wps/member/password (7.AUTH.12; token, enc; 3.LOG.06): ends the member's other sessions. */
export async function putPassword(input: TChangePasswordInput): Promise<void> {
  await postEnc('/wps/member/password', input, ZDone, 'PUT');
}

/** Changes the password (nothing cached changes: member info does not carry it). */
export function useChangePasswordMutation() {
  return useMutation({ mutationFn: putPassword });
}
