import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { CS_ENTRIES } from '@lotus/contracts/first-load';
import type { TCsEntry } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const csEntriesEndpoint = lazyEndpoint(CS_ENTRIES, () => import('@lotus/contracts/system').then((m) => m.listCsEntries));

/** GET /wps/system/customerService (3.CS.02): the configured channels with their positions. */
export function getCsEntries({ signal }: { signal?: AbortSignal } = {}): Promise<TCsEntry[]> {
  return api.call(csEntriesEndpoint, {}, { signal });
}

/** Site configuration: kept for the session (7.PAR.25). */
export const getCsEntriesQueryOptions = () =>
  queryOptions({
    queryKey: ['customer-service', 'entries'],
    queryFn: ({ signal }) => getCsEntries({ signal }),
    ...SESSION_CACHE,
  });

export function useCsEntries() {
  return useQuery(getCsEntriesQueryOptions());
}
