import { postFreePlay as freePlayEndpoint, type TLoginResult } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** Free play (7.AUTH.02; decision: os 'web', platform W): a trial account. */
export function postFreePlay(): Promise<TLoginResult> {
  return api.call(freePlayEndpoint, { body: { os: 'web', platform: 'W' } });
}
