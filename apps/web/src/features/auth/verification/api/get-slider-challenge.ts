import { getSliderChallenge as sliderEndpoint, type TSliderChallenge } from '@lotus/contracts/auth';
import { api } from '@/lib/api-client';

/** A new slider puzzle (decision 4.REG.09). Never cached: each is single use. */
export function getSliderChallenge({ signal }: { signal?: AbortSignal } = {}): Promise<TSliderChallenge> {
  return api.call(sliderEndpoint, {}, { signal });
}
