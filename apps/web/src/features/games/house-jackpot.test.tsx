import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { CategoryPage } from './components/category-page';

/**
 * The /rng jackpot counter starts from the house vendor's progressive jackpot (ADR 0049: GET
 * /house/api/jackpot, minor units) when it answers, and keeps the time-derived start (ADR 0051) when it
 * does not; either way it then grows by 165.11 every 3 s on its own.
 */
const lists = {
  '/wps/relay/GCSGAME_newGameVendor': () => [],
  '/wps/relay/GCSGAME_getVassGameType': () => [],
  '/wps/relay/GCSGAME_gameList': () => ({ games: [], total: 0, totalPages: 0, pageNo: 1 }),
  '/wps/relay/GCSGAME_hotGamesV2': () => ({ list: [], footer: [] }),
};

beforeAll(async () => {
  await setTestLanguage('en');
});
afterEach(() => vi.useRealTimers());

describe('the /rng jackpot counter and the house jackpot', () => {
  it("2.JP.01 2.JP.02 2.JP.04 on /rng the counter starts from the house vendor's jackpot, with the currency symbol", async () => {
    const asked: URL[] = [];
    mockApi({
      ...lists,
      '/house/api/jackpot': (url) => {
        asked.push(url);
        return new Response(JSON.stringify({ currency: 'THB', amount: '10012345' }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    renderWithProviders(<CategoryPage />, { route: '/rng' });
    await waitFor(() => expect(screen.getByTestId('jackpot-value').dataset.value).toBe('฿100,123.45'));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('currency')).toBe('THB');
  });

  it('2.JP.04 keeps the time-derived start when the house has no jackpot to serve', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T00:00:30Z')); // 10 steps of 165.11 into the month
    const asked: URL[] = [];
    mockApi({
      ...lists,
      '/house/api/jackpot': (url) => {
        asked.push(url);
        return new Response(JSON.stringify({ error: 'not_found' }), { status: 404 });
      },
    });
    renderWithProviders(<CategoryPage />, { route: '/rng' });
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.getByTestId('jackpot-value').dataset.value).toBe('฿10,001,651.10');
  });

  it('2.JP.01 other categories show no counter and do not ask for the jackpot', async () => {
    const asked: URL[] = [];
    mockApi({ ...lists, '/house/api/jackpot': (url) => (asked.push(url), new Response('{}')) });
    renderWithProviders(<CategoryPage />, { route: '/live' });
    expect(await screen.findByTestId('category-page-LIVE')).toBeTruthy();
    expect(screen.queryByTestId('jackpot')).toBeNull();
    expect(asked).toHaveLength(0);
  });
});
