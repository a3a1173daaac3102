import { sendLoginSmsCode, sendRegistrationSmsCode } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * Which SMS call a form uses (decision 4.SMS.07): 'register' for registration, 'noLogin' for
 * SMS login and forgot-by-phone.
 */
export type SmsEndpoint = 'register' | 'noLogin';

const SMS_CALLS = { register: sendRegistrationSmsCode, noLogin: sendLoginSmsCode } as const;

export type SmsCodeRequest = { mobileNum: string; countryDialingCode: string; sliderToken?: string };

/** Sends an SMS code (7.AUTH.04/05): answers how long the code lives. */
export async function sendSmsCode(endpoint: SmsEndpoint, request: SmsCodeRequest): Promise<number> {
  const { expiredMinutes } = await api.call(SMS_CALLS[endpoint], { body: request });
  return expiredMinutes;
}
