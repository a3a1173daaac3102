import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { closeLoginPopup, useLoginUi } from '@/features/auth/login/login-ui-store';
import { GameListScreen } from '@/features/games/components/game-list-screen';
import { PendingLaunch } from '@/features/games/components/pending-launch';
import { forgetPendingLaunch, usePendingLaunch } from '@/features/games/lib/pending-launch';
import { GameLoginBridge } from './game-login-bridge';

const game: TCatalogueGame = {
  nodeId: 1,
  gameId: 'G1',
  gameCode: 'G1',
  vassalage: 'AAA',
  gameType: 'RNG',
  gameName: 'Game one',
  gameClassify: 'VIDEO_SLOT',
  remark: '',
  gameMenuTag: 'VIDEO_SLOT',
  minBet: '0.20',
  lines: 25,
  imageUrl: '',
  isHot: 0,
  freePlay: false,
  status: 'ACTIVE',
  isGame: 'GAME',
};

function renderScreen() {
  const launches: unknown[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/relay/GCSGAME_newGameVendor': () => [],
    '/wps/relay/GCSGAME_getVassGameType': () => [],
    '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids: [] }),
    '/wps/v2/wallets/balance': () => ({ balance: '0' }),
    '/wps/relay/GCSGAME_gameList': () => ({ games: [game], total: 1, totalPages: 1, pageNo: 1 }),
    '/wps/game/launchGame': (_url, init) => {
      launches.push(JSON.parse(String(init?.body)));
      return { url: 'https://slots.example/play?t=1', nodeId: 1, gameType: 'RNG', gameName: 'Game one' };
    },
  });
  const view = renderWithProviders(
    <>
      <GameListScreen gameType="RNG" />
      <GameLoginBridge />
      <PendingLaunch />
    </>,
    { route: '/rng' },
  );
  return { ...view, launches };
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => useSession.getState().clear());
afterEach(() => {
  closeLoginPopup();
  forgetPendingLaunch();
});

describe('a visitor taps a game (issue 25)', () => {
  it('4.GS.01 the login sheet opens on the same page; after the login the game opens', async () => {
    const { location, launches } = renderScreen();
    fireEvent.click(within(await screen.findByTestId('game-card-G1')).getByTestId('game-card-play'));
    await waitFor(() => expect(useLoginUi.getState().popup.open).toBe(true));
    expect(location().pathname).toBe('/rng');
    expect(launches).toEqual([]);

    // The login finishes (the session, then the sheet closes): the game launches into /game.
    act(() => useSession.getState().setLogin(loginResult()));
    act(() => closeLoginPopup());
    await waitFor(() => expect(location().pathname).toBe('/game'));
    expect(location().search).toBe('?vendor=AAA&gameCode=G1&gameType=RNG');
    expect(launches).toHaveLength(1);
    expect(usePendingLaunch.getState().game).toBeNull();
  });

  it('closing the sheet without logging in forgets the game', async () => {
    const { location, launches } = renderScreen();
    fireEvent.click(within(await screen.findByTestId('game-card-G1')).getByTestId('game-card-play'));
    await waitFor(() => expect(useLoginUi.getState().popup.open).toBe(true));
    act(() => closeLoginPopup());
    await waitFor(() => expect(usePendingLaunch.getState().game).toBeNull());
    expect(location().pathname).toBe('/rng');
    expect(launches).toEqual([]);
  });
});
