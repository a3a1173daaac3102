import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TBankAccount, TWithdrawal } from '@lotus/contracts/withdrawal';
import { useSession } from '@/lib/session/session-store';
import { sentPayloads } from '@/test/enc-in-clear';
import { loginResult, memberInfo } from '@/test/fixtures';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import type { TWithdrawalSettingsView } from './api/get-withdrawal-settings';
import { WithdrawPage } from './components/withdraw-page';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));

const settings = (over: Partial<TWithdrawalSettingsView> = {}): TWithdrawalSettingsView => ({
  minAmount: '100.00',
  maxAmount: '50000.00',
  dailyCount: 5,
  usedToday: 1,
  remainingToday: 4,
  hours: { from: '00:00', to: '24:00' },
  timeZone: 'Asia/Bangkok',
  openNow: true,
  turnover: { outstanding: '0.00', multiple: 1, met: true },
  autoReceiptMinutes: 30,
  paymentPasswordSet: true,
  secondFactorRequired: false,
  realNameSet: true,
  bankAccounts: 1,
  maxBankAccounts: 3,
  ...over,
});
const account: TBankAccount = { id: 7, bankCode: 'KBANK', accountNumberMasked: '******7890', accountName: 'SOMCHAI JAIDEE', createdAt: '2026-11-20T00:00:00Z' };
const withdrawal = (over: Partial<TWithdrawal> = {}): TWithdrawal => ({
  id: 11,
  amount: '1500.00',
  status: 'pending',
  bankCode: 'KBANK',
  accountNumberMasked: '******7890',
  accountName: 'SOMCHAI JAIDEE',
  createdAt: '2026-11-23T03:00:00Z',
  paidAt: null,
  confirmBy: null,
  confirmedAt: null,
  rejectReason: null,
  remark: null,
  proofCount: 0,
  resolvedAt: null,
  resolution: null,
  ...over,
});

/** The enc calls' payloads (sent in clear in these tests) to `path` with `method`, in order. */
type Sent = (path: string, method: 'POST' | 'PUT') => Record<string, unknown>[];

function serve({ view = settings(), accounts = [account], items = [] as TWithdrawal[] } = {}) {
  const receipts: { id: string; body: Record<string, unknown> }[] = [];
  const fetchMock = mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿' }),
    '/wps/cashier/withdrawal-settings': () => view,
    '/wps/cashier/bank-accounts': (_url, init) => (init?.method === 'POST' ? account : { items: accounts, max: 3 }),
    '/wps/cashier/withdrawals': (_url, init) =>
      init?.method === 'POST' ? withdrawal() : { items, total: items.length, page: 1, pageSize: 15 },
    '/wps/member/password/payment': () => ({ done: true }),
    '/wps/member/realName': () => ({ realName: 'SOMCHAI JAIDEE' }),
    '/wps/cashier/withdrawals/11/receipt': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      receipts.push({ id: '11', body });
      return withdrawal({ status: body.received ? 'received' : 'not_received' });
    },
    '/wps/v2/wallets/balance': () => ({ sumBalance: '0.00', isSingle: true }),
  });
  const sent: Sent = (path, method) =>
    sentPayloads({ mock: { calls: fetchMock.mock.calls.filter(([, init]) => init?.method === method) } }, path);
  return { receipts, sent };
}

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});

