import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { SideMenu } from '@/features/shell/components/side-menu';
import { RecentGamesList } from '@/features/games/components/recent-games-list';
import { VendorGamesPopupHost } from '@/features/games/components/vendor-games-popup-host';
import { useVendorPopup } from '@/features/games/lib/vendor-popup-store';
import { forgetPendingLaunch, usePendingLaunch } from '@/features/games/lib/pending-launch';

// The side menu's recent-games panel and the VASSALAGE popup game list as the layout composes them
// (app/layouts/main-layout.tsx): the shell's panel with the games feature's list in its slot.

const game = (over: Partial<TCatalogueGame>): TCatalogueGame => ({
  nodeId: 1,
  gameId: 'G1',
  gameCode: 'G1',
  vassalage: 'HOUSE',
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
  ...over,
});

type Calls = { recent: URL[]; lists: URL[]; launches: unknown[] };

function renderPanel({
  recent,
  vendorGames = [],
}: {
  recent: TCatalogueGame[];
  vendorGames?: TCatalogueGame[];
}) {
  const calls: Calls = { recent: [], lists: [], launches: [] };
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/v2/wallets/balance': () => ({ balance: '0' }),
    '/wps/relay/GCSGAME_newGameVendor': () => [
      {
        title: 'RNG',
        cards: [
          {
            gameType: 'RNG',
            vassalage: 'HOUSE',
            displayName: 'Lotus House',
            accountTypeId: 1,
            isHot: 1,
            logoUrl: '',
          },
        ],
      },
    ],
    '/wps/relay/GCS_recentGame': (url) => {
      calls.recent.push(url);
      return { list: recent, total: recent.length, totalPages: 1, pageNo: 1 };
    },
    '/wps/relay/GCSGAME_gameList': (url) => {
      calls.lists.push(url);
      const pageNo = Number(url.searchParams.get('pageNo'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const games = vendorGames.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return {
        games,
        total: vendorGames.length,
        totalPages: Math.ceil(vendorGames.length / pageSize),
        pageNo,
      };
    },
    '/wps/game/launchGame': (_url, init) => {
      calls.launches.push(JSON.parse(String(init?.body)));
      return { url: 'https://house.example/play?t=1', nodeId: 1, gameType: 'RNG' };
    },
  });
  const view = renderWithProviders(
    <>
      <SideMenu recentGames={<RecentGamesList />} />
      <VendorGamesPopupHost />
      <DialogHost />
    </>,
  );
  return { ...view, calls };
}

const panel = () => screen.getByTestId('recent-games-panel');

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  useSession.getState().clear();
  useVendorPopup.getState().close();
});

