import { useQuery } from '@tanstack/react-query';
import { getLoginChallenge as loginChallengeEndpoint, type TLoginChallenge } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * The login challenge (docs/adr/0031): whether the next password login from this address answers the
 * captcha; the form then shows it before the first submit, and skips the slider.
 */
export function getLoginChallenge(): Promise<TLoginChallenge> {
  return api.call(loginChallengeEndpoint);
}

export function useLoginChallenge(enabled: boolean) {
  return useQuery({ queryKey: ['login-challenge'], queryFn: getLoginChallenge, enabled, staleTime: 0, gcTime: 0, retry: false });
}
