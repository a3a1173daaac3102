import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDownlineList } from '@lotus/contracts/agent';
import { useSession } from '@/lib/session/session-store';
import { sentPayloads } from '@/test/enc-in-clear';
import { loginResult, memberInfo } from '@/test/fixtures';
import { errorResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { ShareProfitPage } from './components/share-profit-page';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  useSession.getState().setLogin(loginResult());
});

/** The answers of the share call, in order: a value, an error code, or a network failure. */
type ShareAnswer = { value: unknown } | { error: string; status: number } | 'network';

const downlines = (list: TDownlineList['list']): TDownlineList => ({ list, total: list.length, totalPages: 1 });

function serve({ isAgent = 1, secondFactor = false, paymentPasswordSet = true, list = downlines([{ id: 2, username: 'nida01', active: true }, { id: 3, username: 'off02', active: false }]) } = {}) {
  const searches: string[] = [];
  const answers: ShareAnswer[] = [];
  const fetchMock = mockApi({
    '/wps/member/info': () => memberInfo({ currencySymbol: '฿', isAgent }),
    '/wps/member/info/funds/consolidated': () => ({ currency: 'THB', main: '5000.00', total: '5000.00', wallets: [] }),
    '/wps/v2/wallets/balance': () => ({ sumBalance: '5000.00', isSingle: true }),
    '/wps/cashier/withdrawal-settings': () => ({
      minAmount: '100.00', maxAmount: '50000.00', dailyCount: 5, usedToday: 0, remainingToday: 5, hours: { from: '00:00', to: '24:00' }, timeZone: 'Asia/Bangkok', openNow: true,
      turnover: { outstanding: '0.00', multiple: 0, met: true }, autoReceiptMinutes: 30, paymentPasswordSet, secondFactorRequired: secondFactor, realNameSet: true, bankAccounts: 0, maxBankAccounts: 3,
    }),
    '/wps/agent/downlines': (url) => {
      searches.push(url.searchParams.get('search') ?? '');
      return list;
    },
    '/wps/agent/share': () => {
      const answer = answers.shift();
      if (!answer) throw new Error('no answer queued for /wps/agent/share');
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return 'error' in answer ? errorResponse(answer.error, answer.status) : answer.value;
    },
  });
  const shares = () => sentPayloads(fetchMock, '/wps/agent/share');
  return { searches, fetchMock, answers, shares };
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('Share profit with downline (2.MC.06, 2.MC.07)', () => {
  it('2.MC.07 a member who is not an agent sees that the page is for agents and no form; nothing is asked of the agent API', async () => {
    const { fetchMock } = serve({ isAgent: 0 });
    renderWithProviders(<ShareProfitPage />);
    expect((await screen.findByTestId('share-not-agent')).textContent).toContain('This page is for agents.');
    expect(screen.queryByTestId('share-form')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/wps/agent/'))).toBe(false);
  });

  it('2.MC.06 the agent picks a direct downline (inactive ones cannot be picked), types an amount and the payment password; the enc call carries a request key', async () => {
    const { searches, answers, shares } = serve();
    renderWithProviders(<ShareProfitPage />);
    expect((await screen.findByTestId('share-balance')).textContent).toBe('฿5,000.00');
    const off = (await screen.findByTestId('share-downline-off02')).querySelector('input')!;
    expect(off.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('share-downline-nida01').querySelector('input')!);
    fill('share-amount', '1200.50');
    fill('share-password', '246810');
    answers.push({ value: { transactionId: '77', downline: 'nida01', amount: '1200.50', balance: '3799.50' } });
    fireEvent.click(screen.getByTestId('share-submit'));
    await waitFor(() => expect(shares()).toHaveLength(1));
    const body = shares()[0]!;
    expect(body).toMatchObject({ downline: 'nida01', amount: '1200.50', paymentPassword: '246810' });
    expect(body).not.toHaveProperty('totpCode');
    expect((body as { requestKey: string }).requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect((await screen.findByTestId('share-result-amount')).textContent).toBe('฿1,200.50');
    expect(screen.getByTestId('share-result-balance').textContent).toBe('฿3,799.50');
    expect(searches[0]).toBe('');
  });

  it('2.MC.06 step-up: with two-factor on the authenticator code is asked; missing fields are shown beside them and nothing is sent', async () => {
    const { answers, shares } = serve({ secondFactor: true });
    renderWithProviders(<ShareProfitPage />);
    await screen.findByTestId('share-downline-nida01');
    fill('share-amount', '9000');
    fireEvent.click(screen.getByTestId('share-submit'));
    expect((await screen.findByTestId('share-downline-error')).textContent).toBe('Choose a downline member.');
    expect(screen.getByTestId('share-amount-error').textContent).toBe('Your main wallet holds ฿5,000.00.');
    expect(screen.getByTestId('share-password-error').textContent).toBe('Enter your payment password.');
    expect(screen.getByTestId('share-totp-error').textContent).toBe('Enter the code from your authenticator app.');
    expect(shares()).toHaveLength(0);
    fireEvent.click(screen.getByTestId('share-downline-nida01').querySelector('input')!);
    fill('share-amount', '100');
    fill('share-password', '246810');
    fill('share-totp', '123456');
    answers.push({ value: { transactionId: '78', downline: 'nida01', amount: '100.00', balance: '4900.00' } });
    fireEvent.click(screen.getByTestId('share-submit'));
    await waitFor(() => expect(shares()).toHaveLength(1));
    expect(shares()[0]).toMatchObject({ totpCode: '123456' });
  });

  it('2.MC.06 a lost answer keeps the request key (a retry is not a second transfer); a refusal gets a new one', async () => {
    const { answers, shares } = serve();
    renderWithProviders(<ShareProfitPage />);
    fireEvent.click((await screen.findByTestId('share-downline-nida01')).querySelector('input')!);
    const send = () => {
      fill('share-amount', '100');
      fill('share-password', '246810');
      fireEvent.click(screen.getByTestId('share-submit'));
    };
    answers.push('network');
    send();
    await waitFor(() => expect(shares()).toHaveLength(1));
    await waitFor(() => expect((screen.getByTestId('share-password') as HTMLInputElement).value).toBe(''));
    answers.push({ error: 'payment_password_incorrect', status: 400 });
    send();
    await waitFor(() => expect(shares()).toHaveLength(2));
    await waitFor(() => expect((screen.getByTestId('share-password') as HTMLInputElement).value).toBe(''));
    answers.push({ value: { transactionId: '79', downline: 'nida01', amount: '100.00', balance: '4900.00' } });
    send();
    await waitFor(() => expect(shares()).toHaveLength(3));
    const keys = shares().map((c) => c.requestKey as string);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('2.MC.06 an agent without downlines sees the empty note; without a payment password the page sets one in place', async () => {
    serve({ list: downlines([]) });
    const first = renderWithProviders(<ShareProfitPage />);
    expect((await screen.findByTestId('share-downlines-empty')).textContent).toContain('You have no direct downline yet.');
    first.unmount();
    serve({ paymentPasswordSet: false });
    renderWithProviders(<ShareProfitPage />);
    expect(await screen.findByTestId('share-pp-missing')).toBeTruthy();
    expect(screen.getByTestId('pp-form')).toBeTruthy();
    expect(screen.queryByTestId('share-form')).toBeNull();
  });
});
