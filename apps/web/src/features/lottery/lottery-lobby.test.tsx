import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TLottoGame } from '@lotus/contracts/lottery';
import type { TCatalogueGame } from '@lotus/contracts/catalogue';
import type { TVendorCard } from '@lotus/contracts/relay';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { loginResult, memberInfo } from '@/test/fixtures';
import { useSession } from '@/lib/session/session-store';
import { useAppStore } from '@/state/app-store';
import { lotteryFavoritesKey, readLotteryFavorites } from '@/state/lottery-favorites';
import { local } from '@/lib/storage';
import { LotteryLobby } from './components/lottery-lobby';
import { MenuTags } from './components/menu-tags';

const lotto = (over: Partial<TLottoGame> = {}): TLottoGame => ({
  gameCode: 'VN_MB',
  vassalage: 'LOTT',
  gameType: 'LOTT',
  gameGroupCode: 'VN_NORTH',
  names: { th: 'หวยฮานอย (เหนือ)', en: 'Vietnam North (Hanoi)', vi: 'Xổ số Miền Bắc' },
  numero: '20261207',
  remainTime: 15666,
  lockTime: 60,
  drawDayOfWeek: [1, 2, 3, 4, 5, 6, 7],
  winningTime: '2026-12-07T11:15:00.000Z',
  ...over,
});

const HCM = lotto({
  gameCode: 'VN_MN_HCM',
  gameGroupCode: 'VN_SOUTH',
  names: { th: 'หวยโฮจิมินห์', en: 'Vietnam Ho Chi Minh City' },
  drawDayOfWeek: [2, 7],
  remainTime: 8466,
});
const DT = lotto({
  gameCode: 'VN_MN_DT',
  gameGroupCode: 'VN_SOUTH',
  names: { th: 'หวยด่งท้าป', en: 'Vietnam Dong Thap' },
  drawDayOfWeek: [2],
});
const TH = lotto({
  gameCode: 'TH_GLO',
  gameGroupCode: 'TH',
  names: { th: 'หวยรัฐบาลไทย', en: 'Thai Government Lottery' },
  numero: '20261216',
  drawDayOfWeek: [4],
  remainTime: 780666,
});
const E5 = lotto({
  gameCode: 'ELOTT_5M',
  gameType: 'ELOTT',
  gameGroupCode: 'ELECTRONIC',
  names: { th: 'หวยอิเล็กทรอนิกส์ 5 นาที', en: 'Electronic lottery, every 5 minutes' },
  numero: '20261207164',
  remainTime: 36,
  lockTime: 5,
});
const MENUS = [
  { menu: 'VN_NORTH', games: [lotto()] },
  { menu: 'VN_SOUTH', games: [HCM, DT] },
  { menu: 'TH', games: [TH] },
  { menu: 'ELECTRONIC', games: [E5] },
];

const vendorCard = (title: TVendorCard['title'], ...codes: string[]): TVendorCard => ({
  title,
  cards: codes.map((vassalage) => ({
    gameType: title,
    vassalage,
    displayName: vassalage,
    accountTypeId: 1,
    isHot: 0,
    logoUrl: '',
  })),
});

const catalogueGame = (gameCode: string, gameType: 'LOTT' | 'ELOTT' = 'LOTT'): TCatalogueGame => ({
  nodeId: gameCode.length,
  gameId: gameCode,
  gameCode,
  vassalage: 'LOTT',
  gameType,
  gameName: gameCode,
  gameClassify: 'VN',
  remark: '',
  gameMenuTag: 'VN',
  minBet: '1.00',
  lines: 0,
  imageUrl: '',
  isHot: 0,
  freePlay: false,
  status: 'ACTIVE',
  isGame: 'GAME',
});