describe('Withdraw (2.MC.05)', () => {
  it('2.MC.05 9.C.04 9.C.05 the limits, today\'s count, hours and turnover are shown in the money format', async () => {
    serve({ view: settings({ turnover: { outstanding: '749.50', multiple: 1, met: false } }) });
    renderWithProviders(<WithdrawPage />);
    expect((await screen.findByTestId('withdraw-limit-per')).textContent).toContain('฿100.00 – ฿50,000.00');
    expect(screen.getByTestId('withdraw-limit-today').textContent).toContain('1 of 5 (4 left)');
    expect(screen.getByTestId('withdraw-limit-hours').textContent).toContain('Open now');
    // issue 23 #2: the wagering still outstanding before a withdrawal.
    expect(screen.getByTestId('withdraw-limit-turnover').textContent).toContain('฿749.50');
    expect(screen.getByTestId('withdraw-turnover-status').textContent).toBe('Not met yet');
    expect(screen.getAllByTestId('bank-account')[0]!.textContent).toContain('Kasikornbank ******7890');
    // issue 25: locked with what is left to bet, the request's fields disabled.
    expect(screen.getByTestId('withdraw-turnover-progress').textContent).toBe('Bet ฿749.50 more to withdraw');
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).closest('fieldset')!.disabled).toBe(true);
  });

  it('2.MC.05 issue 25: without a payment password and an account, one form asks the login password once and sends the payment password, then the account', async () => {
    const { sent } = serve({ view: settings({ paymentPasswordSet: false, bankAccounts: 0 }), accounts: [] });
    renderWithProviders(<WithdrawPage />);
    const setup = await screen.findByTestId('withdraw-setup');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    expect(setup.querySelectorAll('input[autocomplete="current-password"]')).toHaveLength(1);
    expect(screen.queryByTestId('setup-real-name')).toBeNull();
    fireEvent.change(screen.getByTestId('setup-login-password'), { target: { value: 'Lotus2026' } });
    fireEvent.change(screen.getByTestId('setup-pp-new'), { target: { value: '2468' } });
    fireEvent.change(screen.getByTestId('setup-pp-confirm'), { target: { value: '2469' } });
    fireEvent.change(screen.getByTestId('setup-bank'), { target: { value: 'KBANK' } });
    fireEvent.change(screen.getByTestId('setup-number'), { target: { value: '123-456-7890' } });
    fireEvent.change(screen.getByTestId('setup-account-name'), { target: { value: 'somchai jaidee' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect((await screen.findByTestId('setup-pp-confirm-error')).textContent).toBe('The two payment passwords are not the same.');
    expect(sent('/wps/member/password/payment', 'PUT')).toEqual([]);
    fireEvent.change(screen.getByTestId('setup-pp-confirm'), { target: { value: '2468' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() =>
      expect(sent('/wps/cashier/bank-accounts', 'POST')).toEqual([
        { bankCode: 'KBANK', accountNumber: '1234567890', accountName: 'SOMCHAI JAIDEE', paymentPassword: '2468' },
      ]),
    );
    expect(sent('/wps/member/password/payment', 'PUT')).toEqual([{ password: 'Lotus2026', newPaymentPassword: '2468', confirmPaymentPassword: '2468' }]);
  });

  it('2.MC.05 issue 25: without a real name the same form asks for it in capitals and the account is in that name', async () => {
    const { sent } = serve({ view: settings({ realNameSet: false, paymentPasswordSet: false, bankAccounts: 0 }), accounts: [] });
    renderWithProviders(<WithdrawPage />);
    await screen.findByTestId('withdraw-setup');
    fireEvent.change(screen.getByTestId('setup-login-password'), { target: { value: 'Lotus2026' } });
    fireEvent.change(screen.getByTestId('setup-real-name'), { target: { value: 'somchai  jaidee' } });
    fireEvent.change(screen.getByTestId('setup-pp-new'), { target: { value: '2468' } });
    fireEvent.change(screen.getByTestId('setup-pp-confirm'), { target: { value: '2468' } });
    fireEvent.change(screen.getByTestId('setup-bank'), { target: { value: 'KBANK' } });
    fireEvent.change(screen.getByTestId('setup-number'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByTestId('setup-submit'));
    expect((await screen.findByTestId('setup-real-name-error')).textContent).toBe(
      'Use capital letters A-Z, words separated by one space, as on your bank account.',
    );
    expect(sent('/wps/member/realName', 'PUT')).toEqual([]);
    fireEvent.change(screen.getByTestId('setup-real-name'), { target: { value: 'somchai jaidee' } });
    expect(screen.getByTestId('setup-account-name').textContent).toBe('Account name: SOMCHAI JAIDEE');
    fireEvent.click(screen.getByTestId('setup-submit'));
    await waitFor(() => expect(sent('/wps/cashier/bank-accounts', 'POST')).toHaveLength(1));
    expect(sent('/wps/member/realName', 'PUT')).toEqual([{ realName: 'SOMCHAI JAIDEE', password: 'Lotus2026' }]);
    expect(sent('/wps/cashier/bank-accounts', 'POST')[0]).toMatchObject({ accountName: 'SOMCHAI JAIDEE', paymentPassword: '2468' });
  });

  it('2.MC.05 step-up: with two-factor on, the request needs the payment password and the authenticator code', async () => {
    const { sent } = serve({ view: settings({ secondFactorRequired: true }) });
    renderWithProviders(<WithdrawPage />);
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '1500' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-password-error')).textContent).toBe('Enter your payment password.');
    expect(screen.getByTestId('withdraw-totp-error').textContent).toBe('Enter the code from your authenticator app.');
    expect(document.activeElement).toBe(screen.getByTestId('withdraw-password'));
    expect(sent('/wps/cashier/withdrawals', 'POST')).toEqual([]);

    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: 'pay-1234' } });
    fireEvent.change(screen.getByTestId('withdraw-totp'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(sent('/wps/cashier/withdrawals', 'POST')).toHaveLength(1));
    const body = sent('/wps/cashier/withdrawals', 'POST')[0]!;
    expect(body).toMatchObject({ amount: '1500', bankAccountId: 7, paymentPassword: 'pay-1234', totpCode: '123456' });
    expect((body as { requestKey: string }).requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('2.MC.05 an amount outside the limits is refused beside the field', async () => {
    const { sent } = serve();
    renderWithProviders(<WithdrawPage />);
    await screen.findByTestId('withdraw-form');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '60000' } });
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: 'p' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-amount-error')).textContent).toBe('The maximum is ฿50,000.00.');
    expect(sent('/wps/cashier/withdrawals', 'POST')).toEqual([]);
  });

  it('4.WD.01 a paid withdrawal is confirmed received', async () => {
    const { receipts } = serve({ items: [withdrawal({ status: 'awaiting_confirmation', paidAt: '2026-11-23T04:00:00Z', confirmBy: '2026-11-23T04:30:00Z' })] });
    renderWithProviders(<WithdrawPage />);
    const item = await screen.findByTestId('withdrawal-item');
    expect(within(item).getByTestId('withdrawal-status').textContent).toBe('Paid – please confirm');
    expect(item.textContent).toContain('Please confirm by');
    fireEvent.click(within(item).getByTestId('withdrawal-received'));
    await waitFor(() => expect(receipts).toEqual([{ id: '11', body: { received: true } }]));
  });

  it('4.WD.02 4.WD.05 not received needs 1-3 images and a remark of at most 140 characters', async () => {
    const { receipts } = serve({ items: [withdrawal({ status: 'awaiting_confirmation' })] });
    renderWithProviders(<WithdrawPage />);
    fireEvent.click(await screen.findByTestId('withdrawal-not-received'));
    fireEvent.click(screen.getByTestId('nr-submit'));
    expect((await screen.findByTestId('nr-proofs-error')).textContent).toBeTruthy();
    const image = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'proof.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('nr-proofs'), { target: { files: [image, image, image, image] } });
    expect((await screen.findByTestId('nr-proofs-error')).textContent).toBe('You can upload at most 3 images');
    fireEvent.change(screen.getByTestId('nr-proofs'), { target: { files: [image] } });
    fireEvent.change(screen.getByTestId('nr-remark'), { target: { value: 'x'.repeat(141) } });
    fireEvent.click(screen.getByTestId('nr-submit'));
    expect((await screen.findByTestId('nr-remark-error')).textContent).toBe('The remark can be at most 140 characters.');
    fireEvent.change(screen.getByTestId('nr-remark'), { target: { value: 'Not in my account' } });
    fireEvent.click(screen.getByTestId('nr-submit'));
    await waitFor(() => expect(receipts).toHaveLength(1));
    expect(receipts[0]!.body).toEqual({ received: false, remark: 'Not in my account', proofs: [{ data: 'iVBORw==' }] });
  });
});
