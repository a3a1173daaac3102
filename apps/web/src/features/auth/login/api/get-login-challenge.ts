import { useQuery } from '@tanstack/react-query';
import { ZLoginChallenge, type TLoginChallenge } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * GET /wps/session/login/challenge (docs/adr/0031): whether the next password login from this
 * address answers the captcha; the form then shows it before the first submit, and skips the slider.
 */
export function getLoginChallenge(): Promise<TLoginChallenge> {
  return api.get('/wps/session/login/challenge', { schema: ZLoginChallenge });
}

export function useLoginChallenge(enabled: boolean) {
  return useQuery({ queryKey: ['login-challenge'], queryFn: getLoginChallenge, enabled, staleTime: 0, gcTime: 0, retry: false });
}
