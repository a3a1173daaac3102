import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAccountRecord } from '@lotus/contracts/wallet';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { AccountRecordPage } from './components/account-record-page';

const RECORD = '/wps/relay/ODSFE2_MemTransDet';

beforeEach(async () => {
  // Only Date is faked: "today" is 2026-11-23 in Bangkok (12:00), timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T05:00:00Z'));
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});

afterEach(() => vi.useRealTimers());

const rows: TAccountRecord['list'] = [
  { id: 3, time: '2026-11-23T04:00:00Z', type: 'bet', amount: '-250.00', balance: '1000750.50', memo: 'PG slot' },
  { id: 2, time: '2026-11-22T17:30:00Z', type: 'deposit', amount: '1000000.00', balance: '1001000.50', memo: null },
  { id: 1, time: '2026-11-20T03:00:00Z', type: 'trial_credit', amount: '1000.50', balance: '1000.50', memo: null },
];

/** Answers the record call and keeps every query it was asked. */
function serve(answer: (q: URLSearchParams) => TAccountRecord | Response = () => ({ list: rows, total: 3, totalPages: 1, pageNo: 1 })) {
  const asked: URLSearchParams[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
    [RECORD]: (url) => {
      asked.push(url.searchParams);
      return answer(url.searchParams);
    },
  });
  return asked;
}

describe('Account record (2.MC.09)', () => {
  it('2.MC.09 9.C.04 9.C.05 rows show time, kind, the signed amount and the running balance; the last 7 Bangkok days by default', async () => {
    const asked = serve();
    renderWithProviders(<AccountRecordPage />);
    const table = await screen.findByTestId('record-table');
    const lines = within(table).getAllByTestId('record-row');
    expect(lines).toHaveLength(3);
    expect(within(lines[0]!).getByTestId('record-amount').textContent).toBe('-฿250.00');
    expect(within(lines[0]!).getByTestId('record-amount').className).toContain('record-amount--out');
    expect(within(lines[0]!).getByTestId('record-balance').textContent).toBe('฿1,000,750.50');
    expect(within(lines[1]!).getByTestId('record-amount').textContent).toBe('+฿1,000,000.00');
    expect(lines[1]!.textContent).toContain('Deposit');
    // 17:30 UTC on the 22nd is 00:30 on the 23rd in Bangkok.
    expect(lines[1]!.textContent).toContain('Nov 23, 2026, 12:30:00 AM');
    expect(lines[0]!.textContent).toContain('PG slot');
    expect(asked[0]!.get('startDate')).toBe('2026-11-17');
    expect(asked[0]!.get('endDate')).toBe('2026-11-23');
    expect(asked[0]!.get('types')).toBe('');
    expect(asked[0]!.get('pageNo')).toBe('1');
    expect(asked[0]!.get('pageSize')).toBe('15');
    expect(screen.getByTestId('record-summary').textContent).toContain('3 movements');
  });

  it('2.MC.09 in Thai the dates use the Buddhist era', async () => {
    await setTestLanguage('th');
    serve();
    renderWithProviders(<AccountRecordPage />);
    await screen.findByTestId('record-table');
    expect(screen.getByTestId('record-range').textContent).toBe('17 พ.ย. 2569 – 23 พ.ย. 2569');
    expect(screen.getAllByTestId('record-row')[1]!.textContent).toContain('23 พ.ย. 2569 00:30:00');
    expect(screen.getAllByTestId('record-row')[1]!.textContent).toContain('ฝากเงิน');
  });

  it('2.MC.09 filtering by type and by a preset period asks again from page 1', async () => {
    const asked = serve();
    renderWithProviders(<AccountRecordPage />);
    await screen.findByTestId('record-table');
    fireEvent.change(screen.getByTestId('record-type'), { target: { value: 'deposit' } });
    await waitFor(() => expect(asked.at(-1)!.get('types')).toBe('deposit'));
    fireEvent.click(screen.getByTestId('record-period-d30'));
    await waitFor(() => expect(asked.at(-1)!.get('startDate')).toBe('2026-10-25'));
    expect(asked.at(-1)!.get('endDate')).toBe('2026-11-23');
    expect(asked.at(-1)!.get('types')).toBe('deposit');
    fireEvent.click(screen.getByTestId('record-period-today'));
    await waitFor(() => expect(asked.at(-1)!.get('startDate')).toBe('2026-11-23'));
  });

  it('2.MC.09 a chosen period of more than 90 days, or one that ends before it starts, is refused without asking', async () => {
    const asked = serve();
    renderWithProviders(<AccountRecordPage />);
    await screen.findByTestId('record-table');
    fireEvent.click(screen.getByTestId('record-period-custom'));
    fireEvent.change(screen.getByTestId('record-start'), { target: { value: '2026-08-25' } });
    const error = await screen.findByTestId('record-range-error');
    expect(error.textContent).toBe('Choose a period of at most 90 days.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('record-start').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('record-table')).toBeNull();
    expect(asked.some((q) => q.get('startDate') === '2026-08-25')).toBe(false);

    fireEvent.change(screen.getByTestId('record-start'), { target: { value: '2026-11-21' } });
    fireEvent.change(screen.getByTestId('record-end'), { target: { value: '2026-11-20' } });
    expect((await screen.findByTestId('record-range-error')).textContent).toBe('The end date is before the start date.');

    fireEvent.change(screen.getByTestId('record-start'), { target: { value: '2026-08-26' } });
    fireEvent.change(screen.getByTestId('record-end'), { target: { value: '2026-11-23' } });
    await waitFor(() => expect(asked.at(-1)!.get('startDate')).toBe('2026-08-26'));
    expect(screen.queryByTestId('record-range-error')).toBeNull();
  });

  it('2.MC.09 paging: 15 a page, the pager asks for the chosen page', async () => {
    const asked = serve((q) => ({ list: rows.map((r) => ({ ...r, id: r.id + Number(q.get('pageNo')) * 100 })), total: 40, totalPages: 3, pageNo: Number(q.get('pageNo')) }));
    renderWithProviders(<AccountRecordPage />);
    expect((await screen.findByTestId('record-page-of')).textContent).toBe('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByTestId('record-page-of').textContent).toBe('Page 2 of 3'));
    expect(asked.at(-1)!.get('pageNo')).toBe('2');
    expect(asked.at(-1)!.get('pageSize')).toBe('15');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('2.MC.09 loading shows skeleton rows, an empty period says so', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      '/wps/member/info': () => memberInfo(),
      [RECORD]: async () => {
        await gate;
        return { list: [], total: 0, totalPages: 0, pageNo: 1 };
      },
    });
    renderWithProviders(<AccountRecordPage />);
    expect(screen.getByTestId('record-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('skeleton')).toHaveLength(6);
    release();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No movements in this period.');
    expect(screen.queryByTestId('record-table')).toBeNull();
  });

  it('2.MC.09 a failed load says why and retries', async () => {
    let fail = true;
    serve(() => (fail ? errorResponse('validation_failed', 400) : { list: rows, total: 3, totalPages: 1, pageNo: 1 }));
    renderWithProviders(<AccountRecordPage />);
    const error = await screen.findByTestId('record-error');
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    fireEvent.click(screen.getByTestId('record-error-retry'));
    expect(await screen.findByTestId('record-table')).toBeTruthy();
  });
});
