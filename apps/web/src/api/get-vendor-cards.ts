import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLATFORM } from '@lotus/contracts/brand';
import { GAME_TYPES, type TGameType } from '@lotus/contracts/constants';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { VENDOR_CARDS } from '@lotus/contracts/first-load';
import type { TGameVendor, TVendorCard } from '@lotus/contracts/relay';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

// The schema loads on demand: zod stays out of the scripts a prerendered page runs before it hydrates.
const vendorCardsEndpoint = lazyEndpoint(VENDOR_CARDS, () => import('@lotus/contracts/relay').then((m) => m.getVendorCards));

/**
 * GCSGAME_newGameVendor (7.RELAY.09): the vendor cards, one per game type (7.PAR.03: platform
 * defaults to html5-desktop). Cached for the session (7.PAR.25).
 * 8.LOAD.04: a failed vendor fetch rejects quietly — callers show nothing (no toast), and the
 * query is marked `meta.silent` so no global error handler announces it.
 */
export function getVendorCards({ signal }: { signal?: AbortSignal } = {}): Promise<TVendorCard[]> {
  return api.call(vendorCardsEndpoint, { query: { platform: PLATFORM.vendor } }, { signal });
}

export const vendorCardsQueryOptions = () =>
  queryOptions({
    queryKey: ['relay', 'GCSGAME_newGameVendor', PLATFORM.vendor],
    queryFn: ({ signal }) => getVendorCards({ signal }),
    ...SESSION_CACHE,
    meta: { silent: true },
  });

export function useVendorCards() {
  return useQuery(vendorCardsQueryOptions());
}

/** Vendors per game type, every type present (empty when the server sent none). */
export function groupVendorsByType(cards: readonly TVendorCard[] | undefined): Record<TGameType, TGameVendor[]> {
  const byType = Object.fromEntries(GAME_TYPES.map((type) => [type, [] as TGameVendor[]])) as Record<
    TGameType,
    TGameVendor[]
  >;
  for (const card of cards ?? []) byType[card.title].push(...card.cards);
  return byType;
}

/** Every vendor once (a vendor may serve several types), in the order first seen. */
export function uniqueVendors(cards: readonly TVendorCard[] | undefined): TGameVendor[] {
  const seen = new Set<string>();
  const list: TGameVendor[] = [];
  for (const card of cards ?? []) {
    for (const vendor of card.cards) {
      if (!seen.has(vendor.vassalage)) {
        seen.add(vendor.vassalage);
        list.push(vendor);
      }
    }
  }
  return list;
}
