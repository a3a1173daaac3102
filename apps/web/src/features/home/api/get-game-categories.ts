import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGameCategories } from '@lotus/contracts/catalogue';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { GAME_CATEGORIES } from '@lotus/contracts/first-load';
import { api } from '@/lib/api-client';

/** A first-load call: sent from its head, its schema loads meanwhile (docs/adr/0060). */
const gameCategoriesEndpoint = lazyEndpoint(GAME_CATEGORIES, () =>
  import('@lotus/contracts/catalogue').then((m) => m.getGameCategories),
);

/**
 * /lgw/games/categories (docs/adr/0074): the game types a player can play now, each with the number of
 * providers that have a game open to play. The catalogue counts (the vendor cards list providers that may
 * have no game here). A failure is quiet: home then shows every category without a count.
 */
export function getGameCategories({ signal }: { signal?: AbortSignal } = {}): Promise<TGameCategories> {
  return api.call(gameCategoriesEndpoint, {}, { signal });
}

export const gameCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['lgw', 'games', 'categories'],
    queryFn: ({ signal }) => getGameCategories({ signal }),
    // A provider's games open and close during a session: read again after a minute.
    staleTime: 60_000,
    meta: { silent: true },
  });

export function useGameCategories() {
  return useQuery(gameCategoriesQueryOptions());
}
