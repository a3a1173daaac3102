import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { mockApi, errorResponse, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { GameListScreen } from './components/game-list-screen';
import { GameFramePage } from './components/game-frame-page';

const game = (over: Partial<TCatalogueGame>): TCatalogueGame => ({
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
  ...over,
});

function renderList(games: TCatalogueGame[], launch: Parameters<typeof mockApi>[0][string]) {
  const launches: unknown[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/relay/GCSGAME_newGameVendor': () => [],
    '/wps/relay/GCSGAME_getVassGameType': () => [],
    '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids: [] }),
    '/wps/v2/wallets/balance': () => ({ balance: '0' }),
    '/wps/relay/GCSGAME_gameList': () => ({ games, total: games.length, totalPages: 1, pageNo: 1 }),
    '/wps/game/launchGame': (url, init) => {
      launches.push(JSON.parse(String(init?.body)));
      return launch(url, init);
    },
  });
  const view = renderWithProviders(
    <>
      <GameListScreen gameType="LIVE" />
      <DialogHost />
    </>,
    { route: '/live' },
  );
  return { ...view, launches };
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => useSession.getState().clear());
afterEach(() => closeAllDialogs());

describe('starting a game', () => {
  it('2.R.04 a non-slot game opens in a 1300x900 window pointed at the launch address', async () => {
    useSession.getState().setLogin(loginResult());
    const popup = { location: { href: 'about:blank' }, focus: vi.fn(), close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const { launches } = renderList([game({ gameType: 'LIVE', gameCode: 'BACCARAT' })], () => ({ url: 'https://live.example/table?t=9', nodeId: 1, gameType: 'LIVE' }));
    fireEvent.click(within(await screen.findByTestId('game-card-BACCARAT')).getByTestId('game-card-play'));
    await waitFor(() => expect(popup.location.href).toBe('https://live.example/table?t=9'));
    expect(open).toHaveBeenCalledWith('about:blank', expect.any(String), 'width=1300,height=900');
    expect(launches).toEqual([{ vendor: 'AAA', gameCode: 'BACCARAT', gameType: 'LIVE', platform: 'html5-desktop' }]);
  });

  it('4.GS.02 a lottery vendor goes to /lottery without a launch', async () => {
    const { location, launches } = renderList([game({ vassalage: 'LOTT', gameType: 'LOTT', gameCode: 'TH01' })], () => ({}));
    fireEvent.click(within(await screen.findByTestId('game-card-TH01')).getByTestId('game-card-play'));
    await waitFor(() => expect(location().pathname).toBe('/lottery'));
    expect(location().search).toBe('?gameCode=TH01&vendor=LOTT');
    expect(launches).toEqual([]);
  });

  it('5.GATE.03 a trial account refused a real-money game sees the real-account warning', async () => {
    useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 4 }) }));
    vi.stubGlobal('open', vi.fn(() => ({ location: { href: '' }, focus: vi.fn(), close: vi.fn() })));
    renderList([game({ gameType: 'LIVE', gameCode: 'ROULETTE' })], () => errorResponse('in_need_true_account', 403));
    fireEvent.click(within(await screen.findByTestId('game-card-ROULETTE')).getByTestId('game-card-play'));
    expect((await screen.findByTestId('dialog')).textContent).toContain('Please register a real account to use this feature');
  });
});

describe('/game frame', () => {
  it('2.R.25 opened directly, the frame launches the game of its query and shows it full size with a close control', async () => {
    useSession.getState().setLogin(loginResult());
    const launches: unknown[] = [];
    mockApi({
      '/wps/v2/wallets/balance': () => ({ balance: '0' }),
      '/wps/member/info': () => memberInfo(),
      '/wps/game/launchGame': (_url, init) => {
        launches.push(JSON.parse(String(init?.body)));
        return { url: 'https://slots.example/play?t=2', nodeId: 1, gameType: 'RNG' };
      },
    });
    const { location } = renderWithProviders(<GameFramePage />, { route: '/game?vendor=AAA&gameCode=G1&gameType=RNG' });
    const frame = await screen.findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe('https://slots.example/play?t=2');
    expect(launches).toEqual([{ vendor: 'AAA', gameCode: 'G1', gameType: 'RNG', platform: 'html5-desktop' }]);
    fireEvent.click(screen.getByTestId('game-frame-close'));
    await waitFor(() => expect(location().pathname).toBe('/rng'));
    expect(location().search).toBe('?vassalage=AAA');
  });

  it('the title bar names a game opened from a link: its heading and the document title (issue 25)', async () => {
    useSession.getState().setLogin(loginResult());
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/game/launchGame': () => ({ url: 'https://slots.example/play?t=3', nodeId: 1, gameType: 'RNG', gameName: 'Lotus Pond' }),
    });
    renderWithProviders(<GameFramePage />, { route: '/game?vendor=AAA&gameCode=G1&gameType=RNG' });
    await screen.findByTestId('game-frame');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lotus Pond');
    await waitFor(() => expect(document.title).toMatch(/^Lotus Pond/));
    expect(screen.getByRole('button', { name: 'Leave the game' })).toBeTruthy();
  });
});