const inOneDay = new Date(Date.now() + 5 * 3_600_000 + 20 * 60_000 + 30_000).toISOString();
const MISSIONS = {
  list: [
    { missionCode: 'DAILY_TICKETS', period: 'DAILY', measure: 'TICKETS', title: 'Buy 3 lottery tickets today', target: '3', progress: '2', completed: false, endsAt: inOneDay },
    { missionCode: 'DAILY_STAKE', period: 'DAILY', measure: 'STAKE', title: 'Stake ฿100 on the lottery today', target: '100.00', progress: '100.00', completed: true, endsAt: inOneDay },
    { missionCode: 'WEEKLY_STAKE', period: 'WEEKLY', measure: 'STAKE', title: 'Stake ฿1,000 on the lottery this week', target: '1000.00', progress: '250.00', completed: false, endsAt: new Date(Date.now() + 3.5 * 86_400_000).toISOString() },
  ],
  completedCount: 1,
};

type Calls = { menus: URL[]; recent: URL[]; popular: URL[]; rank: URL[]; missions: URL[]; leaderboard: URL[] };

function renderLobby({
  cards = [vendorCard('LOTT', 'TCG_SEA', 'LOTT'), vendorCard('ELOTT', 'TCG_LOTTO_VN')],
  menus = MENUS,
  account = 'demo',
} = {}) {
  const calls: Calls = { menus: [], recent: [], popular: [], rank: [], missions: [], leaderboard: [] };
  mockApi({
    '/wps/member/info': () => memberInfo({ account }),
    '/wps/relay/GCSGAME_newGameVendor': () => cards,
    '/lgw/vn/games/game_menu': (url) => {
      calls.menus.push(url);
      const day = url.searchParams.get('drawDayOfWeek');
      if (!day || day === 'ALL') return menus;
      return menus.map((m) => ({
        ...m,
        games: m.games.filter((g) => g.drawDayOfWeek.includes(Number(day))),
      }));
    },
    '/lgw/vn/games/game_menu/recent': (url) => {
      calls.recent.push(url);
      return { list: [TH, lotto()] };
    },
    '/lgw/games/popular': (url) => {
      calls.popular.push(url);
      return {
        list:
          url.searchParams.get('gameType') === 'ELOTT'
            ? [catalogueGame('ELOTT_5M', 'ELOTT')]
            : [catalogueGame('VN_MN_DT'), catalogueGame('TH_GLO')],
      };
    },
    '/wps/relay/MCSFE_getMissionSummaryDetails': (url) => {
      calls.missions.push(url);
      return MISSIONS;
    },
    '/wps/relay/MCSFE_getMissionLeaderboard': (url) => {
      calls.leaderboard.push(url);
      const daily = url.searchParams.get('period') === 'DAILY';
      return {
        period: daily ? 'DAILY' : 'WEEKLY',
        startsAt: '2026-12-06T17:00:00.000Z',
        endsAt: daily ? '2026-12-07T17:00:00.000Z' : '2026-12-13T17:00:00.000Z',
        list: daily
          ? [{ rank: 1, account: 'da***y', winAmount: '120.00', wins: 1 }]
          : [
              { rank: 1, account: 'we***k', winAmount: '1172.00', wins: 3 },
              { rank: 2, account: 'al***e', winAmount: '590.00', wins: 1 },
            ],
      };
    },
    '/wps/relay/GCSGAME_getRankList': (url) => {
      calls.rank.push(url);
      return {
        list: Array.from({ length: 8 }, (_, i) => ({
          rank: i + 1,
          account: `me***${i}`,
          gameName: 'Lotus Pond',
          vassalage: 'HOUSE',
          gameType: 'RNG',
          amount: `${(9 - i) * 1000}.00`,
          winTime: '2026-12-07T05:00:00.000Z',
        })),
      };
    },
  });
  return { ...renderWithProviders(<LotteryLobby />, { route: '/vnlottery' }), calls };
}

