import { useEffect } from 'react';
import { openLoginPopup, useLoginUi } from '@/features/auth/login/login-ui-store';
import { forgetPendingLaunch, setPendingStage, usePendingLaunch } from '@/features/games/lib/pending-launch';
import { isMember } from '@/lib/session/roles';
import { useSession } from '@/lib/session/session-store';

/**
 * A visitor who taps a game logs in in the login sheet on the same page, and the game then starts
 * (issue 25, docs/adr/0074). The games feature keeps the game; this bridge (the app layer: features do
 * not import each other) opens the sheet and, when it closes, marks the game ready on a member session
 * or forgets it. Mounted once by the main layout; stores only, nothing of either feature's screens.
 */
export function GameLoginBridge() {
  const stage = usePendingLaunch((s) => (s.game ? s.stage : null));
  const sheetOpen = useLoginUi((s) => s.popup.open);
  const member = useSession(isMember);
  useEffect(() => {
    if (stage === 'login') {
      if (member) {
        setPendingStage('ready');
        return;
      }
      openLoginPopup();
      setPendingStage('waiting');
    } else if (stage === 'waiting' && !sheetOpen) {
      if (member) setPendingStage('ready');
      else forgetPendingLaunch();
    }
  }, [stage, sheetOpen, member]);
  return null;
}
