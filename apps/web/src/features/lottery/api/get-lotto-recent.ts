import { queryOptions, useQuery } from '@tanstack/react-query';
import { BRAND } from '@lotus/contracts/brand';
import {
  getLottoRecent as lottoRecentEndpoint,
  MAX_LOTTO_RECENT,
  type TPrizeMode,
} from '@lotus/contracts/lottery';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

/**
 * GET /lgw/vn/games/game_menu/recent (7.GAME.05, 7.PAR.13: prizeMode, device, recentCount 100): the lottery
 * games the member played most recently, newest first. Member only.
 */
export function getLottoRecent(prizeMode: TPrizeMode, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(
    lottoRecentEndpoint,
    { query: { prizeMode, device: BRAND.device, recentCount: MAX_LOTTO_RECENT } },
    { signal },
  );
}

export const lottoRecentQueryOptions = (prizeMode: TPrizeMode) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, 'lottoRecent', prizeMode],
    queryFn: ({ signal }) => getLottoRecent(prizeMode, { signal }),
    staleTime: 60_000,
  });

export function useLottoRecent(prizeMode: TPrizeMode | null, enabled: boolean) {
  return useQuery({
    ...lottoRecentQueryOptions(prizeMode ?? 'LOTT'),
    enabled: enabled && prizeMode !== null,
  });
}
