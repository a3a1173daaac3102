import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TWhitelabel } from '@lotus/contracts/system';
import { ApiError } from '@/lib/api-client';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { jsonResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from '@/lib/session/session-store';
import { closeChangePassword } from '../../password/change-password-store';
import { ChangePasswordHost } from '../../password/components/change-password-host';
import { loginResult, memberInfo, whitelabelFlags } from '@/test/fixtures';
import { postLogin } from '../api/post-login';
import { verifyWithSlider } from '../../verification/slider-store';
import { LoginForm } from './login-form';

vi.mock('../../verification/slider-store', () => ({
  verifyWithSlider: vi.fn(async () => 'slider-token'),
  cancelSlider: vi.fn(),
}));
vi.mock('../api/post-login', () => ({ postLogin: vi.fn() }));

const flags = (over: Partial<TWhitelabel> = {}): TWhitelabel => whitelabelFlags({ PWDLOGIN3: true, ...over });

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function api(whitelabel: TWhitelabel) {
  let captchas = 0;
  return mockApi({
    '/wps/system/whitelabel': () => whitelabel,
    '/wps/member/info': () => memberInfo(),
    '/wps/captcha': () => {
      captchas += 1;
      return new Response(JSON.stringify({ success: true, message: '', value: PNG }), {
        headers: { 'Content-Type': 'application/json', 'captcha-id': `cap-${captchas}` },
      });
    },
    '/wps/system/setting/register': () => jsonResponse({ success: false, message: 'not_found', value: null }, 404),
  });
}

beforeEach(async () => {
  closeAllDialogs();
  closeChangePassword();
  await setTestLanguage('en');
  useSession.getState().clear();
  vi.mocked(postLogin).mockReset();
  vi.mocked(verifyWithSlider).mockClear();
});

// Let a login finish its last steps (member info, navigation) while fetch is still stubbed.
afterEach(async () => {
  closeChangePassword();
  await new Promise((resolve) => setTimeout(resolve, 50));
});

const fill = (username: string, password: string) => {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
};

describe('login form options (2.LGN.06-08)', () => {
  it('security #19 the fields carry the autocomplete the password manager needs (username, current-password, one-time-code)', async () => {
    api(flags({ MOBILEVERCODELOGIN3: true }));
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    expect(screen.getByTestId('login-username').getAttribute('autocomplete')).toBe('username');
    expect(screen.getByTestId('login-password').getAttribute('autocomplete')).toBe('current-password');
    fireEvent.click(within(await screen.findByTestId('login-tabs')).getByText('SMS code'));
    expect(screen.getByTestId('login-sms-code').getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('issue 10 while the flags load the form keeps hidden, inert rows for the tabs, options and social buttons; they go when the flags are in', async () => {
    let answer: (value: TWhitelabel) => void = () => undefined;
    mockApi({ '/wps/system/whitelabel': () => new Promise<TWhitelabel>((resolve) => (answer = resolve)) });
    const { container } = renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    const reserved = [...container.querySelectorAll('[data-pending-row]')];
    expect(reserved.map((row) => row.getAttribute('data-pending-row'))).toEqual(['tabs', 'options', 'social']);
    for (const row of reserved) expect(row.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(container.querySelector('[data-pending-row="tabs"]')?.hasAttribute('inert')).toBe(true);
    answer(flags({ MOBILEVERCODELOGIN3: true }));
    await screen.findByTestId('login-tabs');
    expect(container.querySelectorAll('[data-pending-row]')).toHaveLength(0);
  });

  it('2.LGN.06 without MOBILEVERCODELOGIN3 only the username form shows, no tabs', async () => {
    api(flags());
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    expect(screen.queryByTestId('login-tabs')).toBeNull();
  });

  it('2.LGN.06 with MOBILEVERCODELOGIN3 the username and SMS tabs show; SMS asks for the mobile number and the code', async () => {
    api(flags({ MOBILEVERCODELOGIN3: true }));
    renderWithProviders(<LoginForm />);
    const tabs = await screen.findByTestId('login-tabs');
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Username', 'SMS code']);
    fireEvent.click(within(tabs).getByText('SMS code'));
    expect(screen.getByTestId('login-mobile')).toBeTruthy();
    expect(screen.getByTestId('login-sms-code')).toBeTruthy();
    expect(screen.getByTestId('sms-code-button')).toBeTruthy();
    // 5.LOGIN.03: required and valid.
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your mobile number')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(postLogin).not.toHaveBeenCalled();
  });

  it('2.LGN.07/08 the register, free play, Google and Facebook buttons follow their flags', async () => {
    api(flags());
    const { unmount } = renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    for (const id of ['login-register', 'login-freeplay', 'login-google', 'login-facebook']) expect(screen.queryByTestId(id), id).toBeNull();
    unmount();
    api(flags({ REGBUTTON3: true, FREEPLAY3: true, GOOGLELOGIN3: true, FACEBOOKLOGIN3: true }));
    renderWithProviders(<LoginForm />);
    for (const id of ['login-register', 'login-freeplay', 'login-google', 'login-facebook']) expect(await screen.findByTestId(id), id).toBeTruthy();
  });

  it('2.LGN.06 PWDLOGIN3 off with SMS login on leaves only the SMS form', async () => {
    api(flags({ PWDLOGIN3: false, MOBILEVERCODELOGIN3: true }));
    renderWithProviders(<LoginForm />);
    expect(await screen.findByTestId('login-mobile')).toBeTruthy();
    expect(screen.queryByTestId('login-username')).toBeNull();
    expect(screen.queryByTestId('login-tabs')).toBeNull();
  });
});

describe('login form flow (4.LOGIN, 4.CAP)', () => {
  it('4.CAP.02 4.LOGIN.17 a failure that asks for a captcha shows the error and the captcha, which is then required and sent instead of the slider', async () => {
    api(flags());
    vi.mocked(postLogin).mockRejectedValueOnce(new ApiError('incorrect_username_password', 401, { hints: { captchaRequired: true } }));
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    expect(screen.queryByTestId('captcha-field')).toBeNull();
    fill('demo', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toBe('Incorrect username or password');
    expect(screen.queryByTestId('full-page-loader')).toBeNull();
    expect(await screen.findByTestId('captcha-field')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('captcha-image')).toBeTruthy());

    // 5.LOGIN.02: now required.
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter the captcha')).toBeTruthy();
    expect(postLogin).toHaveBeenCalledTimes(1);

    vi.mocked(postLogin).mockResolvedValueOnce(loginResult());
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'AB12' } });
    fill('demo', 'Demo1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(postLogin).toHaveBeenLastCalledWith(expect.objectContaining({ username: 'demo', captcha: 'AB12', captchaId: 'cap-1' }));
    // Issue 11: one challenge per attempt: the slider ran for the first attempt only.
    expect(vi.mocked(postLogin).mock.lastCall?.[0]).not.toHaveProperty('sliderToken', expect.anything());
    expect(verifyWithSlider).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('token')).toBe('tok-1');
  });

  it('4.LOGIN.01 a captcha that is no longer due gives way to the slider in the same attempt', async () => {
    api(flags());
    vi.mocked(postLogin).mockRejectedValueOnce(new ApiError('incorrect_username_password', 401, { hints: { captchaRequired: true } }));
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    fill('demo', 'wrong');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('captcha-image')).toBeTruthy());
    vi.mocked(postLogin).mockRejectedValueOnce(new ApiError('slider_required', 400, {}));
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult());
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'AB12' } });
    fill('demo', 'Demo1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(postLogin).toHaveBeenCalledTimes(3);
    expect(postLogin).toHaveBeenLastCalledWith(expect.objectContaining({ sliderToken: 'slider-token' }));
    expect(verifyWithSlider).toHaveBeenCalledTimes(2);
  });

  it('4.CAP.02 showCaptcha on shows the captcha from the start', async () => {
    api(flags({ showCaptcha: true }));
    renderWithProviders(<LoginForm />);
    expect(await screen.findByTestId('captcha-field')).toBeTruthy();
  });

  it('4.LOGIN.01 the slider runs after validation and before the call', async () => {
    api(flags());
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult());
    renderWithProviders(<LoginForm />, { route: '/login' });
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(verifyWithSlider).not.toHaveBeenCalled();
    fill('demo', 'Demo1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(vi.mocked(verifyWithSlider).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(postLogin).mock.invocationCallOrder[0]!);
  });

  it('4.LOGIN.16 a login on the agent page sends portal agent and lands on /agentHome', async () => {
    api(flags());
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult({ userInfo: memberInfo({ isAgent: 1 }) }));
    renderWithProviders(<LoginForm portal="agent" />, { route: '/agentHome' });
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    fill('agent01', 'Agent1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(useSession.getState().isAgentPortal).toBe(true));
    expect(postLogin).toHaveBeenCalledWith(expect.objectContaining({ portal: 'agent' }));
    expect(screen.getByTestId('location').textContent).toBe('/agentHome');
  });

  it('4.LOGIN.11/12 5.CPW.04 a forced change opens the change-password modal, which cannot be dismissed and does not ask the old password', async () => {
    api(flags());
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult({ forceChangePassword: true }));
    renderWithProviders(
      <>
        <LoginForm />
        <ChangePasswordHost />
        <DialogHost />
      </>,
      { route: '/login' },
    );
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    fill('weakpw', '123456');
    fireEvent.click(screen.getByTestId('login-submit'));
    const modal = await screen.findByTestId('change-password-modal');
    expect(within(modal).getByText('Please set a new password')).toBeTruthy();
    expect(within(modal).queryByTestId('change-password-modal-close')).toBeNull();
    expect(within(modal).queryByTestId('old-password')).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('change-password-modal-cover'));
    expect(screen.getByTestId('change-password-modal')).toBeTruthy();
    // The session is stored meanwhile, and a reload would bring the modal back.
    expect(sessionStorage.getItem('forcePasswordChange')).toBe('1');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('2.OTH.07 a two-factor answer shows the code step', async () => {
    api(flags());
    vi.mocked(postLogin).mockResolvedValueOnce(loginResult({ token: null, twoFactorRequired: true, twoFactorTicket: 'ticket-1', userInfo: null }));
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(screen.getByTestId('login-username')).toBeTruthy());
    fill('agent01', 'Agent1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('two-factor-step')).toBeTruthy();
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});

describe('login popup (2.MOD.01)', () => {
  it('2.MOD.01 the login popup shows the same form in a modal, with what the header handed over', async () => {
    const { AuthHosts } = await import('./auth-hosts');
    const { openLoginPopup, closeLoginPopup } = await import('../login-ui-store');
    api(flags());
    renderWithProviders(<AuthHosts />);
    openLoginPopup({ username: 'demo', password: 'Demo1234', captcha: true, message: 'Incorrect username or password' });
    const popup = await screen.findByTestId('login-popup');
    expect(within(popup).getByTestId('login-form')).toBeTruthy();
    expect((within(popup).getByTestId('login-username') as HTMLInputElement).value).toBe('demo');
    expect(within(popup).getByTestId('login-error').textContent).toBe('Incorrect username or password');
    expect(await within(popup).findByTestId('captcha-field')).toBeTruthy();
    closeLoginPopup();
    await waitFor(() => expect(screen.queryByTestId('login-popup')).toBeNull());
  });
});
