import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMemberMessage } from '@lotus/contracts/inbox';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { getUnreadCount } from './api/get-unread-count';
import { MessageNotifier } from './components/message-notifier';
import { MessagesPage } from './components/messages-page';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const message = (over: Partial<TMemberMessage> = {}): TMemberMessage => ({
  id: 1,
  template: 'deposit_arrival',
  params: { depositId: 'D1', amount: '1000.00', channelTh: 'โอนผ่านธนาคารกสิกรไทย', channelEn: 'Kasikorn Bank transfer' },
  read: false,
  readAt: null,
  createdAt: '2026-11-23T03:00:00Z',
  ...over,
});

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
  vi.mocked(notify.success).mockReset();
  vi.mocked(notify.error).mockReset();
});

describe('platform messages (2.MC.15, 3.STAT.05-07)', () => {
  it('3.STAT.05 3.STAT.06 deposit arrival and withdrawal results read in the member\'s language with the money format', async () => {
    const read: string[] = [];
    mockApi({
      '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
      '/wps/member/messages': () => ({
        items: [
          message({ id: 3, template: 'withdrawal_rejected', params: { withdrawalId: '9', amount: '1500.00', reason: 'Name mismatch' } }),
          message({ id: 2, template: 'withdrawal_approved', params: { withdrawalId: '8', amount: '250000.00' }, read: true }),
          message({ id: 1 }),
        ],
        total: 3,
        unread: 2,
        page: 1,
        pageSize: 15,
      }),
      '/wps/member/messages/3/read': (url) => {
        read.push(url.pathname);
        return { unread: 1 };
      },
    });
    renderWithProviders(<MessagesPage />);
    const items = await screen.findAllByTestId('message-item');
    expect(items[0]!.textContent).toContain('Withdrawal rejected');
    expect(items[0]!.textContent).toContain('Your withdrawal of ฿1,500.00 was rejected (withdrawal 9). Name mismatch');
    expect(items[1]!.textContent).toContain('Your withdrawal of ฿250,000.00 has been approved');
    expect(items[2]!.textContent).toContain('Your deposit of ฿1,000.00 through Kasikorn Bank transfer has been credited');
    fireEvent.click(screen.getAllByTestId('message-mark-read')[0]!);
    await waitFor(() => expect(read).toEqual(['/wps/member/messages/3/read']));
  });

  it('3.STAT.05 a new deposit-arrival message shows as a notice and refreshes the balance', async () => {
    let unread = 0;
    let balanceCalls = 0;
    mockApi({
      '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
      '/wps/member/messages/unread': () => ({ unread }),
      '/wps/member/messages': () => ({ items: unread ? [message({ id: 5 })] : [], total: unread, unread, page: 1, pageSize: 15 }),
      '/wps/v2/wallets/balance': () => {
        balanceCalls += 1;
        return { sumBalance: '1000.00', isSingle: true };
      },
    });
    const { queryClient } = renderWithProviders(<MessageNotifier enabled />);
    queryClient.setQueryData(['member', 'wallet', 'balance', 'tok-1'], { sumBalance: '0.00', isSingle: true });
    await waitFor(() => expect(queryClient.getQueryData(['member', 'messages', 'unread', 'tok-1'])).toBe(0));
    unread = 1;
    await queryClient.refetchQueries({ queryKey: ['member', 'messages', 'unread'] });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Deposit received', expect.objectContaining({ description: expect.stringContaining('฿1,000.00') })));
    // Already announced: the next poll with the same unread message says nothing again.
    await queryClient.refetchQueries({ queryKey: ['member', 'messages', 'unread'] });
    expect(notify.success).toHaveBeenCalledTimes(1);
    // The balance the header shows is marked stale, so every view of it asks again.
    expect(queryClient.getQueryState(['member', 'wallet', 'balance', 'tok-1'])?.isInvalidated).toBe(true);
    expect(balanceCalls).toBe(0);
  });
});

describe('a session ended elsewhere', () => {
  it('the 30-second unread check that answers 401 (an operator revoked the session) logs this page out', async () => {
    mockApi({ '/wps/member/messages/unread': () => errorResponse('unauthorized', 401) });
    expect(useSession.getState().token).not.toBeNull();
    await expect(getUnreadCount()).rejects.toBeTruthy();
    expect(useSession.getState().token).toBeNull();
  });
});
