import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCashierChannel, TDeposit } from '@lotus/contracts/cashier';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { DepositPage, paymentRedirect } from './components/deposit-page';

const bank: TCashierChannel = {
  code: 'kbank-transfer',
  kind: 'bank_transfer',
  name: { th: 'โอนผ่านธนาคารกสิกรไทย', en: 'Kasikorn Bank transfer' },
  bank: { bankCode: 'KBANK', accountNumber: '123-4-56789-0', accountName: 'LOTUS CO' },
  min: '100.00',
  max: '50000.00',
  dailyLimit: '200000.00',
  remainingToday: '150000.00',
  open: true,
  hours: null,
};
const psp: TCashierChannel = { ...bank, code: 'promptpay-sandbox', kind: 'psp', name: { th: 'พร้อมเพย์', en: 'PromptPay (sandbox)' }, bank: null };

const deposit = (over: Partial<TDeposit> = {}): TDeposit => ({
  id: 'D1',
  channel: bank.code,
  channelName: bank.name,
  kind: 'bank_transfer',
  amount: '1000.00',
  status: 'awaiting_approval',
  reference: 'REF1',
  transferredAt: '2026-11-23T03:00:00.000Z',
  reason: null,
  slips: [],
  createdAt: '2026-11-23T03:01:00.000Z',
  decidedAt: null,
  ...over,
});

function serve({ channels = [bank, psp], items = [] as TDeposit[], onPost = (_body: Record<string, unknown>) => ({ deposit: deposit(), paymentUrl: null as string | null }) } = {}) {
  const posted: Record<string, unknown>[] = [];
  mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
    '/wps/cashier/channels': () => channels,
    '/wps/cashier/deposits': (_url, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        posted.push(body);
        return onPost(body);
      }
      return { items, total: items.length, page: 1, pageSize: 15 };
    },
    '/wps/v2/wallets/balance': () => ({ sumBalance: '0.00', isSingle: true }),
  });
  return posted;
}

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});
afterEach(() => vi.restoreAllMocks());

