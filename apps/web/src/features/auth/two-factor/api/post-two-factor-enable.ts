import { ZRecoveryCodes } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /wps/member/2fa/enable: confirms enrolment with a code; answers the 10 recovery codes, once. */
export async function postTwoFactorEnable(code: string): Promise<string[]> {
  const { recoveryCodes } = await api.post('/wps/member/2fa/enable', { code }, { schema: ZRecoveryCodes });
  return recoveryCodes;
}
