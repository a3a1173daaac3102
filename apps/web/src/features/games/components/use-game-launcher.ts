import { useState } from 'react';
import { useNavigate } from 'react-router';
import i18next from 'i18next';
import { paths } from '@/config/paths';
import { getErrorCode } from '@/lib/api-client';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { useTrialWarning } from '@/lib/session/use-guards';
import { isMember } from '@/lib/session/roles';
import { useSession } from '@/lib/session/session-store';
import { useLaunchGameMutation } from '../api/launch-game';
import { GAME_POPUP, getLaunchTarget, isSafeGameUrl } from '../lib/launch-target';
import { launchAfterLogin, type TLaunchableGame } from '../lib/pending-launch';
import { useVendorPopup } from '../lib/vendor-popup-store';

/** The location state /game reads: the launch URL the list already obtained. */
export type TGameFrameState = { url: string; name: string };

export function showLaunchError(error: unknown) {
  const t = i18next.getFixedT(null, 'games');
  return showDialog({ icon: 'warning', title: t('launch.failedTitle'), html: escapeHtml(getErrorText(error)), buttons: [{ label: t('launch.ok'), isDefault: true }] });
}

function showPopupBlocked() {
  const t = i18next.getFixedT(null, 'games');
  const text = i18next.t('popup_blocked', { ns: 'errors' });
  return showDialog({ icon: 'warning', title: t('launch.failedTitle'), html: escapeHtml(text), buttons: [{ label: t('launch.ok'), isDefault: true }] });
}

/**
 * Starting a game from a card (4.GS, decisions in ADR 0052): a visitor logs in in the login sheet on the
 * same page and the game then starts (4.GS.01; issue 25, ADR 0074: a page jump to /login lost the game);
 * lottery vendors open /lottery (4.GS.02); otherwise POST /wps/game/launchGame, then a slot opens in
 * /game and any other game in a 1300x900 pop-up window opened within the click (so the browser allows
 * it; 'Popup blocked...' when it does not). A VASSALAGE target (4.GS.04) opens its vendor's popup game
 * list instead (ADR 0057). 'Game maintenance' and the trial refusal are shown as dialogs
 * (the trial refusal with the register-a-real-account warning).
 */
export function useGameLauncher({ onLaunched }: { onLaunched?: () => void } = {}) {
  const navigate = useNavigate();
  const trialWarning = useTrialWarning();
  const mutation = useLaunchGameMutation();
  const openVendorPopup = useVendorPopup((s) => s.open);
  const [launching, setLaunching] = useState<number | null>(null);

  const fail = (error: unknown) => {
    if (getErrorCode(error) === 'in_need_true_account') void trialWarning();
    else void showLaunchError(error);
  };

  const launch = (game: TLaunchableGame) => {
    const target = getLaunchTarget(game);
    if (target === 'lottery') {
      void navigate(paths.lottery.getHref({ gameCode: game.gameCode, vendor: game.vassalage }));
      return;
    }
    // 4.GS.04: a VASSALAGE target lists its vendor's games in a popup instead of launching.
    if (game.isGame === 'VASSALAGE') {
      openVendorPopup({ vassalage: game.vassalage, gameType: game.gameType, title: game.gameName });
      return;
    }
    if (!isMember(useSession.getState())) {
      // The login sheet on this page, then the game (lib/pending-launch.ts).
      launchAfterLogin(game);
      return;
    }
    if (launching !== null) return;
    let popup: Window | null = null;
    if (target === 'popup') {
      popup = window.open('about:blank', GAME_POPUP.name, `width=${GAME_POPUP.width},height=${GAME_POPUP.height}`);
      if (!popup) {
        void showPopupBlocked();
        return;
      }
    }
    setLaunching(game.nodeId);
    mutation
      .mutateAsync({ vendor: game.vassalage, gameCode: game.gameCode, gameType: game.gameType })
      .then(({ url }) => {
        if (!isSafeGameUrl(url)) throw new Error('unsafe launch url');
        onLaunched?.();
        if (popup) {
          popup.location.href = url;
          popup.focus();
          return;
        }
        const state: TGameFrameState = { url, name: game.gameName };
        void navigate(paths.game.getHref({ vendor: game.vassalage, gameCode: game.gameCode, gameType: game.gameType }), { state });
      })
      .catch((error: unknown) => {
        popup?.close();
        fail(error);
      })
      .finally(() => setLaunching(null));
  };

  return { launch, launching };
}
