import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBetRecord } from '@lotus/contracts/catalogue';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { BetRecordPage } from './components/bet-record-page';

const BETS = '/wps/game/betRecord';

beforeEach(async () => {
  // Only Date is faked: "today" is 2026-11-23 in Bangkok (12:00), timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});

afterEach(() => vi.useRealTimers());

const rows: TBetRecord['list'] = [
  {
    roundId: 'HR2',
    vassalage: 'HOUSE',
    vendorName: 'Lotus House',
    gameCode: 'lotus-pond',
    gameName: 'Golden Lotus Pond',
    time: '2026-11-23T04:00:00Z',
    bet: '2.50',
    win: '10.00',
    net: '7.50',
    status: 'settled',
    fairUrl: 'http://127.0.0.1/house/fair?round=HR2&lang=en',
  },
  {
    roundId: 'HR1',
    vassalage: 'HOUSE',
    vendorName: 'Lotus House',
    gameCode: 'lotus-pond',
    gameName: 'Golden Lotus Pond',
    time: '2026-11-22T17:30:00Z',
    bet: '2.50',
    win: '0.00',
    net: '-2.50',
    status: 'open',
    fairUrl: null,
  },
];
const page = (over: Partial<TBetRecord> = {}): TBetRecord => ({
  list: rows,
  total: 2,
  totalPages: 1,
  pageNo: 1,
  totals: { bet: '5.00', win: '10.00', net: '5.00' },
  vendors: [
    { vassalage: 'HOUSE', vendorName: 'Lotus House' },
    { vassalage: 'PG', vendorName: 'PG Soft' },
  ],
  ...over,
});

const cards = [
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
      { gameType: 'RNG', vassalage: 'PG', displayName: 'PG Soft', accountTypeId: 1, isHot: 0, logoUrl: '' },
    ],
  },
];

function serve(answer: (q: URLSearchParams) => TBetRecord | Response = () => page()) {
  const asked: URLSearchParams[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
    '/wps/relay/GCSGAME_newGameVendor': () => cards,
    [BETS]: (url) => {
      asked.push(url.searchParams);
      return answer(url.searchParams);
    },
  });
  return asked;
}

