import type { TCatalogueGame } from '@lotus/contracts/catalogue';

/** Vendors whose games open the lottery lobby rather than launching (4.GS.02). */
export const LOTTERY_VENDORS: readonly string[] = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'];

export type TLaunchTarget = 'lottery' | 'frame' | 'popup';

/**
 * Where a game opens (4.GS.02/03, decision 4.GS.05 in ADR 0052): lottery vendors and lottery game
 * types go to /lottery; slots (RNG) in the embedded frame /game; every other vendor's game in a
 * 1300x900 pop-up window (2.R.04).
 */
export function getLaunchTarget(game: Pick<TCatalogueGame, 'vassalage' | 'gameType'>): TLaunchTarget {
  if (LOTTERY_VENDORS.includes(game.vassalage) || game.gameType === 'LOTT' || game.gameType === 'ELOTT') return 'lottery';
  return game.gameType === 'RNG' ? 'frame' : 'popup';
}

/** The pop-up window of a non-slot game (2.R.04: 1300x900). */
export const GAME_POPUP = { name: 'lotus-game', width: 1300, height: 900 } as const;

/** Only an http(s) address may become a frame's or window's location. */
export function isSafeGameUrl(url: string): boolean {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
