import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THelpCenter } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';

/** /wps/system/helpCenter (7.SYS.05): categories and their articles, in the request language. */
export function getHelpCenter({ signal }: { signal?: AbortSignal } = {}): Promise<THelpCenter> {
  // The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
  return api.get('/wps/system/helpCenter', {
    lazySchema: () => import('@lotus/contracts/system').then((m) => m.ZHelpCenter),
    signal,
  });
}

export const helpCenterQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['system', 'helpCenter', language],
    queryFn: ({ signal }) => getHelpCenter({ signal }),
    staleTime: 10 * 60_000,
  });

export function useHelpCenter(language: string) {
  return useQuery(helpCenterQueryOptions(language));
}
