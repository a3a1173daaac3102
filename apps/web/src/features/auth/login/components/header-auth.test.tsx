import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { jsonResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from '@/lib/session/session-store';
import { loginResult, memberInfo } from '@/test/fixtures';
import { BALANCE_HIDDEN_KEY } from './header-member-bar';
import { HeaderAuth } from './header-auth';
import { postLogin } from '../api/post-login';
import { useLoginUi, closeLoginPopup } from '../login-ui-store';

vi.mock('../../verification/slider-store', () => ({ verifyWithSlider: vi.fn(async () => 'slider-token'), cancelSlider: vi.fn() }));
vi.mock('../api/post-login', () => ({ postLogin: vi.fn() }));

beforeEach(async () => {
  await setTestLanguage('en');
  useSession.getState().clear();
  closeLoginPopup();
  vi.mocked(postLogin).mockReset();
});

function logIn(balance = '1234567.5') {
  useSession.getState().setLogin(loginResult({ userInfo: memberInfo({ balance }) }));
}

describe('header login slot (2.HDR.02/03, 4.BAL)', () => {
  it('2.HDR.02 a visitor sees the login form; a member the logged-in bar', async () => {
    mockApi({});
    const { unmount } = renderWithProviders(<HeaderAuth />);
    expect(screen.getByTestId('header-auth-slot')).toBeTruthy();
    expect(screen.getByTestId('header-username')).toBeTruthy();
    expect(screen.getByTestId('header-password')).toBeTruthy();
    expect(screen.getByTestId('header-login')).toBeTruthy();
    expect(screen.getByTestId('header-register')).toBeTruthy();
    unmount();
    logIn();
    mockApi({ '/wps/member/info': () => memberInfo() });
    renderWithProviders(<HeaderAuth />);
    expect(await screen.findByTestId('header-member-bar')).toBeTruthy();
    expect(screen.queryByTestId('header-auth-slot')).toBeNull();
  });

  it('4.BAL.01 before the first balance arrives the bar says the balance is updating', async () => {
    logIn();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    mockApi({
      '/wps/member/info': () => memberInfo({ balance: '1234567.5' }),
      '/wps/v2/wallets/balance': async () => {
        await gate;
        return { sumBalance: '1234567.50', isSingle: true };
      },
    });
    renderWithProviders(<HeaderAuth />);
    expect((await screen.findByTestId('header-balance')).textContent).toBe('Balance updating…');
    await act(async () => release());
    // 9.C.04/05: two decimals and thousands separators, the member's currency symbol (9.C.06).
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('฿1,234,567.50'));
    // 2.HDR.03: nickname and unread count are in the bar.
    expect(screen.getByTestId('header-nickname').textContent).toBe('DEMO MEMBER');
    expect(screen.getByTestId('header-unread').textContent).toBe('2');
  });

  it('issue 25: the largest balance is the whole text of the amount, with no tooltip standing in for it', async () => {
    logIn('99999999.99');
    mockApi({
      '/wps/member/info': () => memberInfo({ balance: '99999999.99' }),
      '/wps/v2/wallets/balance': () => ({ sumBalance: '99999999.99', isSingle: true }),
    });
    renderWithProviders(<HeaderAuth />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('฿99,999,999.99'));
    expect(screen.getByTestId('header-balance').hasAttribute('title')).toBe(false);
  });

  it('4.BAL.02 the balance hides as stars and shows again; the choice is remembered', async () => {
    logIn();
    mockApi({ '/wps/member/info': () => memberInfo({ balance: '10' }), '/wps/v2/wallets/balance': () => ({ sumBalance: '10.00', isSingle: true }) });
    const { unmount } = renderWithProviders(<HeaderAuth />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('฿10.00'));
    fireEvent.click(screen.getByTestId('header-balance-toggle'));
    expect(screen.getByTestId('header-balance').textContent).toBe('******');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBe('1');
    unmount();
    renderWithProviders(<HeaderAuth />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('******'));
    fireEvent.click(screen.getByTestId('header-balance-toggle'));
    expect(screen.getByTestId('header-balance').textContent).toBe('฿10.00');
    expect(localStorage.getItem(BALANCE_HIDDEN_KEY)).toBeNull();
  });

  it('4.BAL.03 refresh asks the server for the wallet balance again, with a spinner meanwhile', async () => {
    logIn();
    let calls = 0;
    let release: () => void = () => undefined;
    mockApi({
      '/wps/member/info': () => memberInfo({ balance: '10' }),
      '/wps/v2/wallets/balance': async () => {
        calls += 1;
        if (calls > 1) await new Promise<void>((r) => (release = r));
        return { sumBalance: calls > 1 ? '20.00' : '10.00', isSingle: true };
      },
    });
    renderWithProviders(<HeaderAuth />);
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('฿10.00'));
    fireEvent.click(screen.getByTestId('header-balance-refresh'));
    await waitFor(() => expect(screen.getByTestId('header-balance-spinner')).toBeTruthy());
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('฿20.00'));
    expect(calls).toBe(2);
    expect(screen.queryByTestId('header-balance-spinner')).toBeNull();
  });

  it('a 401 on member info ends the stale session on this device', async () => {
    logIn();
    mockApi({ '/wps/member/info': () => jsonResponse({ success: false, message: 'session_expired', value: null }, 401) });
    renderWithProviders(<HeaderAuth />);
    await waitFor(() => expect(screen.getByTestId('header-auth-slot')).toBeTruthy());
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('header login form (2.HDR.03)', () => {
  const submit = (username: string, password: string) => {
    fireEvent.change(screen.getByTestId('header-username'), { target: { value: username } });
    fireEvent.change(screen.getByTestId('header-password'), { target: { value: password } });
    fireEvent.click(screen.getByTestId('header-login'));
  };

  it('4.LOGIN.01/15 logs in from the header (slider, enc call) and goes home with the bar', async () => {
    mockApi({ '/wps/member/info': () => memberInfo() });
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult());
    renderWithProviders(<HeaderAuth />, { route: '/rng' });
    submit(' demo ', 'Demo1234');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(postLogin).toHaveBeenCalledWith(expect.objectContaining({ username: 'demo', password: 'Demo1234', sliderToken: 'slider-token' }));
    expect(await screen.findByTestId('header-member-bar')).toBeTruthy();
  });

  it('4.CAP.02 when the answer asks for a captcha the login popup takes over with what was typed', async () => {
    mockApi({});
    vi.mocked(postLogin).mockRejectedValueOnce(new ApiError('captcha_required', 400, { hints: { captchaRequired: true } }));
    renderWithProviders(<HeaderAuth />);
    submit('demo', 'Demo1234');
    await waitFor(() => expect(useLoginUi.getState().popup.open).toBe(true));
    expect(useLoginUi.getState().popup.initial).toMatchObject({ username: 'demo', password: 'Demo1234', captcha: true });
  });

  it('5.LOGIN.01 a missing field sends nothing; with nothing typed the login popup opens', async () => {
    mockApi({});
    renderWithProviders(<HeaderAuth />);
    fireEvent.change(screen.getByTestId('header-username'), { target: { value: 'demo' } });
    fireEvent.click(screen.getByTestId('header-login'));
    await waitFor(() => expect(screen.getByTestId('header-password').getAttribute('aria-invalid')).toBe('true'));
    expect(postLogin).not.toHaveBeenCalled();
    expect(useLoginUi.getState().popup.open).toBe(false);
    fireEvent.change(screen.getByTestId('header-username'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('header-login'));
    expect(useLoginUi.getState().popup.open).toBe(true);
  });
});