const cardCodes = () =>
  within(screen.getByTestId('lottery-grid'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.closest('li')!.getAttribute('data-testid'));

beforeAll(async () => {
  await setTestLanguage('en');
});
beforeEach(() => {
  useSession.getState().clear();
  useAppStore.setState({ lotteryFavorites: { username: null, ids: [] } });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the lottery lobby (/vnlottery)', () => {
  it('2.LOB.01 3.PRZ.02 7.PAR.14 menus come from game_menu with the prize mode of the vendor cards and device WEB, as tags', async () => {
    const { calls } = renderLobby();
    expect(await screen.findByTestId('lottery-menu-VN_NORTH')).toBeTruthy();
    expect(screen.getByTestId('lottery-menu-VN_SOUTH').textContent).toContain('2');
    expect(screen.getByTestId('lottery-menu-TH')).toBeTruthy();
    expect(screen.getByTestId('lottery-menu-ELECTRONIC')).toBeTruthy();
    const query = calls.menus[0]!.searchParams;
    expect(query.get('prizeMode')).toBe('ELOTT');
    expect(query.get('device')).toBe('WEB');
    expect(query.get('drawDayOfWeek')).toBe('ALL');
    // The first menu is chosen; another menu shows its games.
    expect(screen.getByTestId('lottery-menu-VN_NORTH').getAttribute('aria-pressed')).toBe('true');
    expect(cardCodes()).toEqual(['lottery-game-VN_MB']);
    fireEvent.click(screen.getByTestId('lottery-menu-VN_SOUTH'));
    expect(cardCodes()).toEqual(['lottery-game-VN_MN_HCM', 'lottery-game-VN_MN_DT']);
  });

  it('3.PRZ.03 the lobby asks with LOTT when no card makes it ELOTT', async () => {
    const { calls } = renderLobby({ cards: [vendorCard('LOTT', 'TCG_SEA', 'LOTT')] });
    await screen.findByTestId('lottery-menu-VN_NORTH');
    expect(calls.menus[0]!.searchParams.get('prizeMode')).toBe('LOTT');
  });

  it('2.LOB.01 the menu tags show scroll arrows only with more than 7 menus', () => {
    const tags = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ menu: `M${i}`, label: `Menu ${i}`, count: 1 }));
    const seven = render(<MenuTags tags={tags(7)} value="M0" onChange={() => {}} />);
    expect(screen.queryByTestId('lottery-menus-next')).toBeNull();
    expect(screen.queryByTestId('lottery-menus-prev')).toBeNull();
    seven.unmount();
    render(<MenuTags tags={tags(8)} value="M0" onChange={() => {}} />);
    expect(screen.getByTestId('lottery-menus-next')).toBeTruthy();
    expect(screen.getByTestId('lottery-menus-prev')).toBeTruthy();
    expect(
      screen
        .getAllByRole('button', { pressed: false })
        .filter((b) => b.dataset.testid?.startsWith('lottery-menu-')),
    ).toHaveLength(7);
  });

  it('2.LOB.02 2.LOB.03 the weekday filter offers every day and 1-7 (Sunday..Saturday) and sends drawDayOfWeek', async () => {
    const { calls } = renderLobby();
    await screen.findByTestId('lottery-menu-VN_NORTH');
    expect(screen.getByTestId('lottery-weekday-all').getAttribute('aria-pressed')).toBe('true');
    expect(
      [1, 2, 3, 4, 5, 6, 7].map(
        (d) => screen.getByTestId(`lottery-weekday-${d}`).getAttribute('aria-label')!.split(' (')[0],
      ),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    fireEvent.click(screen.getByTestId('lottery-menu-VN_SOUTH'));
    fireEvent.click(screen.getByTestId('lottery-weekday-7'));
    await waitFor(() => expect(calls.menus.at(-1)!.searchParams.get('drawDayOfWeek')).toBe('7'));
    await waitFor(() => expect(cardCodes()).toEqual(['lottery-game-VN_MN_HCM']));
    expect(screen.getByTestId('lottery-weekday-7').getAttribute('aria-pressed')).toBe('true');
    // Thursday: nothing in the South, said so with the way back to every day.
    fireEvent.click(screen.getByTestId('lottery-weekday-5'));
    expect(await screen.findByText('No lottery draws on Thursday')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show every day' }));
    await waitFor(() => expect(cardCodes()).toEqual(['lottery-game-VN_MN_HCM', 'lottery-game-VN_MN_DT']));
  });

  it('2.LOB.04 the name search filters the loaded games by name', async () => {
    const { calls } = renderLobby();
    await screen.findByTestId('lottery-menu-VN_SOUTH');
    fireEvent.click(screen.getByTestId('lottery-menu-VN_SOUTH'));
    fireEvent.change(screen.getByTestId('lottery-search'), { target: { value: 'dong' } });
    expect(cardCodes()).toEqual(['lottery-game-VN_MN_DT']);
    fireEvent.change(screen.getByTestId('lottery-search'), { target: { value: 'zzz' } });
    expect(screen.getByTestId('lottery-empty').textContent).toContain('No lottery matches “zzz”');
    expect(calls.menus).toHaveLength(1);
  });

  it('3.GAME.04 4.LOT.05 4.GS.02 a card shows its name, the open number’s last 6 digits, the countdown to its lock and a play link to /lottery', async () => {
    renderLobby();
    const card = await screen.findByTestId('lottery-game-VN_MB');
    expect(within(card).getByRole('heading').textContent).toBe('Vietnam North (Hanoi)');
    expect(within(card).getByTestId('lottery-numero-VN_MB').textContent).toBe('261207');
    // 15666 s to the close, 60 s of lock: 4:20:06 to the lock.
    expect(within(card).getByTestId('lottery-countdown-VN_MB').textContent).toBe('04:20:06');
    expect(within(card).getByTestId('lottery-play-VN_MB').getAttribute('href')).toBe(
      '/lottery?gameCode=VN_MB&vendor=LOTT',
    );
    fireEvent.click(screen.getByTestId('lottery-menu-ELECTRONIC'));
    expect(screen.getByTestId('lottery-numero-ELOTT_5M').textContent).toBe('207164');
    expect(screen.getByTestId('lottery-play-ELOTT_5M').getAttribute('href')).toBe(
      '/lottery?gameCode=ELOTT_5M&vendor=LOTT',
    );
  });

  it('4.LOT.01-04 the countdown ticks, shows closed at the lock, and the list is asked again on the timer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderLobby();
    await screen.findByTestId('lottery-menu-ELECTRONIC');
    fireEvent.click(screen.getByTestId('lottery-menu-ELECTRONIC'));
    // 36 s to the close, 5 s of lock: 31 s to the lock; the timer is 30 s (capped).
    expect(screen.getByTestId('lottery-countdown-ELOTT_5M').textContent).toBe('00:00:31');
    expect(calls.menus).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(calls.menus).toHaveLength(2));
    expect(screen.getByTestId('lottery-countdown-ELOTT_5M').textContent).toBe('00:00:31');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByTestId('lottery-countdown-ELOTT_5M').textContent).toBe('00:00:02');
    expect(calls.menus).toHaveLength(2);
  });

  it('4.LOT.02 a lock passed shows closed', async () => {
    renderLobby({ menus: [{ menu: 'ELECTRONIC', games: [{ ...E5, remainTime: 4, lockTime: 5 }] }] });
    expect((await screen.findByTestId('lottery-countdown-ELOTT_5M')).textContent).toBe('Closed');
  });

  it('2.LOB.05 7.PAR.10 hot lists the popular lottery games (count 20 per lottery type), in their order', async () => {
    const { calls } = renderLobby();
    await screen.findByTestId('lottery-menu-VN_NORTH');
    fireEvent.click(screen.getByTestId('lottery-list-hot'));
    await waitFor(() =>
      expect(cardCodes()).toEqual(['lottery-game-VN_MN_DT', 'lottery-game-TH_GLO', 'lottery-game-ELOTT_5M']),
    );
    expect(
      calls.popular.map((u) => [
        u.searchParams.get('gameType'),
        u.searchParams.get('count'),
        u.searchParams.get('prizeMode'),
        u.searchParams.get('device'),
        u.searchParams.get('language'),
      ]),
    ).toEqual([
      ['LOTT', '20', 'ELOTT', 'WEB', 'en'],
      ['ELOTT', '20', 'ELOTT', 'WEB', 'en'],
    ]);
    expect(screen.getByTestId('lottery-menu-VN_NORTH').getAttribute('aria-pressed')).toBe('false');
  });

  it('5.GATE.01 a visitor is sent to log in for the fav and recent lists and for a favourite', async () => {
    const { location, calls } = renderLobby();
    fireEvent.click(await screen.findByTestId('lottery-fav-VN_MB'));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(useAppStore.getState().lotteryFavorites.ids).toEqual([]);
    expect(screen.getByTestId('lottery-fav-VN_MB').getAttribute('aria-pressed')).toBe('false');
    for (const list of ['fav', 'recent']) {
      fireEvent.click(screen.getByTestId(`lottery-list-${list}`));
      expect(screen.getByTestId(`lottery-list-${list}`).getAttribute('aria-pressed')).toBe('false');
    }
    expect(location().pathname).toBe('/login');
    expect(calls.recent).toEqual([]);
  });

  it('2.LOB.05 7.PAR.13 recent asks the member’s recent lottery games with recentCount 100', async () => {
    useSession.getState().setLogin(loginResult());
    const { calls } = renderLobby();
    await screen.findByTestId('lottery-menu-VN_NORTH');
    expect(calls.recent).toEqual([]);
    fireEvent.click(screen.getByTestId('lottery-list-recent'));
    await waitFor(() => expect(cardCodes()).toEqual(['lottery-game-TH_GLO', 'lottery-game-VN_MB']));
    const query = calls.recent[0]!.searchParams;
    expect([query.get('recentCount'), query.get('prizeMode'), query.get('device')]).toEqual([
      '100',
      'ELOTT',
      'WEB',
    ]);
  });

  it('4.FAV.04 3.STO.07 favourites are toggled on the card and kept on the device for each username', async () => {
    useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ account: 'alice' }) }));
    const first = renderLobby({ account: 'alice' });
    const star = await screen.findByTestId('lottery-fav-VN_MB');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(screen.getByTestId('lottery-fav-VN_MB').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('lottery-menu-TH'));
    fireEvent.click(screen.getByTestId('lottery-fav-TH_GLO'));
    expect(readLotteryFavorites(local, 'alice')).toEqual(['TH_GLO', 'VN_MB']);
    expect(useAppStore.getState().lotteryFavorites).toEqual({ username: 'alice', ids: ['TH_GLO', 'VN_MB'] });
    fireEvent.click(screen.getByTestId('lottery-list-fav'));
    expect(cardCodes()).toEqual(['lottery-game-TH_GLO', 'lottery-game-VN_MB']);
    first.unmount();

    // Another member on the same browser has a list of their own.
    useSession.getState().setLogin(loginResult({ token: 'tok-2', userInfo: memberInfo({ account: 'bob' }) }));
    renderLobby({ account: 'bob' });
    expect((await screen.findByTestId('lottery-fav-VN_MB')).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('lottery-list-fav'));
    expect(screen.getByTestId('lottery-empty').textContent).toContain('No favourite lotteries yet');
    expect(local.get(lotteryFavoritesKey('bob'))).toBeNull();
    expect(readLotteryFavorites(local, 'alice')).toEqual(['TH_GLO', 'VN_MB']);
  });

  it('1.CAT.03 7.RELAY.14 a member sees the daily and weekly missions with their progress; a visitor is asked to log in', async () => {
    const visitor = renderLobby();
    const guest = await screen.findByTestId('lottery-missions');
    expect(guest.textContent).toContain('Log in to play the daily and weekly lottery missions');
    expect(within(guest).getByTestId('lottery-missions-login')).toBeTruthy();
    expect(visitor.calls.missions).toHaveLength(0);
    visitor.unmount();

    useSession.getState().setLogin(loginResult({ token: 'tok-1', userInfo: memberInfo({ account: 'alice' }) }));
    const { calls } = renderLobby({ account: 'alice' });
    const tickets = await screen.findByTestId('lottery-mission-DAILY_TICKETS');
    expect(calls.missions[0]!.searchParams.get('language')).toBe('en');
    expect(screen.getByTestId('lottery-missions-count').textContent).toBe('1 of 3 done');
    const bar = within(tickets).getByRole('progressbar', { name: 'Buy 3 lottery tickets today' });
    expect(bar.getAttribute('aria-valuenow')).toBe('67');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 3');
    expect(tickets.textContent).toContain('Ends in 5 h 20 min');
    const stake = screen.getByTestId('lottery-mission-DAILY_STAKE');
    expect(stake.textContent).toContain('Done');
    expect(stake.textContent).toContain('฿100.00 / ฿100.00');
    const weekly = screen.getByTestId('lottery-mission-WEEKLY_STAKE');
    expect(weekly.textContent).toContain('฿250.00 / ฿1,000.00');
    expect(weekly.textContent).toContain('Ends in 3 days');
    expect(within(screen.getByTestId('lottery-missions')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Today',
      'This week',
    ]);
  });

  it('1.CAT.04 7.RELAY.15 the leaderboard ranks this week’s lottery winnings, and today’s on a tap', async () => {
    const { calls } = renderLobby();
    const board = await screen.findByTestId('lottery-leaderboard');
    await within(board).findByText('we***k');
    expect(calls.leaderboard[0]!.searchParams.get('period')).toBe('WEEKLY');
    expect(calls.leaderboard[0]!.searchParams.get('limitNum')).toBe('20');
    const rows = within(board).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['1we***k3 winswon ฿1,172.00', '2al***e1 winwon ฿590.00']);
    fireEvent.click(within(board).getByTestId('lottery-leaderboard-DAILY'));
    await within(board).findByText('da***y');
    expect(within(board).getByTestId('lottery-leaderboard-DAILY').getAttribute('aria-pressed')).toBe('true');
    expect(board.textContent).toContain('Most lottery winnings today');
  });

  it('1.CAT.04 7.PAR.12 the winner board (limit 50) is a scrolling list', async () => {
    const { calls } = renderLobby();
    const board = await screen.findByTestId('lottery-winner-board');
    await within(board).findAllByText('me***0');
    expect(calls.rank[0]!.searchParams.get('limitNum')).toBe('50');
    expect(calls.rank[0]!.searchParams.get('gameCategory')).toBe('ALL');
    expect(within(board).getByTestId('lottery-winner-track').className).toContain(
      'lotto-winners__track--scrolling',
    );
    // The loop's copy is hidden from assistive technology: the list is read once.
    expect(within(board).getAllByRole('listitem')).toHaveLength(8);
    expect(within(board).getByRole('list').textContent).toContain('฿9,000.00');
  });

  it('8.ERR a failed list says why in the catalogue’s words and offers a retry', async () => {
    mockApi({
      '/wps/relay/GCSGAME_newGameVendor': () => [],
      '/wps/relay/GCSGAME_getRankList': () => ({ list: [] }),
      '/lgw/vn/games/game_menu': () =>
        new Response(JSON.stringify({ success: false, message: 'system_maintenance', value: null }), {
          status: 503,
        }),
    });
    renderWithProviders(<LotteryLobby />, { route: '/vnlottery' });
    const retry = await screen.findByTestId('lottery-retry');
    expect(retry.closest('[data-testid="empty-state"]')!.textContent).toContain('System maintenance');
  });

  it('shows placeholders while loading and says when there is no lottery', async () => {
    renderLobby({ menus: [] });
    expect(screen.getByTestId('lottery-loading').children).toHaveLength(6);
    expect((await screen.findByTestId('lottery-empty')).textContent).toContain('No lottery to play yet');
  });
});