describe('side menu recent-games panel', () => {
  it('2.SIDE.01 expands on hover and collapses when the pointer leaves', async () => {
    renderPanel({ recent: [] });
    expect(screen.getByTestId('recent-games-tab').getAttribute('aria-expanded')).toBe('false');
    fireEvent.mouseEnter(panel());
    expect(screen.getByTestId('recent-games-tab').getAttribute('aria-expanded')).toBe('true');
    expect(within(panel()).getByRole('heading', { name: 'Recent games' })).toBeTruthy();
    fireEvent.mouseLeave(panel());
    expect(screen.getByTestId('recent-games-tab').getAttribute('aria-expanded')).toBe('false');
  });

  it('2.SIDE.03 decision: a visitor sees No data and a login prompt, and no recent-games call is made', async () => {
    const { calls } = renderPanel({ recent: [game({})] });
    fireEvent.focus(screen.getByTestId('recent-games-tab'));
    expect(within(screen.getByTestId('recent-games-empty')).getByText('No data')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(calls.recent).toEqual([]);
  });

  it('2.SIDE.02 7.PAR.08 a member without recent games sees No data (GCS_recentGame with clientType 3)', async () => {
    useSession.getState().setLogin(loginResult());
    const { calls } = renderPanel({ recent: [] });
    fireEvent.click(screen.getByTestId('recent-games-tab'));
    expect(within(await screen.findByTestId('recent-games-empty')).getByText('No data')).toBeTruthy();
    expect(calls.recent[0]!.searchParams.get('clientType')).toBe('3');
    expect(calls.recent[0]!.searchParams.get('pageNo')).toBe('1');
  });

  it('2.SIDE.01 4.GS.03 a member sees the games they launched and a click starts one in /game', async () => {
    useSession.getState().setLogin(loginResult());
    const { calls, location } = renderPanel({
      recent: [
        game({ nodeId: 7, gameCode: 'LOTUS_GOLD', gameName: 'Lotus Gold' }),
        game({ nodeId: 8, gameCode: 'JADE', gameName: 'Jade Dragon' }),
      ],
    });
    fireEvent.mouseEnter(panel());
    const list = await screen.findByTestId('recent-games-list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play Lotus Gold', 'Play Jade Dragon']);
    expect(within(list).getAllByText('Lotus House')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Play Lotus Gold' }));
    await waitFor(() => expect(location().pathname).toBe('/game'));
    expect(location().search).toBe('?vendor=HOUSE&gameCode=LOTUS_GOLD&gameType=RNG');
    expect(calls.launches).toEqual([
      { vendor: 'HOUSE', gameCode: 'LOTUS_GOLD', gameType: 'RNG', platform: 'html5-desktop' },
    ]);
  });

  it('2.SIDE.01 a click after the hover that opened the panel keeps it open; the next click closes it', async () => {
    renderPanel({ recent: [] });
    const tab = screen.getByTestId('recent-games-tab');
    // A mouse: the pointer enters (the panel opens and renders) before the button is pressed.
    fireEvent.mouseEnter(panel());
    fireEvent.pointerDown(tab);
    fireEvent.focus(tab);
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(tab);
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('false');
    // A tap: focus then the emulated hover, then the click; it opens and stays open.
    fireEvent.mouseLeave(panel());
    fireEvent.blur(tab);
    fireEvent.pointerDown(tab);
    fireEvent.focus(tab);
    fireEvent.mouseEnter(panel());
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('true');
  });

  it('2.SIDE.01 Enter on the focused tab closes the panel its focus opened, and opens it again', async () => {
    renderPanel({ recent: [] });
    const tab = screen.getByTestId('recent-games-tab');
    fireEvent.focus(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(tab, { key: 'Enter' });
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(tab, { key: 'Enter' });
    fireEvent.click(tab);
    expect(tab.getAttribute('aria-expanded')).toBe('true');
  });

  it('2.SIDE.01 Escape closes the panel opened from the keyboard', async () => {
    renderPanel({ recent: [] });
    fireEvent.focus(screen.getByTestId('recent-games-tab'));
    expect(screen.getByTestId('recent-games-tab').getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByTestId('recent-games-tab'), { key: 'Escape' });
    expect(screen.getByTestId('recent-games-tab').getAttribute('aria-expanded')).toBe('false');
  });
});

describe('VASSALAGE popup game list', () => {
  const vendorGames = Array.from({ length: 20 }, (_, i) =>
    game({
      nodeId: 100 + i,
      gameCode: `HG${String(i + 1).padStart(2, '0')}`,
      gameId: `HG${i + 1}`,
      gameName: `House game ${i + 1}`,
    }),
  );

  it('4.GS.04 2.GL.07 a VASSALAGE entry opens its vendor game list instead of launching, 15 a page', async () => {
    useSession.getState().setLogin(loginResult());
    const { calls } = renderPanel({
      recent: [game({ nodeId: 9, gameCode: 'HOUSE_LOBBY', gameName: 'Lotus House', isGame: 'VASSALAGE' })],
      vendorGames,
    });
    fireEvent.mouseEnter(panel());
    fireEvent.click(await screen.findByRole('button', { name: 'Play Lotus House' }));
    const popup = await screen.findByTestId('vendor-popup');
    expect(within(popup).getByText('Lotus House games')).toBeTruthy();
    const list = await within(popup).findByTestId('vendor-popup-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(15);
    expect(calls.launches).toEqual([]);
    const first = calls.lists[0]!.searchParams;
    expect([
      first.get('vassalage'),
      first.get('gameType'),
      first.get('pageSize'),
      first.get('pageNo'),
      first.get('clientType'),
    ]).toEqual(['HOUSE', 'RNG', '15', '1', '3']);

    fireEvent.click(within(popup).getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('vendor-popup-list')).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(calls.lists.at(-1)!.searchParams.get('pageNo')).toBe('2');
    expect(within(screen.getByTestId('vendor-popup-list')).getByText('House game 16')).toBeTruthy();
  });

  it('4.GS.04 4.GS.03 launching a game of the popup starts it and closes the popup', async () => {
    useSession.getState().setLogin(loginResult());
    const { calls, location } = renderPanel({ recent: [], vendorGames });
    useVendorPopup.getState().open({ vassalage: 'HOUSE', gameType: 'RNG', title: 'Lotus House' });
    const popup = await screen.findByTestId('vendor-popup');
    fireEvent.click(await within(popup).findByRole('button', { name: 'Play House game 3' }));
    await waitFor(() => expect(location().pathname).toBe('/game'));
    expect(calls.launches).toEqual([
      { vendor: 'HOUSE', gameCode: 'HG03', gameType: 'RNG', platform: 'html5-desktop' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('vendor-popup')).toBeNull());
  });

  it('4.GS.01 a visitor choosing a game in the popup is asked to log in on the page, the game kept, without a launch', async () => {
    const { calls, location } = renderPanel({ recent: [], vendorGames });
    useVendorPopup.getState().open({ vassalage: 'HOUSE', gameType: 'RNG', title: 'Lotus House' });
    fireEvent.click(await screen.findByRole('button', { name: 'Play House game 1' }));
    await waitFor(() => expect(usePendingLaunch.getState().game?.vassalage).toBe('HOUSE'));
    expect(location().pathname).not.toBe('/login');
    expect(calls.launches).toEqual([]);
    forgetPendingLaunch();
  });
});
