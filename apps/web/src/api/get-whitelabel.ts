import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { WHITELABEL } from '@lotus/contracts/first-load';
import type { TWhitelabel } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const whitelabelEndpoint = lazyEndpoint(WHITELABEL, () => import('@lotus/contracts/system').then((m) => m.getWhitelabel));

/** /wps/system/whitelabel (7.SYS.01): the site flags (3.FLAG; LOGINREQHOME3 = login-required home). */
export function getWhitelabel({ signal }: { signal?: AbortSignal } = {}): Promise<TWhitelabel> {
  return api.call(whitelabelEndpoint, {}, { signal });
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
