import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders } from '@/test/render';
import { formatBalance } from '../money';
import { useMemberInfo } from './get-member-info';
import { useWalletBalance } from './get-wallet-balance';
import { useRefreshBalance } from './refresh-balance';
import { useSession } from './session-store';

function BalanceProbe() {
  const { data } = useMemberInfo();
  const { data: wallet } = useWalletBalance();
  const refreshBalance = useRefreshBalance();
  return (
    <>
      <output data-testid="balance">{data ? formatBalance(data.balance, data.currencySymbol) : 'loading'}</output>
      <output data-testid="wallet">{wallet ? formatBalance(wallet.sumBalance, data?.currencySymbol) : 'loading'}</output>
      <button type="button" data-testid="after-money-action" onClick={() => void refreshBalance()} />
    </>
  );
}

beforeEach(() => useSession.getState().clear());

describe('balance refresh after a money-moving action (4.BAL)', () => {
  it('4.BAL.03 useRefreshBalance fetches the wallet balance and member info again and the new balance shows', async () => {
    useSession.getState().setLogin(loginResult());
    const balances = ['1000.00', '750.50'];
    let calls = 0;
    let walletCalls = 0;
    mockApi({
      '/wps/member/info': () => memberInfo({ balance: balances[Math.min(calls++, 1)]!, currencySymbol: '฿' }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: balances[Math.min(walletCalls++, 1)]!, isSingle: true }),
    });
    renderWithProviders(<BalanceProbe />);
    expect((await screen.findByText('฿1,000.00', { selector: '[data-testid="wallet"]' })).textContent).toBe('฿1,000.00');
    fireEvent.click(screen.getByTestId('after-money-action'));
    expect(await screen.findByText('฿750.50', { selector: '[data-testid="wallet"]' })).toBeTruthy();
    expect(await screen.findByText('฿750.50', { selector: '[data-testid="balance"]' })).toBeTruthy();
    expect(calls).toBe(2);
    expect(walletCalls).toBe(2);
  });
});
