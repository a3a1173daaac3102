import { ZSliderChallenge, type TSliderChallenge } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** GET /wps/verification/slider: a new puzzle (decision 4.REG.09). Never cached: each is single use. */
export function getSliderChallenge({ signal }: { signal?: AbortSignal } = {}): Promise<TSliderChallenge> {
  return api.get('/wps/verification/slider', { schema: ZSliderChallenge, signal });
}
