import { postLoginSecondFactor as secondFactorEndpoint, type TLoginResult } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** The second step of a login with two-factor (ticket + TOTP or recovery code). */
export function postLoginSecondFactor(input: { ticket: string; code: string }): Promise<TLoginResult> {
  return api.call(secondFactorEndpoint, { body: input });
}
