import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMerchantWallets, TWalletTransferResult } from '@lotus/contracts/wallet';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { WalletPage } from './components/wallet-page';
import { PENDING_CHECK_MS } from './components/vendor-transfers';

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});
afterEach(() => {
  vi.useRealTimers();
});

type TWallet = TMerchantWallets['wallets'][number];
const sbx = (over: Partial<TWallet> = {}): TWallet => ({
  vendor: 'SBX',
  name: 'Sandbox Casino',
  status: 'active',
  balance: '0.00',
  liveBalance: '0.00',
  ...over,
});
const result = (over: Partial<TWalletTransferResult> = {}): TWalletTransferResult => ({
  status: 'confirmed',
  ref: '3f0c7d3e-0000-4000-8000-000000000001',
  transfers: [{ ref: '3f0c7d3e-0000-4000-8000-000000000001', vendor: 'SBX', direction: 'in', amount: '250.00', status: 'confirmed' }],
  balances: { main: '750.00', total: '1000.00', wallets: [{ vendor: 'SBX', balance: '250.00' }] },
  ...over,
});

/** Serves the wallet; `transfer` answers GCS_walletTransfer and records each query. */
function serve({
  wallets = [sbx()],
  main = '1000.00',
  transfer = () => result() as unknown,
}: { wallets?: TWallet[] | (() => TWallet[] | Response); main?: string; transfer?: (q: URLSearchParams) => unknown } = {}) {
  const queries: URLSearchParams[] = [];
  const fetchMock = mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
    '/wps/member/info/funds/consolidated': () => ({ currency: 'THB', main, total: main, wallets: [] }),
    '/wps/v2/wallets/balance': () => ({ sumBalance: main, isSingle: true }),
    '/wps/relay/GCS_merchantWallet': () => {
      const list = typeof wallets === 'function' ? wallets() : wallets;
      return list instanceof Response ? list : { currency: 'THB', wallets: list };
    },
    '/wps/relay/GCS_walletTransfer': (url) => {
      queries.push(url.searchParams);
      return transfer(url.searchParams);
    },
  });
  return { queries, fetchMock };
}

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes(path)).length;

