import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo, teamProfit, teamProfitRow } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { UserProfitPage } from './components/user-profit-page';

beforeEach(async () => {
  // Only Date is faked: 2026-11-23 20:00 UTC is already 24 November (03:00) in Bangkok; timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T20:00:00Z'));
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

afterEach(() => vi.useRealTimers());

const PAGE_1 = teamProfit(
  [
    teamProfitRow({ username: 'bigfish', level: 2, stakes: '150000.00', wins: '120000.50', profit: '-29999.50' }),
    teamProfitRow({ username: 'lucky7', level: 1, stakes: '1000.00', wins: '1200.00', profit: '200.00' }),
    teamProfitRow({ username: 'evenly', level: 3, stakes: '50.00', wins: '50.00', profit: '0.00' }),
  ],
  { total: 45, totalPages: 3, totals: { stakes: '160000.00', wins: '130000.00', profit: '-30000.00' } },
);
const PAGE_2 = teamProfit([teamProfitRow({ username: 'page2guy' })], { total: 45, totalPages: 3, totals: PAGE_1.totals });

function serve(answer: (url: URL) => unknown = (url) => (url.searchParams.get('pageNo') === '2' ? PAGE_2 : PAGE_1)) {
  const asked: URL[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/team/profit': (url) => (asked.push(url), answer(url)),
  });
  return asked;
}

const params = (url: URL) => Object.fromEntries(url.searchParams);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const cell = (row: HTMLElement, key: string) => within(row).getByTestId(key).textContent;

describe('User profit and loss', () => {
  it('lists the members who played in the last 7 Bangkok days with level, stakes, wins and a signed profit, and the totals', async () => {
    const asked = serve();
    renderWithProviders(<UserProfitPage />);
    expect(screen.getByTestId('ac-profit-loading')).toBeTruthy();
    const big = await screen.findByTestId('ac-profit-bigfish');
    expect(params(asked[0]!)).toEqual({ from: '2026-11-18', to: '2026-11-24', search: '', gameType: '', pageNo: '1', pageSize: '20' });
    expect(screen.getByTestId('ac-profit-count').textContent).toBe('45 members played');
    expect(screen.getByTestId('ac-profit-asof').textContent).toMatch(/^figures up to Nov 24, 2026, 2:55/);

    const rows = within(screen.getByTestId('ac-profit-table').querySelector('tbody')!).getAllByRole('row');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['ac-profit-bigfish', 'ac-profit-lucky7', 'ac-profit-evenly']);
    expect(cell(big, 'ac-profit-username')).toBe('bigfish');
    expect(cell(big, 'ac-profit-level')).toBe('2');
    expect(cell(big, 'ac-profit-stakes')).toBe('฿150,000.00');
    expect(cell(big, 'ac-profit-wins')).toBe('฿120,000.50');
    // The sign is written, not told by colour alone.
    const loss = within(big).getByTestId('ac-profit-profit');
    expect(loss.textContent).toBe('-฿29,999.50');
    expect(loss.className).toContain('ac-amount--down');
    const win = within(screen.getByTestId('ac-profit-lucky7')).getByTestId('ac-profit-profit');
    expect(win.textContent).toBe('+฿200.00');
    expect(win.className).toContain('ac-amount--up');
    const even = within(screen.getByTestId('ac-profit-evenly')).getByTestId('ac-profit-profit');
    expect(even.textContent).toBe('฿0.00');
    expect(even.className).toContain('ac-amount--zero');

    const totals = screen.getByTestId('ac-profit-totals');
    expect(totals.closest('tfoot')).toBeTruthy();
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total (45 members)');
    expect(cell(totals, 'ac-profit-total-stakes')).toBe('฿160,000.00');
    expect(cell(totals, 'ac-profit-total-wins')).toBe('฿130,000.00');
    expect(cell(totals, 'ac-profit-total-profit')).toBe('-฿30,000.00');
  });

  it('pages 20 at a time with the shared pager, keeping the range', async () => {
    const asked = serve();
    renderWithProviders(<UserProfitPage />);
    await screen.findByTestId('ac-profit-bigfish');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    fireEvent.click(within(pager).getByRole('button', { name: /2/ }));
    expect(await screen.findByTestId('ac-profit-page2guy')).toBeTruthy();
    expect(params(asked.at(-1)!)).toEqual({ from: '2026-11-18', to: '2026-11-24', search: '', gameType: '', pageNo: '2', pageSize: '20' });
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('the search sends `search` with the range, from the first page; a search that is not a username is refused without a call', async () => {
    const asked = serve((url) => (url.searchParams.get('search') ? teamProfit([teamProfitRow({ username: 'lucky7' })]) : PAGE_1));
    renderWithProviders(<UserProfitPage />);
    await screen.findByTestId('ac-profit-bigfish');

    type('ac-profit-search', 'bad name!');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    expect((await screen.findByTestId('ac-profit-search-error')).textContent).toBe('Use letters, digits or _ only.');
    expect(asked).toHaveLength(1);

    type('ac-profit-search', ' lucky ');
    type('ac-profit-from', '2026-11-01');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    expect(await screen.findByTestId('ac-profit-lucky7')).toBeTruthy();
    expect(params(asked.at(-1)!)).toEqual({ from: '2026-11-01', to: '2026-11-24', search: 'lucky', gameType: '', pageNo: '1', pageSize: '20' });
    expect(screen.queryByTestId('ac-profit-search-error')).toBeNull();
  });

  it('the game type select lists All games then every game type, and a choice sends `gameType` from the first page, keeping range and search', async () => {
    const fishOnly = teamProfit([teamProfitRow({ username: 'fisher', stakes: '300.00', wins: '100.00', profit: '-200.00' })]);
    const asked = serve((url) =>
      url.searchParams.get('gameType') === 'FISH' ? fishOnly : url.searchParams.get('gameType') === 'OTHER' ? teamProfit([]) : url.searchParams.get('pageNo') === '2' ? PAGE_2 : PAGE_1,
    );
    renderWithProviders(<UserProfitPage />);
    await screen.findByTestId('ac-profit-bigfish');

    const select = screen.getByRole('combobox', { name: 'Game type' });
    expect(select).toBe(screen.getByTestId('ac-profit-game-type'));
    expect((select as HTMLSelectElement).value).toBe('');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(['', 'RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT', 'OTHER']);
    expect(options.map((o) => o.textContent)).toEqual([
      'All games',
      'Slots',
      'Live casino',
      'Sports',
      'Esports',
      'Fishing',
      'Card games',
      'Lottery',
      'E-lottery',
      'Cockfight',
      'Other',
    ]);

    // On page 2 with a search: the game type starts again from page 1 and keeps both.
    type('ac-profit-search', 'fish');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    await waitFor(() => expect(params(asked.at(-1)!).search).toBe('fish'));
    fireEvent.click(within(await screen.findByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: /2/ }));
    await screen.findByTestId('ac-profit-page2guy');

    fireEvent.change(select, { target: { value: 'FISH' } });
    expect(await screen.findByTestId('ac-profit-fisher')).toBeTruthy();
    expect(asked.at(-1)!.pathname).toBe('/wps/agent/team/profit');
    expect(params(asked.at(-1)!)).toEqual({ from: '2026-11-18', to: '2026-11-24', search: 'fish', gameType: 'FISH', pageNo: '1', pageSize: '20' });
    expect(cell(screen.getByTestId('ac-profit-fisher'), 'ac-profit-stakes')).toBe('฿300.00');

    // A new range keeps the game type.
    type('ac-profit-search', '');
    type('ac-profit-from', '2026-11-10');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    await waitFor(() =>
      expect(params(asked.at(-1)!)).toEqual({ from: '2026-11-10', to: '2026-11-24', search: '', gameType: 'FISH', pageNo: '1', pageSize: '20' }),
    );

    // A game type nobody played is named in the empty state; All games sends '' again.
    fireEvent.change(select, { target: { value: 'OTHER' } });
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toBe('No team member played Other in these days.'));
    fireEvent.change(select, { target: { value: '' } });
    expect(await screen.findByTestId('ac-profit-bigfish')).toBeTruthy();
    expect(params(asked.at(-1)!).gameType).toBe('');
  });

  it('refuses on the client, without a call, a range whose start is after its end or that is longer than 62 days', async () => {
    const asked = serve();
    renderWithProviders(<UserProfitPage />);
    await screen.findByTestId('ac-profit-bigfish');

    type('ac-profit-to', '2026-11-17');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    expect((await screen.findByTestId('ac-profit-range-error')).textContent).toBe('The start date is after the end date.');

    type('ac-profit-from', '2026-01-01');
    type('ac-profit-to', '2026-11-24');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    await waitFor(() => expect(screen.getByTestId('ac-profit-range-error').textContent).toBe('Choose at most 62 days.'));
    expect(asked).toHaveLength(1);
  });

  it('shows an empty state when no member played, and names the search when nothing matches', async () => {
    serve(() => teamProfit([]));
    renderWithProviders(<UserProfitPage />);
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No team member played in these days.');
    type('ac-profit-search', 'ghost');
    fireEvent.click(screen.getByTestId('ac-profit-submit'));
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toBe('No member matching “ghost” played in these days.'));
    expect(screen.queryByTestId('ac-profit-table')).toBeNull();
  });
});
