import {
  LotteryPage as Lottery,
  type TLotteryLoginRequest,
} from '@/features/lottery/components/lottery-page';
import { launchAfterLogin, usePendingLaunch } from '@/features/games/lib/pending-launch';

/**
 * A visitor's lottery: the login sheet, then back to this game (the games feature keeps the game through
 * the login and the app layer's bridge opens the sheet: issue 25, docs/adr/0074). The game is started
 * again as a lottery game, which brings the member back to /lottery?gameCode=&vendor= (4.GS.02).
 */
function requestLogin({ gameCode, vendor }: TLotteryLoginRequest) {
  launchAfterLogin({
    nodeId: 0,
    vassalage: vendor,
    gameCode,
    gameType: 'LOTT',
    gameName: '',
    isGame: 'GAME',
  });
}

// Page group "lottery" (decision 4.CHK.02): /lottery?gameCode=&vendor=&playType=, the lottery in a frame.
export function LotteryPage() {
  const loginPending = usePendingLaunch((s) => s.game !== null);
  return <Lottery requestLogin={requestLogin} loginPending={loginPending} />;
}
