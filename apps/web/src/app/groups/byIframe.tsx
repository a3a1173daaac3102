// Page group "byIframe" (decision 4.CHK.02): /game, the embedded game frame.
export { GameFramePage } from '@/features/games/components/game-frame-page';
