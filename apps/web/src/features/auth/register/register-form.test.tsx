import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLoginResult } from '@lotus/contracts/auth';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { errorResponse, jsonResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { useSession } from '@/lib/session/session-store';
import { verifyWithSlider } from '../verification/slider-store';
import { RegisterForm } from './register-form';
import { FLAGS, MEMBER, RULES, rule } from '@/test/fixtures';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));
vi.mock('../verification/slider-store', () => ({ verifyWithSlider: vi.fn() }));

/** The registration calls as the server gets them: the path and the payload (in clear: enc-in-clear); answers each. */
const registerMock = vi.fn<(path: string, payload: unknown) => unknown>();
const sendRegistration = (url: URL, init?: RequestInit) =>
  registerMock(url.pathname, (JSON.parse(String(init?.body)) as { clear: unknown }).clear);
const sliderMock = vi.mocked(verifyWithSlider);

beforeAll(() => setTestLanguage('en'));

const LOGIN: TLoginResult = {
  token: 'tok-new',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  twoFactorRequired: false,
  twoFactorTicket: null,
  userInfo: MEMBER,
};

type Setup = { flags?: Partial<TWhitelabel>; rules?: Partial<TRegisterSettings>; route?: string; affiliate?: (code: string) => unknown };

function setup({ flags = {}, rules = {}, route = '/register', affiliate }: Setup = {}) {
  const affiliateCalls: string[] = [];
  const memberInfo = vi.fn(() => MEMBER);
  mockApi({
    '/wps/system/whitelabel': () => ({ ...FLAGS, ...flags }),
    '/wps/system/setting/register': () => ({ ...RULES, ...rules }),
    '/wps/agent/affiliate': (url) => {
      const code = url.searchParams.get('code') ?? '';
      affiliateCalls.push(code);
      return affiliate ? affiliate(code) : code === 'LOTUS01' ? { valid: true, code } : errorResponse('invitation_code_error');
    },
    '/wps/member/info': memberInfo,
    '/wps/member/register': sendRegistration,
    '/wps/member/register/mobile': sendRegistration,
  });
  const onRegistered = vi.fn();
  const params = new URLSearchParams(route.split('?')[1] ?? '');
  const view = renderWithProviders(
    <>
      <RegisterForm referralCode={params.get('referralCode')} affiliateCode={params.get('affiliateCode')} onRegistered={onRegistered} />
      <DialogHost />
    </>,
    { route },
  );
  return { ...view, onRegistered, affiliateCalls, memberInfo };
}

const input = (field: string) => screen.getByTestId(`register-input-${field}`) as HTMLInputElement;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('register-submit'));
  });
};
async function chooseUsernameTab() {
  await screen.findByTestId('register-form');
  const tab = screen.queryByRole('tab', { name: 'Username' });
  if (tab) fireEvent.click(tab);
  expect(screen.getByTestId('register-form').getAttribute('data-tab')).toBe('username');
}
/** Ticks the age and terms box (it starts unticked, issue 25). */
function tickTerms() {
  const terms = screen.getByTestId('register-terms') as HTMLInputElement;
  if (!terms.checked) fireEvent.click(terms);
}
function fillUsernameTab() {
  type('username', 'alice01');
  type('password', 'lotus1234');
  type('confirmPassword', 'lotus1234');
  tickTerms();
}

beforeEach(() => {
  registerMock.mockReset();
  sliderMock.mockReset();
  sliderMock.mockResolvedValue('slider-ok');
  registerMock.mockReturnValue(LOGIN);
  useSession.getState().clear();
});
afterEach(() => {
  act(() => closeAllDialogs());
});