describe('Deposit (2.MC.04)', () => {
  it('2.MC.04 9.C.04 9.C.05 the channels show with their limits and the receiving bank account', async () => {
    serve();
    renderWithProviders(<DepositPage />);
    expect((await screen.findByTestId('deposit-limits')).textContent).toBe('Minimum ฿100.00, maximum ฿50,000.00 per deposit; ฿150,000.00 left today');
    expect(screen.getByTestId('deposit-channel-kbank-transfer').textContent).toContain('Kasikorn Bank transfer');
    expect(screen.getByTestId('deposit-channel-promptpay-sandbox').textContent).toContain('Online payment');
    expect(screen.getByTestId('deposit-account-number').textContent).toBe('123-4-56789-0');
    expect(await screen.findByText('You have no deposits yet.')).toBeTruthy();
  });

  it('2.MC.04 a bank transfer needs an amount within the limits and a reference; nothing is sent until they are right', async () => {
    const posted = serve();
    renderWithProviders(<DepositPage />);
    await screen.findByTestId('deposit-form');
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect((await screen.findByTestId('deposit-amount-error')).textContent).toBe('The minimum is ฿100.00.');
    expect(screen.getByTestId('deposit-reference-error').textContent).toBe('Enter the reference of the transfer.');
    expect(screen.getByTestId('deposit-amount-input').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('deposit-amount-input'));
    expect(posted).toHaveLength(0);
  });

  it('2.MC.04 a bank transfer is sent with the amount, the Bangkok time of the transfer and the reference', async () => {
    const posted = serve();
    renderWithProviders(<DepositPage />);
    await screen.findByTestId('deposit-form');
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '1,000.50' } });
    fireEvent.change(screen.getByTestId('deposit-time-input'), { target: { value: '2026-11-23T09:15' } });
    fireEvent.change(screen.getByTestId('deposit-reference-input'), { target: { value: ' REF-778 ' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ channel: 'kbank-transfer', amount: '1000.50', transferredAt: '2026-11-23T09:15:00+07:00', reference: 'REF-778' });
    await waitFor(() => expect((screen.getByTestId('deposit-amount-input') as HTMLInputElement).value).toBe(''));
  });

  it("a bank transfer carries the sending account's name when the member gives it (the desk compares it with the real name)", async () => {
    const posted = serve();
    renderWithProviders(<DepositPage />);
    await screen.findByTestId('deposit-form');
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('deposit-reference-input'), { target: { value: 'REF-779' } });
    fireEvent.change(screen.getByTestId('deposit-payer-input'), { target: { value: ' SOMCHAI JAIDEE ' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ reference: 'REF-779', payerName: 'SOMCHAI JAIDEE' });
  });

  it('2.MC.04 a PSP channel sends the member to the provider\'s hosted page', async () => {
    const go = vi.spyOn(paymentRedirect, 'go').mockImplementation(() => undefined);
    const posted = serve({ onPost: () => ({ deposit: deposit({ kind: 'psp', status: 'pending' }), paymentUrl: '/sandbox/psp/pay/abc?lang=en' }) });
    renderWithProviders(<DepositPage />);
    fireEvent.click(within(await screen.findByTestId('deposit-channel-promptpay-sandbox')).getByRole('radio'));
    expect(screen.getByTestId('deposit-form').getAttribute('data-kind')).toBe('psp');
    expect(screen.queryByTestId('deposit-reference-input')).toBeNull();
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/sandbox/psp/pay/abc?lang=en'));
    expect(posted[0]).toEqual({ channel: 'promptpay-sandbox', amount: '300', lang: 'en' });
    expect(screen.getByTestId('deposit-submit').textContent).toBe('Opening the payment page…');
  });

  it('2.MC.04 the history shows each deposit with its status and, when refused, the reason', async () => {
    serve({
      items: [
        deposit({ id: 'D3', status: 'rejected', reason: 'No such transfer', amount: '2500.00' }),
        deposit({ id: 'D2', status: 'credited', amount: '1000.00' }),
        deposit({ id: 'D1', status: 'awaiting_approval', amount: '100.00' }),
      ],
    });
    renderWithProviders(<DepositPage />);
    const items = await screen.findAllByTestId('deposit-item');
    expect(items.map((i) => within(i).getByTestId('deposit-status').textContent)).toEqual(['Rejected', 'Credited', 'Being checked']);
    expect(within(items[0]!).getByTestId('deposit-amount').textContent).toBe('฿2,500.00');
    expect(within(items[0]!).getByTestId('deposit-reason').textContent).toBe('Reason: No such transfer');
  });

  it('a channel outside its opening hours is shown closed with its hours and cannot be chosen; the open one is', async () => {
    const closedBank: TCashierChannel = { ...bank, open: false, hours: { opens: '06:00', closes: '23:30' } };
    const posted = serve({ channels: [closedBank, psp] });
    renderWithProviders(<DepositPage />);
    const closed = await screen.findByTestId('deposit-channel-kbank-transfer');
    expect(within(closed).getByTestId('deposit-channel-closed-kbank-transfer').textContent).toBe('Closed now · open 06:00–23:30 (Bangkok time)');
    const radio = within(closed).getByRole('radio') as HTMLInputElement;
    expect(radio.disabled).toBe(true);
    fireEvent.click(radio);
    expect(radio.checked).toBe(false);
    // The open channel is the one chosen: its form is the one shown.
    expect((within(screen.getByTestId('deposit-channel-promptpay-sandbox')).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('deposit-form').getAttribute('data-kind')).toBe('psp');
    expect(posted).toHaveLength(0);
  });

  it('when every channel is closed, no form is shown and the member is told to come back', async () => {
    await setTestLanguage('th');
    serve({ channels: [{ ...bank, open: false, hours: { opens: '22:00', closes: '02:00' } }] });
    renderWithProviders(<DepositPage />);
    expect((await screen.findByTestId('deposit-channel-closed-kbank-transfer')).textContent).toBe('ปิดอยู่ขณะนี้ · เปิด 22:00–02:00 น. (เวลาประเทศไทย)');
    expect(screen.getByTestId('deposit-all-closed').textContent).toBe('ขณะนี้ทุกช่องทางปิดให้บริการ กรุณากลับมาเมื่อช่องทางเปิด');
    expect(screen.queryByTestId('deposit-form')).toBeNull();
  });

  it('2.MC.04 no channel: an empty notice; a failed load: the reason and a retry', async () => {
    serve({ channels: [] });
    const { unmount } = renderWithProviders(<DepositPage />);
    expect(await screen.findByText(/No payment method is available right now/)).toBeTruthy();
    expect(screen.queryByTestId('deposit-form')).toBeNull();
    unmount();
    mockApi({ '/wps/member/info': () => memberInfo(), '/wps/cashier/channels': () => errorResponse('in_need_true_account', 403), '/wps/cashier/deposits': () => ({ items: [], total: 0, page: 1, pageSize: 15 }) });
    renderWithProviders(<DepositPage />);
    expect((await screen.findByTestId('deposit-channels-error')).textContent).toContain('Please register a real account');
  });
});
