import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TVendorCard } from '@lotus/contracts/relay';
import { errorResponse, mockApi, renderWithProviders } from '@/test/render';
import { useAppStore } from '@/state/app-store';
import { NavBar } from './nav-bar';

const vendor = (type: TVendorCard['title'], i: number, isHot: 0 | 1 = 0) => ({
  gameType: type,
  vassalage: `${type}_V${i}`,
  displayName: `${type} Vendor ${i}`,
  accountTypeId: i,
  isHot,
  logoUrl: `/media/vendors/${type}_${i}.png`,
});

const cards: TVendorCard[] = [
  { title: 'RNG', cards: Array.from({ length: 35 }, (_, i) => vendor('RNG', i, i < 2 ? 1 : 0)) },
  { title: 'LIVE', cards: [vendor('LIVE', 1, 1), vendor('LIVE', 2)] },
  { title: 'FISH', cards: [vendor('FISH', 1)] },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup() {
  const fetchMock = mockApi({ '/wps/relay/GCSGAME_newGameVendor': () => cards });
  const view = renderWithProviders(<NavBar id="main-nav" open compact={false} onNavigate={() => undefined} />);
  return { fetchMock, ...view };
}

describe('nav bar', () => {
  it('2.HDR.05 lists Home, every category, Promotions (event) and App download in order', async () => {
    setup();
    const nav = screen.getByRole('navigation');
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('data-testid'));
    expect(links).toEqual([
      'nav-home',
      'nav-category-RNG',
      'nav-category-LIVE',
      'nav-category-SPORTS',
      'nav-category-ESPORTS',
      'nav-category-FISH',
      'nav-category-PVP',
      'nav-category-LOTT',
      'nav-category-ELOTT',
      'nav-category-COCKFIGHT',
      'nav-event',
      'nav-download',
    ]);
  });

  it('2.HDR.06/07 hovering a category shows at most 30 vendors in three columns of 10', async () => {
    const { fetchMock } = setup();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('platform')).toBe('html5-desktop');
    fireEvent.mouseEnter(screen.getByTestId('nav-category-RNG').closest('li')!);
    const dropdown = await screen.findByTestId('vendor-dropdown-RNG');
    await waitFor(() => expect(within(dropdown).getAllByTestId('vendor-column')).toHaveLength(3));
    const columns = within(dropdown).getAllByTestId('vendor-column');
    expect(columns.map((c) => within(c).getAllByRole('link').length)).toEqual([10, 10, 10]);
    expect(within(dropdown).getAllByRole('link')).toHaveLength(30);
  });

  it('2.HDR.09 a vendor with isHot 1 shows the hot icon, others none', async () => {
    setup();
    fireEvent.mouseEnter(screen.getByTestId('nav-category-RNG').closest('li')!);
    const dropdown = await screen.findByTestId('vendor-dropdown-RNG');
    await waitFor(() => expect(within(dropdown).getAllByTestId('hot-icon')).toHaveLength(2));
    expect(within(screen.getByTestId('vendor-item-RNG_V0')).getByTestId('hot-icon')).toBeTruthy();
    expect(within(screen.getByTestId('vendor-item-RNG_V5')).queryByTestId('hot-icon')).toBeNull();
  });

  it('2.HDR.08 FISH has no dropdown', async () => {
    setup();
    await screen.findByTestId('nav-toggle-RNG');
    fireEvent.mouseEnter(screen.getByTestId('nav-category-FISH').closest('li')!);
    expect(screen.queryByTestId('vendor-dropdown-FISH')).toBeNull();
    expect(screen.queryByTestId('nav-toggle-FISH')).toBeNull();
  });

  it('2.HDR.06 keyboard focus opens the dropdown and Escape closes it', async () => {
    setup();
    await screen.findByTestId('nav-toggle-LIVE');
    fireEvent.focus(screen.getByTestId('nav-category-LIVE'));
    expect(await screen.findByTestId('vendor-dropdown-LIVE')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('nav-category-LIVE'), { key: 'Escape' });
    expect(screen.queryByTestId('vendor-dropdown-LIVE')).toBeNull();
  });

  it('2.HDR.10 clicking a slots vendor stores it and opens /rng?vassalage=', async () => {
    const { location } = setup();
    fireEvent.mouseEnter(screen.getByTestId('nav-category-RNG').closest('li')!);
    const item = await screen.findByTestId('vendor-item-RNG_V3');
    fireEvent.click(item);
    expect(useAppStore.getState().selectedVendor).toMatchObject({ vassalage: 'RNG_V3', gameType: 'RNG' });
    await waitFor(() => expect(location().pathname).toBe('/rng'));
    expect(location().search).toBe('?vassalage=RNG_V3');
  });

  it('2.HDR.11 decision: a non-slots vendor opens its category page with ?vassalage=', async () => {
    const { location } = setup();
    fireEvent.mouseEnter(screen.getByTestId('nav-category-LIVE').closest('li')!);
    fireEvent.click(await screen.findByTestId('vendor-item-LIVE_V2'));
    await waitFor(() => expect(location().pathname).toBe('/live'));
    expect(location().search).toBe('?vassalage=LIVE_V2');
  });

  it('2.HDR.06 on the phone menu (compact) a tap on the toggle opens the dropdown with reachable vendor links', async () => {
    mockApi({ '/wps/relay/GCSGAME_newGameVendor': () => cards });
    const { location } = renderWithProviders(<NavBar id="main-nav" open compact onNavigate={() => undefined} />);
    const toggle = await screen.findByTestId('nav-toggle-RNG');
    // Hover does nothing on the phone menu; the tap does.
    fireEvent.mouseEnter(screen.getByTestId('nav-category-RNG').closest('li')!);
    expect(screen.queryByTestId('vendor-dropdown-RNG')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const dropdown = await screen.findByTestId('vendor-dropdown-RNG');
    expect(within(dropdown).getAllByRole('link').every((a) => a.tabIndex === 0)).toBe(true);
    fireEvent.click(within(dropdown).getByTestId('vendor-item-RNG_V1'));
    await waitFor(() => expect(location().search).toBe('?vassalage=RNG_V1'));
    expect(location().pathname).toBe('/rng');
  });

  it('2.HDR.06 ArrowDown on a category link opens its dropdown for the keyboard', async () => {
    setup();
    await screen.findByTestId('nav-toggle-LIVE');
    fireEvent.keyDown(screen.getByTestId('nav-category-LIVE'), { key: 'ArrowDown' });
    const dropdown = await screen.findByTestId('vendor-dropdown-LIVE');
    expect(screen.getByTestId('nav-toggle-LIVE').getAttribute('aria-expanded')).toBe('true');
    expect(within(dropdown).getAllByRole('link').map((a) => a.tabIndex)).toEqual([0, 0]);
  });

  it('8.LOAD.04 a failed vendor fetch rejects quietly: no dropdown, no message', async () => {
    mockApi({ '/wps/relay/GCSGAME_newGameVendor': () => errorResponse('unknown_error', 500) });
    renderWithProviders(<NavBar id="main-nav" open compact={false} onNavigate={() => undefined} />);
    await waitFor(() => expect(screen.queryByTestId('nav-toggle-RNG')).toBeNull());
    fireEvent.mouseEnter(screen.getByTestId('nav-category-RNG').closest('li')!);
    expect(screen.queryByTestId('vendor-dropdown-RNG')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