describe('RegisterForm: tabs (2.RGP.08, 4.REG.10)', () => {
  it('2.RGP.08 4.REG.10 with both methods on, the tabs show and mobile is the default', async () => {
    setup();
    const form = await screen.findByTestId('register-form');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Username', 'Mobile number']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Mobile number');
    expect(form.getAttribute('data-tab')).toBe('mobile');
    // Issue 25: the mobile tab offers a username of the player's own, optional, in view.
    expect(input('username').getAttribute('aria-required')).toBeNull();
    expect(screen.getByTestId('register-field-username').closest('details')).toBeNull();
    expect(screen.getByTestId('register-field-username').textContent).toContain('leave it empty and we make one for you');
  });

  it('2.RGP.08 with one method only, no tabs: just that form (username when MOBILENUMREG3 is off)', async () => {
    setup({ flags: { MOBILENUMREG3: false } });
    const form = await screen.findByTestId('register-form');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(form.getAttribute('data-tab')).toBe('username');
  });

  it('4.REG.11 with no method enabled registration is closed', async () => {
    setup({ flags: { MOBILENUMREG3: false, USERNAMEREG3: false } });
    expect((await screen.findByTestId('register-closed')).textContent).toBe('Registration by this method is not available');
  });
});

describe('RegisterForm: fields from the server rules (5.VAL, 5.HINT)', () => {
  it('5.VAL.01 shows the enabled fields only, required ones marked, each with its hint', async () => {
    setup({ rules: { qqNum: rule(true, true, 3, 5, 12), line: rule(false, false, 23, 3, 30) } });
    await chooseUsernameTab();
    expect(screen.getByTestId('register-field-qqNum')).toBeTruthy();
    expect(screen.queryByTestId('register-field-line')).toBeNull();
    expect(screen.queryByTestId('register-field-wechat')).toBeNull();
    const qq = screen.getByTestId('register-field-qqNum');
    expect(qq.querySelector('.acc-field__required')).not.toBeNull();
    expect(qq.textContent).toContain('5-12 characters, numbers only');
    expect(screen.getByTestId('register-field-email').querySelector('.acc-field__required')).toBeNull();
    expect(screen.getByTestId('register-field-username').textContent).toContain(
      '2-15 characters, letters and numbers starting with a letter, no spaces or special characters',
    );
    expect(screen.getByTestId('register-field-payeeName').textContent).toContain('Must match the name on your bank account, in capital letters.');
  });

  it('5.REQ.06 a payment password field shows when enabled, and is required', async () => {
    setup({ rules: { paymentPassword: rule(true, false, 3, 6, 6) } });
    await chooseUsernameTab();
    fillUsernameTab();
    await submit();
    expect(screen.getByTestId('register-field-paymentPassword-error').textContent).toBe('Please enter Withdrawal password');
    expect(sliderMock).not.toHaveBeenCalled();
  });

  it('5.HINT.04 the birthday field (when enabled) refuses an age under 18', async () => {
    setup({ rules: { birthday: rule(true, true, 6, 10, 10) } });
    await chooseUsernameTab();
    fillUsernameTab();
    const now = new Date();
    const young = `${now.getFullYear() - 17}-01-01`;
    type('birthday', young);
    await submit();
    expect(screen.getByTestId('register-field-birthday-error').textContent).toBe('You must be at least 18 years old to register');
  });
});

