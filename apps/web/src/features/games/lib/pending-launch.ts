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
export const usePendingLaunch = create<{ game: TCatalogueGame | null; stage: TPendingStage }>(() => ({
  game: null,
  stage: 'login',
}));

/** A visitor tapped `game`: ask for the login sheet, then start it. */
export function launchAfterLogin(game: TCatalogueGame): void {
  usePendingLaunch.setState({ game, stage: 'login' });
}

export function setPendingStage(stage: TPendingStage): void {
  usePendingLaunch.setState({ stage });
}

export function forgetPendingLaunch(): void {
  usePendingLaunch.setState({ game: null, stage: 'login' });
}
