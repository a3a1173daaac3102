import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { HELP_CENTER } from '@lotus/contracts/first-load';
import type { THelpCenter } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const helpCenterEndpoint = lazyEndpoint(HELP_CENTER, () => import('@lotus/contracts/system').then((m) => m.getHelpCenter));

/** /wps/system/helpCenter (7.SYS.05): categories and their articles, in the request language. */
export function getHelpCenter({ signal }: { signal?: AbortSignal } = {}): Promise<THelpCenter> {
  return api.call(helpCenterEndpoint, {}, { signal });
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
