import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZGameMenus } from '@lotus/contracts/catalogue';
import { lazyEndpoint } from '@lotus/contracts/endpoint';
import { GAME_MENUS } from '@lotus/contracts/first-load';
import { api } from '@/lib/api-client';
import { SESSION_CACHE } from '@/lib/query-client';

export type TGameMenus = z.infer<typeof ZGameMenus>;

/** A first-load call: sent from its head, its schema loads meanwhile (docs/adr/0060). */
const gameMenusEndpoint = lazyEndpoint(GAME_MENUS, () => import('@lotus/contracts/catalogue').then((m) => m.getGameMenus));

/**
 * The game menus (7.GAME.01): HOT (the hot vendors) then each game type that has vendors,
 * with their vendors (2.LGN.01). Cached for the session like the vendor cards; a failure is quiet
 * (8.LOAD.04: the menu simply does not show).
 */
export function getGameMenus({
  language,
  signal,
}: {
  language: string;
  signal?: AbortSignal;
}): Promise<TGameMenus> {
  return api.call(gameMenusEndpoint, { query: { language } }, { signal });
}

export const gameMenusQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['lgw', 'game_menus', language],
    queryFn: ({ signal }) => getGameMenus({ language, signal }),
    ...SESSION_CACHE,
    meta: { silent: true },
  });

export function useGameMenus(language: string) {
  return useQuery(gameMenusQueryOptions(language));
}
