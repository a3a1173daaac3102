import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postRegister as usernameEndpoint, postRegisterMobile as mobileEndpoint, type TLoginResult, type TRegisterRequest } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';
import { getMemberInfoQueryOptions } from '@/lib/session/get-member-info';
import { useSession } from '@/lib/session/session-store';
import type { RegisterTab } from '../register-rules';

/** The payload before the schema's defaults (registerMethod, login). */
export type TRegisterInput = Omit<TRegisterRequest, 'registerMethod' | 'login'> & Partial<Pick<TRegisterRequest, 'registerMethod' | 'login'>>;

/**
 * Registration (7.AUTH.07/08, enc; decision 7.AUTH.09): each tab has its own call. The answer is a login
 * result (decision 4.REG.08: the new member is logged in at once).
 */
export function postRegister(tab: RegisterTab, input: TRegisterInput): Promise<TLoginResult> {
  return api.call(tab === 'mobile' ? mobileEndpoint : usernameEndpoint, { body: { ...input, registerMethod: 'WEB', login: true } });
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
