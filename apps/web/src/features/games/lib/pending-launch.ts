import { create } from 'zustand';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';

/**
 * The game a visitor tapped (issue 25, ADR 0074), kept through the login sheet:
 * - `login`: the launcher asks for the sheet (the app layer's bridge opens it: features do not import
 *   each other);
 * - `waiting`: the sheet is open;
 * - `ready`: it closed on a member session (the login has finished, its move to home included):
 *   `PendingLaunch` starts the game. Closed without a login, the game is forgotten.
 */
export type TPendingStage = 'login' | 'waiting' | 'ready';

/**
 * What starting a game needs: a card's game, or the game named by a /game address a visitor opened
 * directly (a shared link, a bookmark), which has no card behind it.
 */
export type TLaunchableGame = Pick<TCatalogueGame, 'nodeId' | 'vassalage' | 'gameCode' | 'gameType' | 'gameName' | 'isGame'>;

export const usePendingLaunch = create<{ game: TLaunchableGame | null; stage: TPendingStage }>(() => ({
  game: null,
  stage: 'login',
}));

/** A visitor tapped `game`: ask for the login sheet, then start it. */
export function launchAfterLogin(game: TLaunchableGame): void {
  usePendingLaunch.setState({ game, stage: 'login' });
}

export function setPendingStage(stage: TPendingStage): void {
  usePendingLaunch.setState({ stage });
}

export function forgetPendingLaunch(): void {
  usePendingLaunch.setState({ game: null, stage: 'login' });
}
