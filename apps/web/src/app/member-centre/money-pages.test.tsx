import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { MemberCentrePage } from '../groups/member';
import { MEMBER_CENTRE_PAGE_TABLE } from './page-table';

// The money pages of the member centre (issue 8): each page key opens its feature page in the panel.
beforeAll(async () => {
  await Promise.all(Object.values(MEMBER_CENTRE_PAGE_TABLE).map((loader) => loader.load()));
});

beforeEach(async () => {
  closeAllDialogs();
  await setTestLanguage('en');
  useSession.getState().clear();
});

function open(route: string) {
  useSession.getState().setLogin(loginResult());
  mockApi({
    '/wps/member/info': () => memberInfo(),
    '/wps/member/info/funds/consolidated': () => ({ currency: 'THB', main: '0.00', total: '0.00', wallets: [] }),
    '/wps/v2/wallets/balance': () => ({ sumBalance: '0.00', isSingle: true }),
    '/wps/relay/ODSFE2_MemTransDet': () => ({ list: [], total: 0, totalPages: 0, pageNo: 1 }),
    '/wps/cashier/channels': () => [],
    '/wps/cashier/deposits': () => ({ items: [], total: 0, page: 1, pageSize: 15 }),
    '/wps/cashier/withdrawals': () => ({ items: [], total: 0, page: 1, pageSize: 15 }),
    '/wps/cashier/bank-accounts': () => ({ items: [], max: 3 }),
    '/wps/member/messages': () => ({ items: [], total: 0, unread: 0, page: 1, pageSize: 15 }),
  });
  return renderWithProviders(<MemberCentrePage />, { route });
}

describe('member-centre money pages (2.MC)', () => {
  it('2.MC.03 page key transferFund is My wallet', async () => {
    open('/member?page=transferFund');
    const page = await screen.findByTestId('wallet-page');
    expect(screen.getByTestId('mc-page-transferFund').contains(page)).toBe(true);
    expect((await screen.findByTestId('mc-entry-transferFund')).textContent).toBe('My wallet');
  });

  it('2.MC.04 page key depositv2 is Deposit', async () => {
    open('/member?page=depositv2');
    const page = await screen.findByTestId('deposit-page');
    expect(screen.getByTestId('mc-page-depositv2').contains(page)).toBe(true);
    expect((await screen.findByTestId('mc-entry-depositv2')).textContent).toBe('Deposit');
  });

  it('2.MC.05 page key withdraw is Withdraw', async () => {
    open('/member?page=withdraw');
    const page = await screen.findByTestId('withdraw-page');
    expect(screen.getByTestId('mc-page-withdraw').contains(page)).toBe(true);
    expect((await screen.findByTestId('mc-entry-withdraw')).textContent).toBe('Withdraw');
  });

  it('2.MC.15 page key messageV2 is Platform messages', async () => {
    open('/member?page=messageV2');
    expect(await screen.findByTestId('messages-page')).toBeTruthy();
  });

  it('2.MC.09 page key transactionHistory is Account record', async () => {
    open('/member?page=transactionHistory');
    const page = await screen.findByTestId('record-page');
    expect(screen.getByTestId('mc-page-transactionHistory').contains(page)).toBe(true);
    expect((await screen.findByTestId('mc-entry-transactionHistory')).textContent).toBe('Account record');
  });

  it('5.GATE.04 a trial account opening a money page gets the in_need_true_account notice, not the page', async () => {
    useSession.getState().setLogin(loginResult({ token: 'trial-token', userInfo: memberInfo({ type: 4, isAgent: 4 }) }));
    mockApi({ '/wps/member/info': () => memberInfo({ type: 4, isAgent: 4 }) });
    renderWithProviders(
      <>
        <MemberCentrePage />
        <DialogHost />
      </>,
      { route: '/member?page=transferFund' },
    );
    expect(await screen.findByText('Please register a real account to use this feature')).toBeTruthy();
    expect(screen.queryByTestId('wallet-page')).toBeNull();
  });
});
