import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useAppStore } from '@/state/app-store';
import { LoginGameMenu } from './login-game-menu';

// What /lgw/games/game_menus answers (contracts ZGameMenus): HOT first, then the types with vendors.
const v = (vassalage: string, gameType: 'RNG' | 'LIVE' | 'FISH', isHot: 0 | 1 = 0) => ({
  vassalage,
  displayName: `${vassalage} name`,
  gameType,
  isHot,
  gameCount: 3,
});
const menus = [
  { menu: 'HOT', vendors: [v('HOUSE', 'RNG', 1), v('LIVEA', 'LIVE', 1)] },
  { menu: 'RNG', vendors: [v('HOUSE', 'RNG', 1), v('SLOTB', 'RNG')] },
  { menu: 'LIVE', vendors: [v('LIVEA', 'LIVE', 1)] },
  { menu: 'FISH', vendors: [v('FISHC', 'FISH')] },
];

function setup(answer: () => unknown = () => menus) {
  const fetchMock = mockApi({
    '/lgw/games/game_menus': answer,
    '/wps/relay/GCSGAME_newGameVendor': () => [
      {
        title: 'RNG',
        cards: [
          {
            gameType: 'RNG',
            vassalage: 'HOUSE',
            displayName: 'HOUSE name',
            accountTypeId: 1,
            isHot: 1,
            logoUrl: '/media/vendors/house.svg',
          },
        ],
      },
    ],
  });
  return { fetchMock, ...renderWithProviders(<LoginGameMenu />, { route: '/login' }) };
}

beforeAll(async () => {
  await setTestLanguage('en');
});

describe('login screen game menu', () => {
  it('2.LGN.01 7.GAME.01 shows Hot followed by the game types of /lgw/games/game_menus', async () => {
    const { fetchMock } = setup();
    expect(screen.getByTestId('login-game-menu-loading')).toBeTruthy();
    const menu = await screen.findByTestId('login-game-menu');
    expect(
      within(menu)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Hot', 'Slots', 'Live casino', 'Fishing']);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/lgw/games/game_menus'))).toBe(true);
  });

  it('2.LGN.02 Hot lists the hot vendors and a click opens /rng?vassalage=', async () => {
    const { location } = setup();
    const vendors = await screen.findByTestId('login-menu-vendors');
    expect(
      within(vendors)
        .getAllByRole('link')
        .map((a) => a.getAttribute('data-testid')),
    ).toEqual(['login-menu-vendor-HOUSE', 'login-menu-vendor-LIVEA']);
    expect(within(vendors).getByRole('link', { name: 'LIVEA name' })).toBeTruthy();
    // The hot LIVE vendor too: Hot always opens the slots page (spec 2.LGN.02).
    expect(screen.getByTestId('login-menu-vendor-LIVEA').getAttribute('href')).toBe('/rng?vassalage=LIVEA');
    fireEvent.click(screen.getByTestId('login-menu-vendor-HOUSE'));
    await waitFor(() => expect(location().pathname).toBe('/rng'));
    expect(location().search).toBe('?vassalage=HOUSE');
    expect(useAppStore.getState().selectedVendor).toMatchObject({ vassalage: 'HOUSE', gameType: 'RNG' });
  });

  it('2.LGN.03 choosing FISH goes to /fish', async () => {
    const { location } = setup();
    fireEvent.click(await screen.findByTestId('login-menu-FISH'));
    await waitFor(() => expect(location().pathname).toBe('/fish'));
  });

  it('2.LGN.04 another type lists its vendors; a slots vendor opens /rng?vassalage= and is stored', async () => {
    useAppStore.getState().selectVendor(null);
    const { location } = setup();
    fireEvent.click(await screen.findByTestId('login-menu-RNG'));
    expect(screen.getByTestId('login-menu-RNG').getAttribute('aria-pressed')).toBe('true');
    const vendors = screen.getByTestId('login-menu-vendors');
    expect(
      within(vendors)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/rng?vassalage=HOUSE', '/rng?vassalage=SLOTB']);
    // The hot vendor of a type shows the hot icon there.
    expect(
      within(screen.getByTestId('login-menu-vendor-HOUSE')).getByRole('img', { name: 'Hot' }),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId('login-menu-vendor-SLOTB')).queryByRole('img', { name: 'Hot' }),
    ).toBeNull();
    fireEvent.click(screen.getByTestId('login-menu-vendor-SLOTB'));
    await waitFor(() => expect(location().search).toBe('?vassalage=SLOTB'));
    expect(useAppStore.getState().selectedVendor).toMatchObject({ vassalage: 'SLOTB', gameType: 'RNG' });
  });

  it('2.HDR.11 decision: a non-slots vendor of the menu opens its category page with ?vassalage=', async () => {
    const { location } = setup();
    fireEvent.click(await screen.findByTestId('login-menu-LIVE'));
    fireEvent.click(screen.getByTestId('login-menu-vendor-LIVEA'));
    await waitFor(() => expect(location().pathname).toBe('/live'));
    expect(location().search).toBe('?vassalage=LIVEA');
  });

  it('8.LOAD.04 a failed menu call leaves no menu and no message', async () => {
    setup(() => errorResponse('unknown_error', 500));
    await waitFor(() => expect(screen.queryByTestId('login-game-menu-loading')).toBeNull());
    expect(screen.queryByTestId('login-game-menu')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
