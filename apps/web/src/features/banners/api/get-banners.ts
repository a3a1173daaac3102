import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { BANNERS } from '@lotus/contracts/first-load';
import type { TBanner, TBannerGroup } from '@lotus/contracts/system';
import { api } from '@/lib/api-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const bannersEndpoint = lazyEndpoint(BANNERS, () => import('@lotus/contracts/system').then((m) => m.listBanners));

/** GET /wps/system/banners?group=<group> (2.BAN, 3.ENT.01): the banners of one group, in order. */
export function getBanners(group: TBannerGroup, { signal }: { signal?: AbortSignal } = {}): Promise<TBanner[]> {
  return api.call(bannersEndpoint, { query: { group } }, { signal });
}

export const getBannersQueryOptions = (group: TBannerGroup) =>
  queryOptions({
    queryKey: ['banners', group],
    queryFn: ({ signal }) => getBanners(group, { signal }),
    staleTime: 5 * 60_000,
  });

export function useBanners(group: TBannerGroup) {
  return useQuery(getBannersQueryOptions(group));
}
