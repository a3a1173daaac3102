import { ZLoginResult, type TLoginResult } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /wps/session/login/2fa: the second step of a login with two-factor (ticket + TOTP or recovery code). */
export function postLoginSecondFactor(input: { ticket: string; code: string }): Promise<TLoginResult> {
  return api.post('/wps/session/login/2fa', input, { schema: ZLoginResult });
}
