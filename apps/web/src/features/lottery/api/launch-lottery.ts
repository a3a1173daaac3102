import { useMutation } from '@tanstack/react-query';
import { PLATFORM } from '@lotus/contracts/brand';
import { launchGame as launchGameEndpoint } from '@lotus/contracts/catalogue';
import { api } from '@/lib/api-client';
import { useRefreshBalance } from '@/lib/session/refresh-balance';

export type TLotteryLaunch = {
  vendor: string;
  gameCode: string;
  playType?: string | undefined;
  /** The lobby's prize mode (3.PRZ.02/03), when the vendor cards have answered. */
  prizeMode?: string | undefined;
  language: string;
};

/**
 * The lottery's launch (7.GAME.03, 7.PAR.15) through POST /wps/game/launchGame: lottoArea VN, launchMode LOTT, the
 * prize mode, the game code, view betting (the page always names a game; without one it shows the lobby itself),
 * device WEB and the language; the play type as defaultPlayType. No backUrl: the vendor's back link would open the
 * site inside the frame; the frame's own bar leads back.
 */
export function launchLottery({ vendor, gameCode, playType, prizeMode, language }: TLotteryLaunch) {
  return api.call(launchGameEndpoint, {
    body: {
      vendor,
      gameCode,
      language,
      platform: PLATFORM.vendor,
      lottoArea: 'VN',
      launchMode: 'LOTT',
      view: 'betting',
      device: 'WEB',
      ...(prizeMode ? { prizeMode } : {}),
      ...(playType ? { defaultPlayType: playType } : {}),
    },
  });
}

export function useLaunchLotteryMutation() {
  const refreshBalance = useRefreshBalance();
  return useMutation({ mutationFn: launchLottery, onSuccess: refreshBalance });
}
