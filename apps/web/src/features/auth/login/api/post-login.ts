import { postLogin as loginEndpoint, type TLoginRequest, type TLoginResult } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** The login call's input before defaults: what the form sends. */
export type TLoginInput = Omit<TLoginRequest, 'type' | 'portal'> & Partial<Pick<TLoginRequest, 'type' | 'portal'>>;

/** Login (7.AUTH.01, enc): by username and password, or by SMS code. */
export function postLogin(input: TLoginInput): Promise<TLoginResult> {
  return api.call(loginEndpoint, { body: input });
}
