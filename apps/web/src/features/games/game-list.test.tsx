import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { GameListScreen } from './components/game-list-screen';
import { forgetPendingLaunch, usePendingLaunch } from './lib/pending-launch';
import { JackpotCounter } from './components/jackpot-counter';
import thGames from '@/i18n/locales/th/games.json';
import enGames from '@/i18n/locales/en/games.json';

const game = (i: number, over: Partial<TCatalogueGame> = {}): TCatalogueGame => ({
  nodeId: i,
  gameId: `G${i}`,
  gameCode: `G${i}`,
  vassalage: 'AAA',
  gameType: 'RNG',
  gameName: `Game ${i}`,
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

const typesOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    vassalage: `V${String.fromCharCode(65 + i)}${String.fromCharCode(65 + i)}`,
    gameType: 'RNG' as const,
    gameClassify: i === 0 ? ['CLASSIC_SLOT', 'VIDEO_SLOT'] : ['VIDEO_SLOT'],
    gameCount: 40,
  }));

type Calls = URL[];
function setup({ vendors = 2, route = '/rng', extra = {} }: { vendors?: number; route?: string; extra?: Parameters<typeof mockApi>[0] } = {}) {
  const lists: Calls = [];
  const fetchMock = mockApi({
    '/wps/relay/GCSGAME_newGameVendor': () => [],
    '/wps/relay/GCSGAME_getVassGameType': () => typesOf(vendors),
    '/wps/relay/GCSGAME_gameList': (url) => {
      lists.push(url);
      const page = Number(url.searchParams.get('pageNo'));
      return { games: Array.from({ length: 15 }, (_, i) => game(page * 100 + i)), total: 40, totalPages: 3, pageNo: page };
    },
    '/wps/relay/GCSGAME_hotGamesV2': () => ({ list: [game(7, { isHot: 1 })], footer: [] }),
    ...extra,
  });
  const view = renderWithProviders(
    <>
      <GameListScreen gameType="RNG" />
      <DialogHost />
    </>,
    { route },
  );
  const lastList = () => lists[lists.length - 1]!.searchParams;
  return { ...view, lists, lastList, fetchMock };
}

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => useSession.getState().clear());
afterEach(() => {
  closeAllDialogs();
  vi.useRealTimers();
});

