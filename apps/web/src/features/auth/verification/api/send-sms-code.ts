import { ZSmsSent } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/**
 * Which SMS endpoint a form uses (decision 4.SMS.07): 'register' for registration, 'noLogin' for
 * SMS login and forgot-by-phone.
 */
export type SmsEndpoint = 'register' | 'noLogin';

export type SmsCodeRequest = { mobileNum: string; countryDialingCode: string; sliderToken?: string };

/** POST /wps/verification/sms/{register|noLogin} (7.AUTH.04/05): answers how long the code lives. */
export async function sendSmsCode(endpoint: SmsEndpoint, request: SmsCodeRequest): Promise<number> {
  const { expiredMinutes } = await api.post(`/wps/verification/sms/${endpoint}`, request, { schema: ZSmsSent });
  return expiredMinutes;
}
