import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFavoriteIds as favoriteIdsEndpoint } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';
import { selectIsLoggedIn, useSession } from '@/lib/session/session-store';

/** The member's favourite ids (3.STO.06): the cache every card reads and the toggle updates. */
export const FAVORITE_IDS_KEY = [...MEMBER_QUERY_ROOT, 'favorites', 'ids'] as const;
export const FAVORITE_ROOT_KEY = [...MEMBER_QUERY_ROOT, 'favorites'] as const;

/** MCSFE_getFavoriteGames (7.RELAY.10, 7.PAR.04): the member's favourite game ids. */
export function getFavoriteIds({ signal }: { signal?: AbortSignal } = {}) {
  return api.call(favoriteIdsEndpoint, {}, { signal });
}

export const favoriteIdsQueryOptions = () =>
  queryOptions({ queryKey: FAVORITE_IDS_KEY, queryFn: ({ signal }) => getFavoriteIds({ signal }), staleTime: 60_000 });

/** The favourite ids as a set; empty for a visitor (no call without a token, 5.GATE). */
export function useFavoriteIds(): ReadonlySet<number> {
  const loggedIn = useSession(selectIsLoggedIn);
  const { data } = useQuery({ ...favoriteIdsQueryOptions(), enabled: loggedIn });
  return new Set(loggedIn ? (data?.ids ?? []) : []);
}
