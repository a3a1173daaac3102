import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVendorGameTypes as vendorGameTypesEndpoint } from '@lotus/contracts/catalogue';
import type { TGameType } from '@lotus/contracts/constants';
import { api } from '@/lib/api-client';

/** GCSGAME_getVassGameType (7.RELAY.08): the vendors with games of a type, their classifications and counts. */
export function getVendorGameTypes(gameType: TGameType, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(vendorGameTypesEndpoint, { query: { gameType } }, { signal });
}

export const vendorGameTypesQueryOptions = (gameType: TGameType) =>
  queryOptions({
    queryKey: ['relay', 'GCSGAME_getVassGameType', gameType],
    queryFn: ({ signal }) => getVendorGameTypes(gameType, { signal }),
    staleTime: 60_000,
  });

export function useVendorGameTypes(gameType: TGameType) {
  return useQuery(vendorGameTypesQueryOptions(gameType));
}
