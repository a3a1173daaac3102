import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { REGISTER_SETTINGS } from '@lotus/contracts/first-load';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const registerSettingsEndpoint = lazyEndpoint(REGISTER_SETTINGS, () => import('@lotus/contracts/system').then((m) => m.getRegisterSettings));

/**
 * GET /wps/system/setting/register (7.SYS.02, 3.REG.12): the per-field registration rules (registration,
 * password changes, and the payment password rule of the withdraw page).
 */
export function getRegisterSettings({ signal }: { signal?: AbortSignal } = {}): Promise<TRegisterSettings> {
  return api.call(registerSettingsEndpoint, {}, { signal });
}

export const registerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'setting', 'register'],
    queryFn: ({ signal }) => getRegisterSettings({ signal }),
    ...SESSION_CACHE,
  });

export function useRegisterSettings() {
  return useQuery(registerSettingsQueryOptions());
}
