import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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

/**
 * Per language (issue 25): the server answers a group's banners in the Language header's language
 * (their artwork and alternative text), so a language change asks again instead of keeping the old ones.
 */
export const getBannersQueryOptions = (group: TBannerGroup, language: string) =>
  queryOptions({
    queryKey: ['banners', group, language],
    queryFn: ({ signal }) => getBanners(group, { signal }),
    staleTime: 5 * 60_000,
  });

export function useBanners(group: TBannerGroup) {
  const { i18n } = useTranslation();
  return useQuery(getBannersQueryOptions(group, i18n.resolvedLanguage ?? i18n.language));
}
