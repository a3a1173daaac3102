import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZLoginResult, type TLoginResult, type TRegisterRequest } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';
import { getMemberInfoQueryOptions } from '@/lib/session/get-member-info';
import { useSession } from '@/lib/session/session-store';
import type { RegisterTab } from '../register-rules';

/** The payload before the schema's defaults (registerMethod, login). */
export type TRegisterInput = Omit<TRegisterRequest, 'registerMethod' | 'login'> & Partial<Pick<TRegisterRequest, 'registerMethod' | 'login'>>;

/**
 * Registration (7.AUTH.07/08, enc; decision 7.AUTH.09): the username tab posts to
 * /wps/member/register, the mobile tab to /wps/member/register/mobile. The answer is a login
 * result (decision 4.REG.08: the new member is logged in at once).
 */
export function postRegister(tab: RegisterTab, input: TRegisterInput): Promise<TLoginResult> {
  const path = tab === 'mobile' ? '/wps/member/register/mobile' : '/wps/member/register';
  return postEnc(path, { ...input, registerMethod: 'WEB', login: true }, ZLoginResult);
}

/**
 * Registers and logs the new member in (4.REG.07/08): the session is stored and member info loaded
 * before the mutation resolves (a failed member info load does not undo the registration: the
 * header shows "balance updating" and retries).
 */
export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tab, input }: { tab: RegisterTab; input: TRegisterInput }) => postRegister(tab, input),
    onSuccess: async (result) => {
      useSession.getState().setLogin(result);
      await queryClient.fetchQuery(getMemberInfoQueryOptions(result.token)).catch(() => undefined);
    },
  });
}
