import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  getMissionLeaderboard as leaderboardEndpoint,
  getMissionSummary as summaryEndpoint,
  MISSION_LEADERBOARD_DEFAULT,
  type TLottoMissionPeriod,
} from '@lotus/contracts/lottery';
import { api } from '@/lib/api-client';
import { MEMBER_QUERY_ROOT } from '@/lib/session/get-member-info';

/**
 * MCSFE_getMissionSummaryDetails (7.RELAY.14, 1.CAT.03; docs/adr/0097): the lottery's daily and weekly play missions
 * with the member's progress. Member only.
 */
export function getMissionSummary(language: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.call(summaryEndpoint, { query: { language } }, { signal });
}

export const missionSummaryQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...MEMBER_QUERY_ROOT, 'lottoMissions', language],
    queryFn: ({ signal }) => getMissionSummary(language, { signal }),
    // A ticket bought in the frame moves it: asked again when the lobby is shown, and every minute.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useMissionSummary(language: string, enabled: boolean) {
  return useQuery({ ...missionSummaryQueryOptions(language), enabled });
}

/**
 * MCSFE_getMissionLeaderboard (7.RELAY.15, 1.CAT.04; docs/adr/0097): the members with the most lottery winnings of
 * the Bangkok day or week, usernames masked.
 */
export function getMissionLeaderboard(
  period: TLottoMissionPeriod,
  { signal }: { signal?: AbortSignal } = {},
) {
  return api.call(
    leaderboardEndpoint,
    { query: { period, limitNum: MISSION_LEADERBOARD_DEFAULT } },
    { signal },
  );
}

export const missionLeaderboardQueryOptions = (period: TLottoMissionPeriod) =>
  queryOptions({
    queryKey: ['relay', 'MCSFE_getMissionLeaderboard', period, MISSION_LEADERBOARD_DEFAULT],
    queryFn: ({ signal }) => getMissionLeaderboard(period, { signal }),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export function useMissionLeaderboard(period: TLottoMissionPeriod) {
  // The other period's board stays on screen while this one loads: the box does not jump.
  return useQuery({ ...missionLeaderboardQueryOptions(period), placeholderData: keepPreviousData });
}