describe('game list screen', () => {
  it('2.GL.06 9.C.02 the minimum-bet filter offers exactly all, 0.01, 0.05, 0.1, 0.5, 0.75 with the min-bet text', async () => {
    setup();
    const options = within(await screen.findByTestId('filter-minbet')).getAllByRole('button');
    expect(options.map((o) => o.textContent)).toEqual(['All', '0.01', '0.05', '0.1', '0.5', '0.75']);
    expect(screen.getByTestId('filter-minbet-text').textContent).toBe('Bets from ฿1, 25 lines or more');
  });

  it('2.GL.07 4.LIST.02 pages by 15; a new classification, name or minimum bet goes back to page 1', async () => {
    const { lastList, location } = setup();
    await screen.findByTestId('game-grid');
    expect(lastList().get('pageSize')).toBe('15');
    expect(lastList().get('pageNo')).toBe('1');
    expect(lastList().get('gameType')).toBe('RNG');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(lastList().get('pageNo')).toBe('3'));
    expect(location().search).toContain('page=3');

    fireEvent.change(screen.getByTestId('filter-classify'), { target: { value: 'CLASSIC_SLOT' } });
    await waitFor(() => expect(lastList().get('gameClassify')).toBe('CLASSIC_SLOT'));
    expect(lastList().get('pageNo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList().get('pageNo')).toBe('2'));
    fireEvent.change(screen.getByTestId('filter-name'), { target: { value: 'dragon' } });
    fireEvent.click(screen.getByTestId('filter-name-submit'));
    await waitFor(() => expect(lastList().get('gameName')).toBe('dragon'));
    expect(lastList().get('pageNo')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastList().get('pageNo')).toBe('2'));
    fireEvent.click(screen.getByTestId('filter-minbet-0.05'));
    await waitFor(() => expect(lastList().get('minBet')).toBe('0.05'));
    expect(lastList().get('pageNo')).toBe('1');
    expect(lastList().get('gameClassify')).toBe('CLASSIC_SLOT');
    expect(lastList().get('gameName')).toBe('dragon');
  });

  it('4.LIST.01 2.R.14 a new vendor resets the list type to all and lists that vendor; ?vassalage= selects it', async () => {
    const { lastList, location } = setup({ route: '/rng?vassalage=VAA' });
    await screen.findByTestId('game-grid');
    expect(lastList().get('vassalage')).toBe('VAA');
    expect(screen.getByTestId('vendor-tab-VAA').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('list-type-hot'));
    expect(await screen.findByTestId('game-card-G7')).toBeTruthy();
    expect(screen.getByTestId('list-type-hot').getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByTestId('vendor-tab-VBB'));
    await waitFor(() => expect(screen.getByTestId('list-type-all').getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(lastList().get('vassalage')).toBe('VBB'));
    expect(lastList().get('pageNo')).toBe('1');
    expect(location().search).toBe('?vassalage=VBB');
  });

  it('2.GL.02 no arrows on the vendor tabs with 7 vendors', async () => {
    setup({ vendors: 7 });
    await screen.findByTestId('vendor-tab-VGG');
    expect(screen.queryByTestId('vendor-tabs-next')).toBeNull();
    expect(screen.queryByTestId('vendor-tabs-prev')).toBeNull();
  });

  it('2.GL.02 arrows on the vendor tabs with 8 vendors', async () => {
    setup({ vendors: 8 });
    await screen.findByTestId('vendor-tab-VHH');
    expect(screen.getByTestId('vendor-tabs-next')).toBeTruthy();
    expect(screen.getByTestId('vendor-tabs-prev')).toBeTruthy();
  });

  it('2.GL.03 5.GATE.02 a visitor choosing fav goes to /login', async () => {
    const { location } = setup();
    fireEvent.click(await screen.findByTestId('list-type-fav'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('2.GL.03 5.GATE.02 a visitor choosing recent goes to /login', async () => {
    const { location } = setup();
    fireEvent.click(await screen.findByTestId('list-type-recent'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('5.GATE.01 a visitor favouriting a game goes to /login', async () => {
    const { location } = setup();
    const card = await screen.findByTestId('game-card-G100');
    fireEvent.click(within(card).getByTestId('game-card-fav'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
  });

  it('4.GS.01 a visitor starting a game stays on the page, the game kept for after the login (issue 25)', async () => {
    const { location } = setup();
    const card = await screen.findByTestId('game-card-G100');
    fireEvent.click(within(card).getByTestId('game-card-play'));
    await waitFor(() => expect(usePendingLaunch.getState().game?.gameCode).toBe('G100'));
    expect(location().pathname).toBe('/rng');
    forgetPendingLaunch();
  });

  it('4.FAV.01 4.FAV.02 4.FAV.03 a member toggles a favourite: a loader while it runs, then the local list says so', async () => {
    useSession.getState().setLogin(loginResult());
    let release: () => void = () => undefined;
    const changes: string[] = [];
    let ids: number[] = [];
    setup({
      extra: {
        '/wps/member/info': () => loginResult().userInfo,
        '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids }),
        '/wps/game/favorites/add': async (url) => {
          changes.push(url.pathname);
          await new Promise<void>((resolve) => (release = resolve));
          ids = [100];
          return { ids };
        },
        '/wps/game/favorites/remove': (url) => {
          changes.push(url.pathname);
          ids = [];
          return { ids };
        },
      },
    });
    const card = await screen.findByTestId('game-card-G100');
    const star = within(card).getByTestId('game-card-fav');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(await within(card).findByTestId('game-card-fav-loader')).toBeTruthy();
    act(() => release());
    await waitFor(() => expect(within(card).getByTestId('game-card-fav').getAttribute('aria-pressed')).toBe('true'));
    expect(within(card).queryByTestId('game-card-fav-loader')).toBeNull();
    fireEvent.click(within(card).getByTestId('game-card-fav'));
    await waitFor(() => expect(within(card).getByTestId('game-card-fav').getAttribute('aria-pressed')).toBe('false'));
    expect(changes).toEqual(['/wps/game/favorites/add', '/wps/game/favorites/remove']);
  });

  it("4.GS.03 a member's slot launch opens /game with the vendor's game", async () => {
    useSession.getState().setLogin(loginResult());
    const { location } = setup({
      extra: {
        '/wps/member/info': () => loginResult().userInfo,
        '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids: [] }),
        '/wps/v2/wallets/balance': () => ({ balance: '0' }),
        '/wps/game/launchGame': () => ({ url: 'https://vendor.example/play?t=1', nodeId: 100, gameType: 'RNG' }),
      },
    });
    const card = await screen.findByTestId('game-card-G100');
    fireEvent.click(within(card).getByTestId('game-card-play'));
    await waitFor(() => expect(location().pathname).toBe('/game'));
    expect(location().search).toBe('?vendor=AAA&gameCode=G100&gameType=RNG');
    expect((location().state as { url: string }).url).toBe('https://vendor.example/play?t=1');
  });

  it("8.ERR.13 a launch refused for maintenance says 'Game maintenance'", async () => {
    useSession.getState().setLogin(loginResult());
    setup({
      extra: {
        '/wps/member/info': () => loginResult().userInfo,
        '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids: [] }),
        '/wps/game/launchGame': () => errorResponse('game_maintenance', 503),
      },
    });
    const card = await screen.findByTestId('game-card-G100');
    fireEvent.click(within(card).getByTestId('game-card-play'));
    expect((await screen.findByTestId('dialog')).textContent).toContain('Game maintenance');
  });

  it("2.R.04 a non-slot game opens a 1300x900 window; a blocked window says 'Popup blocked. Please allow popups and try again.'", async () => {
    useSession.getState().setLogin(loginResult());
    const launches: string[] = [];
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    setup({
      extra: {
        '/wps/member/info': () => loginResult().userInfo,
        '/wps/relay/MCSFE_getFavoriteGames': () => ({ ids: [] }),
        '/wps/relay/GCSGAME_gameList': () => ({ games: [game(1, { gameType: 'RNG' }), game(2, { gameType: 'LIVE', gameCode: 'LIVE1' })], total: 2, totalPages: 1, pageNo: 1 }),
        '/wps/game/launchGame': (url) => {
          launches.push(url.pathname);
          return { url: 'https://vendor.example/live', nodeId: 2, gameType: 'LIVE' };
        },
      },
    });
    const card = await screen.findByTestId('game-card-LIVE1');
    fireEvent.click(within(card).getByTestId('game-card-play'));
    expect((await screen.findByTestId('dialog')).textContent).toContain('Popup blocked. Please allow popups and try again.');
    expect(open).toHaveBeenCalledWith('about:blank', expect.any(String), 'width=1300,height=900');
    expect(launches).toEqual([]);
  });

  it('3.STAT.09 a category without games says so', async () => {
    setup({ vendors: 0, extra: { '/wps/relay/GCSGAME_gameList': () => ({ games: [], total: 0, totalPages: 0, pageNo: 1 }) } });
    expect((await screen.findByTestId('game-list-empty')).textContent).toContain('No games in this category yet');
  });
});

describe('jackpot counter', () => {
  it('2.JP.02 2.JP.03 shows the currency symbol and grows by 165.11 every 3 seconds', async () => {
    vi.useFakeTimers();
    renderWithProviders(<JackpotCounter startMinor={1_000_000n} currencySymbol="฿" />);
    const value = screen.getByTestId('jackpot-value');
    expect(value.dataset.value).toBe('฿10,000.00');
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(value.dataset.value).toBe('฿10,000.00');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(value.dataset.value).toBe('฿10,165.11');
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(value.dataset.value).toBe('฿10,330.22');
  });

  it('2.JP.04 without a served value the start is derived from the time: later means more, by 165.11 per 3 s', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T06:00:00Z'));
    const first = renderWithProviders(<JackpotCounter />);
    const a = first.getByTestId('jackpot-value').dataset.value!;
    first.unmount();
    vi.setSystemTime(new Date('2026-11-26T06:00:30Z'));
    const second = renderWithProviders(<JackpotCounter />);
    const b = second.getByTestId('jackpot-value').dataset.value!;
    const amount = (s: string) => Math.round(Number(s.replace(/[^0-9.]/g, '')) * 100);
    expect(amount(b) - amount(a)).toBe(10 * 16511);
  });
});

describe('games translations', () => {
  const flatten = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? flatten(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
  it('1.I18N.03 every games string exists in Thai and English', () => {
    expect(flatten(enGames).sort()).toEqual(flatten(thGames).sort());
  });
});