describe('RegisterForm: the registration sequence (4.REG)', () => {
  it('4.REG.02 5.REQ.08 issue 25 the terms box starts unticked; unticked, registration stops with an error text, shown with the fields\' errors', async () => {
    setup();
    await chooseUsernameTab();
    const terms = screen.getByTestId('register-terms') as HTMLInputElement;
    expect(terms.checked).toBe(false);
    type('username', '1abc');
    await submit();
    expect(screen.getByTestId('register-terms-error').textContent).toBe(
      'Please tick the box to confirm you are of legal age and accept the terms and conditions',
    );
    expect(screen.getByTestId('register-field-username-error')).toBeTruthy();
    expect(document.activeElement).toBe(input('username'));
    fillUsernameTab();
    expect(screen.queryByTestId('register-terms-error')).toBeNull();
    expect(sliderMock).not.toHaveBeenCalled();
    expect(registerMock).not.toHaveBeenCalled();
  });

  it('4.REG.03 8.ERR.03 invalid fields stop registration; each error shows beside its label', async () => {
    setup();
    await chooseUsernameTab();
    type('username', '1abc');
    type('password', 'lotus1234');
    type('confirmPassword', 'abc999');
    await submit();
    const username = screen.getByTestId('register-field-username');
    const head = username.querySelector('.acc-field__head')!;
    expect(within(head as HTMLElement).getByText('2-15 characters, letters and numbers starting with a letter, no spaces or special characters')).toBeTruthy();
    expect(screen.getByTestId('register-field-confirmPassword-error').textContent).toBe('Incorrect confirmation input');
    expect(input('username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('username'));
    expect(sliderMock).not.toHaveBeenCalled();
  });

  it('4.REG.04-07 3.REG.09/10 7.AUTH.09 username tab: slider, then /wps/member/register (enc) with the registration user; logged in, member info loaded, done', async () => {
    const { onRegistered, memberInfo } = setup({ route: '/register?referralCode=DEMO0001' });
    await chooseUsernameTab();
    fillUsernameTab();
    type('email', 'alice@example.com');
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(sliderMock).toHaveBeenCalledTimes(1);
    expect(sliderMock.mock.invocationCallOrder[0]!).toBeLessThan(registerMock.mock.invocationCallOrder[0]!);
    const [path, payload] = registerMock.mock.calls[0]!;
    expect(path).toBe('/wps/member/register');
    expect(payload).toMatchObject({
      username: 'alice01',
      password: 'lotus1234',
      confirmPassword: 'lotus1234',
      email: 'alice@example.com',
      referralCode: 'DEMO0001',
      registerMethod: 'WEB',
      login: true,
      acceptTerms: true,
      sliderToken: 'slider-ok',
      domain: window.location.hostname,
    });
    expect((payload as { registerUrl: string }).registerUrl).toBe(window.location.href);
    expect(payload).not.toHaveProperty('affiliateCode');
    expect(payload).not.toHaveProperty('verificationCode');
    // 4.REG.07: the session holds the new token, member info was loaded.
    expect(useSession.getState().token).toBe('tok-new');
    expect(sessionStorage.getItem('token')).toBe('tok-new');
    expect(memberInfo).toHaveBeenCalled();
  });

  it('4.REG.05 a cancelled slider registers nothing', async () => {
    sliderMock.mockResolvedValue(null);
    const { onRegistered } = setup();
    await chooseUsernameTab();
    fillUsernameTab();
    await submit();
    expect(sliderMock).toHaveBeenCalled();
    expect(registerMock).not.toHaveBeenCalled();
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('5.REQ.03/05 7.AUTH.09 mobile tab: number, SMS code and password go to /wps/member/register/mobile', async () => {
    const { onRegistered } = setup();
    await screen.findByTestId('register-form');
    await waitFor(() => expect(screen.getByTestId('register-country-code-field')).toBeTruthy());
    await submit();
    expect(screen.getByTestId('register-field-mobileNum-error').textContent).toBe('Please enter Mobile number');
    expect(screen.getByTestId('register-field-verificationCode-error').textContent).toBe('Please enter Verification code');
    type('mobileNum', '12');
    await submit();
    expect(screen.getByTestId('register-field-mobileNum-error').textContent).toBe('8-15 characters, numbers only; a leading 0 is dropped');
    // Issue 25: the number as typed at home (leading 0) is taken and sent without it.
    type('mobileNum', '081-234 5678');
    fireEvent.blur(input('mobileNum'));
    expect(input('mobileNum').value).toBe('812345678');
    type('mobileNum', '0812345678');
    type('verificationCode', '123456');
    type('password', 'lotus1234');
    type('confirmPassword', 'lotus1234');
    tickTerms();
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const [path, payload] = registerMock.mock.calls[0]!;
    expect(path).toBe('/wps/member/register/mobile');
    expect(payload).toMatchObject({ mobileNum: '812345678', countryDialingCode: '66', verificationCode: '123456', password: 'lotus1234' });
    expect(payload).not.toHaveProperty('username');
    // Issue 25: the SMS code was the challenge: no second slider, no slider token.
    expect(sliderMock).not.toHaveBeenCalled();
    expect(payload).not.toHaveProperty('sliderToken');
  });

  it('8.ERR.03 field errors of the server show beside their labels', async () => {
    registerMock.mockImplementation(() => jsonResponse({ success: false, message: 'username_taken', value: null, fields: { username: 'username_taken' } }, 409));
    const { onRegistered } = setup();
    await chooseUsernameTab();
    fillUsernameTab();
    await submit();
    await waitFor(() => expect(screen.getByTestId('register-field-username-error').textContent).toBe('This username is already registered'));
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('a failure without fields shows its message in a warning dialog', async () => {
    registerMock.mockImplementation(() => errorResponse('slider_invalid'));
    setup();
    await chooseUsernameTab();
    fillUsernameTab();
    await submit();
    expect((await screen.findByRole('dialog')).textContent).toContain('The slider verification failed, please try again');
  });
});

describe('RegisterForm: affiliate code (4.AFF, 8.ERR.01)', () => {
  it('4.AFF.01/02 a valid affiliate code in the URL is checked, hides the field and is sent', async () => {
    const { affiliateCalls, onRegistered } = setup({ route: '/register?affiliateCode=LOTUS01' });
    await chooseUsernameTab();
    await waitFor(() => expect(affiliateCalls).toEqual(['LOTUS01']));
    await waitFor(() => expect(screen.queryByTestId('register-field-affiliateCode')).toBeNull());
    fillUsernameTab();
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(registerMock.mock.calls[0]![1]).toMatchObject({ affiliateCode: 'LOTUS01' });
  });

  it('4.AFF.03/04 an invalid URL code leaves the field shown, with no dialog', async () => {
    const { affiliateCalls } = setup({ route: '/register?affiliateCode=NOPE' });
    await chooseUsernameTab();
    await waitFor(() => expect(affiliateCalls).toEqual(['NOPE']));
    expect(await screen.findByTestId('register-field-affiliateCode')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('4.AFF.03 without a URL code the field is shown', async () => {
    const { affiliateCalls } = setup();
    await chooseUsernameTab();
    expect(screen.getByTestId('register-field-affiliateCode')).toBeTruthy();
    expect(affiliateCalls).toEqual([]);
  });

  it('4.REG.04 8.ERR.01 an invalid typed code stops registration with the invitation_code_error warning and a confirm button', async () => {
    const { affiliateCalls } = setup();
    await chooseUsernameTab();
    fillUsernameTab();
    type('affiliateCode', 'WRONG1');
    await submit();
    const dialog = await screen.findByRole('dialog');
    expect(affiliateCalls).toEqual(['WRONG1']);
    expect(dialog.textContent).toContain('Invalid invitation code');
    expect(dialog.querySelector('[data-icon="warning"]')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(sliderMock).not.toHaveBeenCalled();
    expect(registerMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('register-field-affiliateCode-error').textContent).toBe('Invalid invitation code');
  });

  it('4.REG.04 a valid typed code is sent', async () => {
    const { onRegistered } = setup();
    await chooseUsernameTab();
    fillUsernameTab();
    type('affiliateCode', 'LOTUS01');
    await submit();
    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    expect(registerMock.mock.calls[0]![1]).toMatchObject({ affiliateCode: 'LOTUS01' });
  });
});

describe('RegisterForm: loading', () => {
  it('shows a retry when the rules cannot be loaded', async () => {
    mockApi({
      '/wps/system/whitelabel': () => FLAGS,
      '/wps/system/setting/register': () => jsonResponse({ success: false, message: 'network_abnormal', value: null }, 502),
    });
    renderWithProviders(<RegisterForm onRegistered={() => {}} />);
    expect(await screen.findByTestId('register-form-error')).toBeTruthy();
  });
});
