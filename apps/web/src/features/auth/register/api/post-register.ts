import { ZLoginResult, type TLoginResult, type TRegisterRequest } from '@lotus/contracts/auth';
import { postEnc } from '@/lib/session/post-enc';
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
