import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

/**
 * GET /wps/system/setting/register (7.SYS.02, 3.REG.12): the per-field registration rules (registration,
 * password changes, and the payment password rule of the withdraw page).
 */
export function getRegisterSettings({ signal }: { signal?: AbortSignal } = {}): Promise<TRegisterSettings> {
  // The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
  return api.get('/wps/system/setting/register', {
    lazySchema: () => import('@lotus/contracts/system').then((m) => m.ZRegisterSettings),
    signal,
  });
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
