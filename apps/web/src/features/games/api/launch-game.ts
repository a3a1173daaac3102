import { useMutation, useQueryClient } from '@tanstack/react-query';
import { launchGame as launchGameEndpoint } from '@lotus/contracts/catalogue';
import type { TGameType } from '@lotus/contracts/constants';
import { PLATFORM } from '@lotus/contracts/brand';
import { api } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/session/refresh-balance';
import { RECENT_GAMES_KEY } from './get-recent-games';

export type TLaunchRequest = { vendor: string; gameCode: string; gameType: TGameType };

/**
 * The launch (7.GAME.03, decision 4.GS.05 in ADR 0038): the vendor's launch URL with a
 * one-time token. 'Game maintenance' and trial refusals come back as catalogue errors.
 */
export function launchGame(request: TLaunchRequest) {
  return api.call(launchGameEndpoint, { body: { ...request, platform: PLATFORM.vendor } });
}

export function useLaunchGameMutation() {
  const queryClient = useQueryClient();
  const refreshBalance = useRefreshBalance();
  return useMutation({
    mutationFn: launchGame,
    onSuccess: async () => {
      await Promise.all([refreshBalance(), queryClient.invalidateQueries({ queryKey: RECENT_GAMES_KEY })]);
    },
  });
}