describe('Betting record (2.MC.08)', () => {
  it('2.MC.08 rows show time, game, vendor, bet, win, signed net and status, with the totals; the last 7 Bangkok days, 15 a page', async () => {
    const asked = serve();
    renderWithProviders(<BetRecordPage />);
    const table = await screen.findByTestId('bets-table');
    const lines = within(table).getAllByTestId('bets-row');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('bets-game').textContent).toBe('Golden Lotus Pond');
    expect(within(lines[0]!).getByTestId('bets-vendor-name').textContent).toBe('Lotus House');
    expect(within(lines[0]!).getByTestId('bets-bet').textContent).toBe('฿2.50');
    expect(within(lines[0]!).getByTestId('bets-win').textContent).toBe('฿10.00');
    expect(within(lines[0]!).getByTestId('bets-net').textContent).toBe('+฿7.50');
    expect(within(lines[0]!).getByTestId('bets-status').textContent).toBe('Settled');
    expect(within(lines[1]!).getByTestId('bets-net').textContent).toBe('-฿2.50');
    expect(within(lines[1]!).getByTestId('bets-status').textContent).toBe('In play');
    // 17:30 UTC on the 22nd is 00:30 on the 23rd in Bangkok.
    expect(lines[1]!.textContent).toContain('Nov 23, 2026, 12:30:00 AM');
    expect(screen.getByTestId('bets-total-bet').textContent).toBe('฿5.00');
    expect(screen.getByTestId('bets-total-win').textContent).toBe('฿10.00');
    expect(screen.getByTestId('bets-total-net').textContent).toBe('+฿5.00');
    expect(screen.getByTestId('bets-summary').textContent).toContain('2 rounds');
    expect(asked[0]!.get('startDate')).toBe('2026-11-17');
    expect(asked[0]!.get('endDate')).toBe('2026-11-23');
    expect(asked[0]!.get('vassalage')).toBeNull();
    expect(asked[0]!.get('pageNo')).toBe('1');
    expect(asked[0]!.get('pageSize')).toBe('15');
  });

  it("2.MC.08 a round with a fairness page links to it; the vendor filter offers the server's vendors, each once", async () => {
    serve();
    renderWithProviders(<BetRecordPage />);
    const lines = within(await screen.findByTestId('bets-table')).getAllByTestId('bets-row');
    const link = within(lines[0]!).getByRole('link', { name: 'Check fairness' });
    expect(link.getAttribute('href')).toBe('http://127.0.0.1/house/fair?round=HR2&lang=en');
    expect(within(lines[1]!).queryByRole('link')).toBeNull();
    const options = within(screen.getByTestId('bets-vendor')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All providers', 'Lotus House', 'PG Soft']);
  });

  it('2.MC.08 in Thai: the title, statuses and Buddhist-era dates', async () => {
    await setTestLanguage('th');
    serve();
    renderWithProviders(<BetRecordPage />);
    await screen.findByTestId('bets-table');
    expect(screen.getByRole('heading', { name: 'ประวัติการเดิมพัน' })).toBeTruthy();
    expect(screen.getByTestId('bets-range').textContent).toBe('17 พ.ย. 2569 – 23 พ.ย. 2569');
    expect(screen.getAllByTestId('bets-status')[0]!.textContent).toBe('สรุปผลแล้ว');
  });

  it('2.MC.08 filtering by vendor and period asks again from page 1; paging asks for the chosen page', async () => {
    const asked = serve((q) => page({ total: 40, totalPages: 3, pageNo: Number(q.get('pageNo')) }));
    renderWithProviders(<BetRecordPage />);
    expect((await screen.findByTestId('bets-page-of')).textContent).toBe('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(asked.at(-1)!.get('pageNo')).toBe('2'));
    await screen.findByRole('option', { name: 'PG Soft' });
    fireEvent.change(screen.getByTestId('bets-vendor'), { target: { value: 'PG' } });
    await waitFor(() => expect(asked.at(-1)!.get('vassalage')).toBe('PG'));
    expect(asked.at(-1)!.get('pageNo')).toBe('1');
    fireEvent.click(screen.getByTestId('bets-period-d30'));
    await waitFor(() => expect(asked.at(-1)!.get('startDate')).toBe('2026-10-25'));
    expect(asked.at(-1)!.get('vassalage')).toBe('PG');
  });

  it('2.MC.08 a period that ends before it starts is refused without asking', async () => {
    const asked = serve();
    renderWithProviders(<BetRecordPage />);
    await screen.findByTestId('bets-table');
    fireEvent.click(screen.getByTestId('bets-period-custom'));
    fireEvent.change(screen.getByTestId('bets-start'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByTestId('bets-end'), { target: { value: '2026-11-20' } });
    const error = await screen.findByTestId('bets-range-error');
    expect(error.textContent).toBe('The end date is before the start date.');
    expect(asked.some((q) => q.get('endDate') === '2026-11-20')).toBe(false);
  });

  it('2.MC.08 loading shows skeleton rows; an empty period says so; a failed load retries', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let fail = false;
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/relay/GCSGAME_newGameVendor': () => cards,
      [BETS]: async () => {
        await gate;
        return fail ? errorResponse('validation_failed', 400) : page({ list: [], total: 0, totalPages: 0 });
      },
    });
    renderWithProviders(<BetRecordPage />);
    expect(screen.getByTestId('bets-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
    release();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No bets in this period.');
    fail = true;
    fireEvent.click(screen.getByTestId('bets-period-today'));
    const error = await screen.findByTestId('bets-error');
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    fireEvent.click(screen.getByTestId('bets-error-retry'));
    expect(await screen.findByTestId('empty-state')).toBeTruthy();
  });
});
