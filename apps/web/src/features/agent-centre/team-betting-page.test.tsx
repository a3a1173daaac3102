import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTeamDays } from '@lotus/contracts/agent';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo, teamDay, teamDays } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { TeamBettingPage } from './components/team-betting-page';

beforeEach(async () => {
  // Only Date is faked: 2026-11-23 20:00 UTC is already 24 November (03:00) in Bangkok; timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T20:00:00Z'));
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
});

afterEach(() => vi.useRealTimers());

const DAYS = teamDays(
  [
    teamDay(),
    teamDay({ day: '2026-11-22', newMembers: 1234, activeMembers: 7, firstDeposits: 0, deposits: '0.00', withdrawals: '100.00', stakes: '500.00', wins: '750.25', net: '-250.25' }),
  ],
  { totals: { deposits: '12000.00', withdrawals: '3600.50', stakes: '46178.90', wins: '40750.25', net: '5428.65' } },
);

function serve(answer: (url: URL) => unknown = () => DAYS) {
  const asked: URL[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ isAgent: 1 }),
    '/wps/agent/team/days': (url) => (asked.push(url), answer(url)),
  });
  return asked;
}

const range = (url: URL) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const cell = (row: HTMLElement, key: string) => within(row).getByTestId(key).textContent;

describe('Team betting', () => {
  it('opens on the last 7 Bangkok days (today included), sent as from/to, and shows each day and the totals, as of the rollup', async () => {
    let release: (() => void) | null = null;
    const asked = serve(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return DAYS;
    });
    renderWithProviders(<TeamBettingPage />);
    expect(screen.getByTestId('ac-days-loading')).toBeTruthy();
    expect((screen.getByTestId('ac-days-from') as HTMLInputElement).value).toBe('2026-11-18');
    expect((screen.getByTestId('ac-days-to') as HTMLInputElement).value).toBe('2026-11-24');
    await waitFor(() => expect(release).not.toBeNull());
    release!();

    const newest = await screen.findByTestId('ac-day-2026-11-24');
    expect(asked.map(range)).toEqual(['2026-11-18..2026-11-24']);
    expect(screen.getByTestId('ac-days-range').textContent).toMatch(/^Nov 18, 2026 – Nov 24, 2026 · /);
    expect(screen.getByTestId('ac-days-asof').textContent).toMatch(/^figures up to Nov 24, 2026, 2:55/);

    const rows = within(screen.getByTestId('ac-days-table').querySelector('tbody')!).getAllByRole('row');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['ac-day-2026-11-24', 'ac-day-2026-11-22']);
    expect(cell(newest, 'ac-day-date')).toBe('Nov 24, 2026');
    expect(cell(newest, 'ac-day-newMembers')).toBe('3');
    expect(cell(newest, 'ac-day-activeMembers')).toBe('41');
    expect(cell(newest, 'ac-day-firstDeposits')).toBe('2');
    expect(cell(newest, 'ac-day-deposits')).toBe('฿12,000.00');
    expect(cell(newest, 'ac-day-withdrawals')).toBe('฿3,500.50');
    expect(cell(newest, 'ac-day-stakes')).toBe('฿45,678.90');
    expect(cell(newest, 'ac-day-wins')).toBe('฿40,000.00');
    expect(cell(newest, 'ac-day-net')).toBe('฿5,678.90');

    // A day the team won: the net carries its minus (the colour only repeats it).
    const older = screen.getByTestId('ac-day-2026-11-22');
    expect(cell(older, 'ac-day-newMembers')).toBe('1,234');
    expect(cell(older, 'ac-day-net')).toBe('-฿250.25');
    expect(within(older).getByTestId('ac-day-net').className).toContain('ac-amount--down');
    // On a phone each cell shows its column's name beside the value.
    expect(within(older).getByTestId('ac-day-stakes').dataset.label).toBe('Stakes');

    const totals = screen.getByTestId('ac-days-totals');
    expect(totals.closest('tfoot')).toBeTruthy();
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cell(totals, 'ac-days-total-deposits')).toBe('฿12,000.00');
    expect(cell(totals, 'ac-days-total-withdrawals')).toBe('฿3,600.50');
    expect(cell(totals, 'ac-days-total-stakes')).toBe('฿46,178.90');
    expect(cell(totals, 'ac-days-total-wins')).toBe('฿40,750.25');
    expect(cell(totals, 'ac-days-total-net')).toBe('฿5,428.65');
  });

  it('a new range is sent as from/to and starts from the skeleton', async () => {
    const asked = serve();
    renderWithProviders(<TeamBettingPage />);
    await screen.findByTestId('ac-day-2026-11-24');
    type('ac-days-from', '2026-10-01');
    type('ac-days-to', '2026-10-31');
    fireEvent.click(screen.getByTestId('ac-days-submit'));
    await waitFor(() => expect(asked.map(range)).toEqual(['2026-11-18..2026-11-24', '2026-10-01..2026-10-31']));
    expect(asked.at(-1)!.pathname).toBe('/wps/agent/team/days');
    expect(await screen.findByTestId('ac-days-range')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ac-days-range').textContent).toMatch(/^Oct 1, 2026 – Oct 31, 2026/));
  });

  it('refuses on the client, without a call, a range whose start is after its end or that is longer than 62 days', async () => {
    const asked = serve();
    renderWithProviders(<TeamBettingPage />);
    await screen.findByTestId('ac-day-2026-11-24');
    expect(asked).toHaveLength(1);

    type('ac-days-from', '2026-11-25');
    type('ac-days-to', '2026-11-20');
    fireEvent.click(screen.getByTestId('ac-days-submit'));
    expect((await screen.findByTestId('ac-days-range-error')).textContent).toBe('The start date is after the end date.');
    expect(screen.getByTestId('ac-days-from').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('ac-days-from'));

    // 63 days (both ends included) is one too many; 62 is the most.
    type('ac-days-from', '2026-09-23');
    type('ac-days-to', '2026-11-24');
    fireEvent.click(screen.getByTestId('ac-days-submit'));
    await waitFor(() => expect(screen.getByTestId('ac-days-range-error').textContent).toBe('Choose at most 62 days.'));

    type('ac-days-from', '');
    fireEvent.click(screen.getByTestId('ac-days-submit'));
    await waitFor(() => expect(screen.getByTestId('ac-days-range-error').textContent).toBe('Choose a start date and an end date.'));
    // The days already shown stay, and nothing was asked.
    expect(screen.getByTestId('ac-day-2026-11-24')).toBeTruthy();
    expect(asked).toHaveLength(1);

    type('ac-days-from', '2026-09-24');
    fireEvent.click(screen.getByTestId('ac-days-submit'));
    await waitFor(() => expect(asked.map(range).at(-1)).toBe('2026-09-24..2026-11-24'));
    expect(screen.queryByTestId('ac-days-range-error')).toBeNull();
  });

  it('below the totals, shows the range per game type, most staked first, named in the site’s words, with a signed net', async () => {
    serve(() => ({
      ...DAYS,
      byGameType: [
        { gameType: 'RNG', stakes: '30000.00', wins: '26000.00', net: '4000.00' },
        { gameType: 'FISH', stakes: '12178.90', wins: '12500.25', net: '-321.35' },
        { gameType: 'OTHER', stakes: '4000.00', wins: '2250.00', net: '1750.00' },
      ],
    }));
    renderWithProviders(<TeamBettingPage />);
    const section = await screen.findByTestId('ac-days-games');
    expect(within(section).getByRole('heading').textContent).toBe('By game type');
    // Below the range's totals.
    expect(screen.getByTestId('ac-days-totals').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const rows = within(within(section).getByRole('table').querySelector('tbody')!).getAllByRole('row');
    expect(rows.map((r) => r.dataset.testid)).toEqual(['ac-days-game-RNG', 'ac-days-game-FISH', 'ac-days-game-OTHER']);
    const slots = screen.getByTestId('ac-days-game-RNG');
    expect(cell(slots, 'ac-days-game-name')).toBe('Slots');
    expect(cell(slots, 'ac-days-game-stakes')).toBe('฿30,000.00');
    expect(cell(slots, 'ac-days-game-wins')).toBe('฿26,000.00');
    expect(cell(slots, 'ac-days-game-net')).toBe('฿4,000.00');
    expect(within(slots).getByTestId('ac-days-game-net').dataset.label).toBe('Net (stakes − wins)');

    // The team won on fishing: the net carries its minus, the colour only repeats it.
    const fish = screen.getByTestId('ac-days-game-FISH');
    expect(cell(fish, 'ac-days-game-name')).toBe('Fishing');
    expect(cell(fish, 'ac-days-game-stakes')).toBe('฿12,178.90');
    expect(cell(fish, 'ac-days-game-wins')).toBe('฿12,500.25');
    expect(cell(fish, 'ac-days-game-net')).toBe('-฿321.35');
    expect(within(fish).getByTestId('ac-days-game-net').className).toContain('ac-amount--down');
    expect(cell(screen.getByTestId('ac-days-game-OTHER'), 'ac-days-game-name')).toBe('Other');
  });

  it('days with figures but no bet show the by-game-type section with its own empty state, in Thai by default', async () => {
    await setTestLanguage('th');
    serve(() => ({ ...DAYS, byGameType: [{ gameType: 'COCKFIGHT', stakes: '10.00', wins: '0.00', net: '10.00' }] }));
    const first = renderWithProviders(<TeamBettingPage />);
    expect(cell(await screen.findByTestId('ac-days-game-COCKFIGHT'), 'ac-days-game-name')).toBe('ชนไก่');
    first.unmount();

    serve(() => DAYS);
    renderWithProviders(<TeamBettingPage />);
    const section = await screen.findByTestId('ac-days-games');
    expect(within(section).getByRole('heading').textContent).toBe('แยกตามประเภทเกม');
    expect(within(section).getByTestId('empty-state').textContent).toBe('ไม่มีการเดิมพันในช่วงวันที่นี้');
    expect(within(section).queryByRole('table')).toBeNull();
    expect(screen.getByTestId('ac-days-table')).toBeTruthy();
  });

  it('days without play show a clear empty state (Thai by default), and a failed read offers a retry', async () => {
    await setTestLanguage('th');
    let fail = true;
    serve(() => (fail ? errorResponse('internal_error', 500) : teamDays([], { asOf: null } satisfies Partial<TTeamDays>)));
    renderWithProviders(<TeamBettingPage />);
    const error = await screen.findByTestId('ac-days-error');
    fail = false;
    fireEvent.click(within(error).getByTestId('ac-days-error-retry'));
    expect((await screen.findByTestId('empty-state')).textContent).toBe('ไม่มีการเล่นในช่วงวันที่นี้');
    expect(screen.queryByTestId('ac-days-table')).toBeNull();
    expect(screen.queryByTestId('ac-days-games')).toBeNull();
    expect(screen.getByTestId('ac-days-asof').textContent).toBe('กำลังเตรียมข้อมูล');
    expect(screen.getByText('การเดิมพันของทีม')).toBeTruthy();
  });
});