describe('My wallet: transfers with transfer-mode game providers (2.MC.03, 7.RELAY.03, 7.RELAY.20, 3.WAL.02)', () => {
  it('7.RELAY.20 each transfer vendor wallet is listed with its name, status, balance and the live figure', async () => {
    serve({
      wallets: [
        sbx({ balance: '250.00', liveBalance: '310.50' }),
        sbx({ vendor: 'EVO', name: 'Evo Live', status: 'maintenance', balance: '0.00', liveBalance: null }),
      ],
    });
    renderWithProviders(<WalletPage />);
    const row = await screen.findByTestId('transfer-wallet-SBX');
    expect(row.textContent).toContain('Sandbox Casino');
    expect(within(row).getByTestId('transfer-wallet-status').textContent).toBe('Open');
    expect(within(row).getByTestId('transfer-wallet-balance').textContent).toBe('฿250.00');
    expect(within(row).getByTestId('transfer-wallet-live').textContent).toBe('At the provider now: ฿310.50');
    const evo = screen.getByTestId('transfer-wallet-EVO');
    expect(within(evo).getByTestId('transfer-wallet-status').textContent).toBe('Under maintenance');
    // A vendor under maintenance takes no transfers: only SBX is offered, so no vendor choice is needed.
    expect(screen.queryByTestId('transfer-vendor-EVO')).toBeNull();
    expect(screen.getByTestId('transfer-direction-in').textContent).toContain('Main wallet → Sandbox Casino');
  });

  it('7.RELAY.03 main -> vendor wallet with an amount: the query carries vendor, direction, amount and a requestId; balances refresh', async () => {
    const { queries, fetchMock } = serve();
    renderWithProviders(<WalletPage />);
    await screen.findByTestId('transfer-form');
    const before = calls(fetchMock, '/wps/v2/wallets/balance');
    fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    const done = await screen.findByTestId('transfer-result');
    expect(done.getAttribute('data-status')).toBe('confirmed');
    expect(done.textContent).toContain('฿250.00 moved to Sandbox Casino.');
    expect(queries).toHaveLength(1);
    expect(Object.fromEntries(queries[0]!)).toMatchObject({ vendor: 'SBX', direction: 'in', amount: '250' });
    expect(queries[0]!.get('requestId')).toMatch(/^[A-Za-z0-9_-]{8,40}$/);
    await waitFor(() => expect(calls(fetchMock, '/wps/v2/wallets/balance')).toBeGreaterThan(before));
  });

  it('7.RELAY.03 an amount above the main wallet, or empty, is refused beside the field and nothing is sent', async () => {
    const { queries } = serve({ main: '100.00' });
    renderWithProviders(<WalletPage />);
    await screen.findByTestId('transfer-form');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-amount-error')).textContent).toBe('Enter an amount.');
    fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '100.01' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect((await screen.findByTestId('transfer-amount-error')).textContent).toBe('You can move at most ฿100.00.');
    expect(document.activeElement).toBe(screen.getByTestId('transfer-amount'));
    expect(queries).toHaveLength(0);
  });

  it('7.RELAY.03 vendor wallet -> main: the amount is limited by the vendor figure; a refusal is shown as not done', async () => {
    const { queries } = serve({
      wallets: [sbx({ balance: '200.00', liveBalance: '180.00' })],
      transfer: () => errorResponse('insufficient_funds', 400),
    });
    renderWithProviders(<WalletPage />);
    await screen.findByTestId('transfer-form');
    fireEvent.click(screen.getByTestId('transfer-direction-out').querySelector('input')!);
    fireEvent.click(screen.getByTestId('transfer-max'));
    expect((screen.getByTestId('transfer-amount') as HTMLInputElement).value).toBe('180.00');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    const shown = await screen.findByTestId('transfer-result');
    expect(shown.getAttribute('data-status')).toBe('error');
    expect(shown.textContent).toContain('Not done');
    expect(queries[0]!.get('direction')).toBe('out');
  });

  it('3.WAL.02 7.RELAY.03 transfer all back sends direction=all without vendor or amount; disabled when nothing is held', async () => {
    let held = true;
    const { queries } = serve({
      wallets: () => [sbx({ balance: held ? '250.00' : '0.00' })],
      transfer: () => {
        held = false;
        return result({
          ref: null,
          transfers: [{ ref: 'r1', vendor: 'SBX', direction: 'out', amount: '250.00', status: 'confirmed' }],
          balances: { main: '1000.00', total: '1000.00', wallets: [{ vendor: 'SBX', balance: '0.00' }] },
        });
      },
    });
    renderWithProviders(<WalletPage />);
    const all = await screen.findByTestId('transfer-all');
    await waitFor(() => expect((all as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(all);
    expect((await screen.findByTestId('transfer-result')).textContent).toContain('Everything is back in the main wallet (฿250.00).');
    expect(queries[0]!.get('direction')).toBe('all');
    expect(queries[0]!.has('vendor')).toBe(false);
    expect(queries[0]!.has('amount')).toBe(false);
    // The merchant wallets are read again: nothing is held, the button is off.
    await waitFor(() => expect((screen.getByTestId('transfer-all') as HTMLButtonElement).disabled).toBe(true));
  });

  it('7.RELAY.03 a pending transfer is shown honestly and asked again with the SAME requestId until it is confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const { queries } = serve({
      transfer: () =>
        answers++ === 0
          ? result({ status: 'pending', transfers: [{ ref: 'r1', vendor: 'SBX', direction: 'in', amount: '250.00', status: 'pending' }] })
          : result(),
    });
    renderWithProviders(<WalletPage />);
    await screen.findByTestId('transfer-form');
    fireEvent.change(screen.getByTestId('transfer-amount'), { target: { value: '250' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    const shown = await screen.findByTestId('transfer-result');
    expect(shown.getAttribute('data-status')).toBe('pending');
    expect(shown.textContent).toContain('Sandbox Casino has not confirmed ฿250.00 yet');
    expect(shown.textContent).toContain('Checking again');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_CHECK_MS + 50));
    await waitFor(() => expect(screen.getByTestId('transfer-result').getAttribute('data-status')).toBe('confirmed'));
    expect(queries).toHaveLength(2);
    expect(queries[1]!.get('requestId')).toBe(queries[0]!.get('requestId'));
  });

  it('2.MC.03 7.RELAY.20 loading holds its place; a failed read says why and retries; no vendor gives the empty note', async () => {
    let fail = true;
    let empty = false;
    serve({ wallets: () => (fail ? errorResponse('network_abnormal', 503) : empty ? [] : [sbx()]) });
    renderWithProviders(<WalletPage />);
    expect(screen.getByTestId('transfer-loading').getAttribute('aria-busy')).toBe('true');
    const error = await screen.findByTestId('transfer-error');
    expect(error.getAttribute('role')).toBe('alert');
    fail = false;
    empty = true;
    fireEvent.click(screen.getByTestId('transfer-error-retry'));
    expect((await screen.findByTestId('transfer-section')).textContent).toContain('No game provider uses a separate wallet.');
    expect(screen.queryByTestId('transfer-all')).toBeNull();
  });
});
