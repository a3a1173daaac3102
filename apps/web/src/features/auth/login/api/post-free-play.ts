import { ZLoginResult, type TLoginResult } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /wps/session/login/freeplay (7.AUTH.02; decision: os 'web', platform W): a trial account. */
export function postFreePlay(): Promise<TLoginResult> {
  return api.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' }, { schema: ZLoginResult });
}
