import { useMutation } from '@tanstack/react-query';
import { resetPasswordByPhone } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * Forgot password by phone (7.AUTH.14, enc; 3.LOG.08, decision 3.LOG.09: the dialling code is sent too): the
 * SMS code of the no-login SMS call and the new password. Answers the account's username, to log in with the
 * new password (4.PWR.01).
 */
export async function postForgotByPhone(input: {
  mobileNum: string;
  countryDialingCode: string;
  verificationCode: string;
  newPassword: string;
}): Promise<string> {
  const { username } = await api.call(resetPasswordByPhone, { body: input });
  return username;
}

/** Resets the password with the SMS code (nothing cached changes; the login that follows stores the session). */
export function useResetByPhoneMutation() {
  return useMutation({ mutationFn: postForgotByPhone });
}
