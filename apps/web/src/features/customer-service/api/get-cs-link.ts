import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { CS_LINK } from '@lotus/contracts/first-load';
import type { TCsLink, TCsType } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const csLinkEndpoint = lazyEndpoint(CS_LINK, () => import('@lotus/contracts/system').then((m) => m.getCsLink));

/**
 * GET /wps/system/customerService/link?csType=<csType> (decision 4.CS.07): the service link of a
 * channel, `version.pathList` whose type-3 entry carries the encrypted link (3.CS.01).
 */
export function getCsLink(csType: TCsType, { signal }: { signal?: AbortSignal } = {}): Promise<TCsLink> {
  return api.call(csLinkEndpoint, { query: { csType } }, { signal });
}

/** Links are fetched fresh on every click (they may rotate), so nothing is kept fresh in the cache. */
export const getCsLinkQueryOptions = (csType: TCsType) =>
  queryOptions({
    queryKey: ['customer-service', 'link', csType],
    queryFn: ({ signal }) => getCsLink(csType, { signal }),
    staleTime: 0,
  });

export function useCsLink(csType: TCsType, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCsLinkQueryOptions(csType), enabled });
}
