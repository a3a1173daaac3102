import { useQueries } from '@tanstack/react-query';
import { BRAND } from '@lotus/contracts/brand';
import { getPopularGames as popularEndpoint } from '@lotus/contracts/catalogue';
import type { TPrizeMode } from '@lotus/contracts/lottery';
import { api } from '@/lib/api-client';

/** The lottery game types the hot list asks the popular call for (one call each: the call takes one type). */
const LOTTERY_TYPES = ['LOTT', 'ELOTT'] as const;
/** 7.PAR.10: the popular lottery call asks for 20. */
export const LOTTO_POPULAR_COUNT = 20;

/**
 * GET /lgw/games/popular (7.GAME.02, 7.PAR.10: count 20, prizeMode, device, language), once per lottery game
 * type: the lottery games most members launched in the last 7 days (ADR 0039, 0093).
 */
export function getLottoPopular(
  params: { gameType: (typeof LOTTERY_TYPES)[number]; prizeMode: TPrizeMode; language: string },
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.call(
    popularEndpoint,
    {
      query: {
        count: LOTTO_POPULAR_COUNT,
        gameType: params.gameType,
        prizeMode: params.prizeMode,
        device: BRAND.device,
        language: params.language,
      },
    },
    { signal },
  );
}

/** The hot list's keys (`vassalage:gameCode`), most popular first, LOTT's then ELOTT's; null while loading. */
export function useLottoPopular(prizeMode: TPrizeMode | null, language: string, enabled: boolean) {
  return useQueries({
    queries: LOTTERY_TYPES.map((gameType) => ({
      queryKey: ['lgw', 'games', 'popular', { gameType, prizeMode, language, count: LOTTO_POPULAR_COUNT }],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getLottoPopular({ gameType, prizeMode: prizeMode ?? 'LOTT', language }, { signal }),
      staleTime: 60_000,
      enabled: enabled && prizeMode !== null,
    })),
    combine: (results) => ({
      keys: results.every((r) => r.data)
        ? results.flatMap((r) => r.data!.list.map((g) => `${g.vassalage}:${g.gameCode}`))
        : null,
      isPending: results.some((r) => r.isPending),
      isError: results.some((r) => r.isError),
      error: results.find((r) => r.error)?.error ?? null,
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}
