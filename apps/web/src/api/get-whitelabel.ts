import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWhitelabel } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

/** /wps/system/whitelabel (7.SYS.01): the site flags (3.FLAG; LOGINREQHOME3 = login-required home). */
export function getWhitelabel({ signal }: { signal?: AbortSignal } = {}): Promise<TWhitelabel> {
  return api.get('/wps/system/whitelabel', { lazySchema: () => import('@lotus/contracts/system').then((m) => m.ZWhitelabel), signal });
}

export const whitelabelQueryOptions = () =>
  queryOptions({
    queryKey: ['system', 'whitelabel'],
    queryFn: ({ signal }) => getWhitelabel({ signal }),
    ...SESSION_CACHE,
  });

export function useWhitelabel() {
  return useQuery(whitelabelQueryOptions());
}
