import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { WalletPage } from './components/wallet-page';

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});

const funds = (over: Partial<{ main: string; total: string; wallets: { vendor: string; balance: string }[] }> = {}) => ({
  currency: 'THB',
  main: '1234567.50',
  total: '1234567.50',
  wallets: [],
  ...over,
});

describe('My wallet (2.MC.03)', () => {
  it('9.C.04 9.C.05 the total, main and game wallets show two decimals, thousands separators and the currency symbol', async () => {
    mockApi({
      '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
      '/wps/member/info/funds/consolidated': () =>
        funds({ main: '1000000.00', total: '1000250.05', wallets: [{ vendor: 'PG', balance: '250.05' }, { vendor: 'JILI', balance: '0.00' }] }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '1000250.05', isSingle: false }),
    });
    renderWithProviders(<WalletPage />);
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('฿1,000,250.05');
    expect(screen.getByTestId('wallet-main').textContent).toBe('฿1,000,000.00');
    // Only the game wallets that hold money are listed.
    expect(screen.getByTestId('wallet-vendor-PG').textContent).toContain('฿250.05');
    expect(screen.queryByTestId('wallet-vendor-JILI')).toBeNull();
    expect((await screen.findByText('Part of your money is in game wallets.')).getAttribute('data-testid')).toBe('wallet-single');
  });

  it('2.MC.03 a new member sees 0.00 and the empty game-wallet note; the ways on are deposit, withdraw and the account record', async () => {
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/member/info/funds/consolidated': () => funds({ main: '0.00', total: '0.00' }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '0.00', isSingle: true }),
    });
    const { location } = renderWithProviders(<WalletPage />, { route: '/member?page=transferFund' });
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('฿0.00');
    expect(screen.getByTestId('wallet-vendors-empty').textContent).toBe('No money is held in game wallets.');
    expect(await screen.findByText('All your money is in the main wallet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wallet-record'));
    await waitFor(() => expect(location().search).toBe('?page=transactionHistory'));
    expect(screen.getByTestId('wallet-deposit').getAttribute('href')).toBe('/member?page=depositv2');
    expect(screen.getByTestId('wallet-withdraw').getAttribute('href')).toBe('/member?page=withdraw');
  });

  it('2.MC.03 while loading the amounts are skeletons; a failed load says why and retries', async () => {
    let fail = true;
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/member/info/funds/consolidated': () => (fail ? errorResponse('network_abnormal', 503) : funds({ total: '5.00' })),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '5.00', isSingle: true }),
    });
    renderWithProviders(<WalletPage />);
    expect(screen.getAllByTestId('skeleton').length).toBeGreaterThan(0);
    const error = await screen.findByTestId('wallet-error');
    expect(error.getAttribute('role')).toBe('alert');
    expect(error.textContent).toContain('Network link is abnormal');
    fail = false;
    fireEvent.click(screen.getByTestId('wallet-error-retry'));
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('฿5.00');
  });

  it('4.BAL.03 the refresh button asks for the funds and the balance again', async () => {
    let calls = 0;
    mockApi({
      '/wps/member/info': () => memberInfo(),
      '/wps/member/info/funds/consolidated': () => funds({ total: calls++ === 0 ? '1.00' : '2.00' }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '1.00', isSingle: true }),
    });
    renderWithProviders(<WalletPage />);
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('฿1.00');
    fireEvent.click(screen.getByTestId('wallet-refresh'));
    await waitFor(() => expect(screen.getByTestId('wallet-total').textContent).toBe('฿2.00'));
  });
});
