import { ZLoginResult, type TLoginRequest, type TLoginResult } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';

/** The login call's input before defaults: what the form sends. */
export type TLoginInput = Omit<TLoginRequest, 'type' | 'portal'> & Partial<Pick<TLoginRequest, 'type' | 'portal'>>;

/** POST /wps/session/login (7.AUTH.01, enc): by username and password, or by SMS code. */
export function postLogin(input: TLoginInput): Promise<TLoginResult> {
  return postEnc('/wps/session/login', input, ZLoginResult);
}
