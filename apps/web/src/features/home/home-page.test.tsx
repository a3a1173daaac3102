import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { HomePage } from './components/home-page';

beforeAll(async () => {
  await setTestLanguage('en');
});

describe('home categories (issue 25)', () => {
  it('shows only the categories the catalogue answers, each with its count of providers with a playable game', async () => {
    mockApi({
      '/lgw/games/categories': () => ({
        list: [
          { gameType: 'RNG', vendorCount: 3, gameCount: 40 },
          { gameType: 'FISH', vendorCount: 1, gameCount: 2 },
        ],
      }),
    });
    renderWithProviders(<HomePage />);
    await waitFor(() =>
      expect(screen.getByTestId('home-category-count-RNG').textContent).toBe('3 providers'),
    );
    expect(screen.getByTestId('home-category-count-FISH').textContent).toBe('1 provider');
    expect(screen.queryByTestId('home-category-LIVE')).toBeNull();
    expect(screen.queryByTestId('home-category-ESPORTS')).toBeNull();
  });

  it('says providers are coming when no category has a playable game', async () => {
    mockApi({ '/lgw/games/categories': () => ({ list: [] }) });
    renderWithProviders(<HomePage />);
    await screen.findByTestId('home-categories-empty');
    expect(screen.queryAllByTestId(/^home-category-[A-Z]+$/)).toHaveLength(0);
  });

  it('shows every category without a count when the counts cannot be read', async () => {
    mockApi({ '/lgw/games/categories': () => errorResponse('internal_error', 500) });
    renderWithProviders(<HomePage />);
    await waitFor(() => expect(screen.getByTestId('home-category-count-RNG').textContent).toBe(''));
    expect(screen.getByTestId('home-category-LIVE')).toBeTruthy();
  });
});
