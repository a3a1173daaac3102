import { queryOptions, useQuery } from '@tanstack/react-query';
import { PLATFORM } from '@lotus/contracts/brand';
import { GAME_TYPES, type TGameType } from '@lotus/contracts/constants';
import type { TGameVendor, TVendorCard } from '@lotus/contracts/relay';
import { relay } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

/**
 * GCSGAME_newGameVendor (7.RELAY.09): the vendor cards, one per game type (7.PAR.03: platform
 * defaults to html5-desktop). Cached for the session (7.PAR.25).
 * 8.LOAD.04: a failed vendor fetch rejects quietly — callers show nothing (no toast), and the
 * query is marked `meta.silent` so no global error handler announces it.
 */
export function getVendorCards({ signal }: { signal?: AbortSignal } = {}): Promise<TVendorCard[]> {
  return relay('GCSGAME_newGameVendor', { params: { platform: PLATFORM.vendor }, lazySchema: () => import('@lotus/contracts/relay').then((m) => m.ZVendorCards), signal });
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
