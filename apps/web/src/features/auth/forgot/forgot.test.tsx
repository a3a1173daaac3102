import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLoginResult } from '@lotus/contracts/auth';
import type { TWhitelabel } from '@lotus/contracts/system';
import { errorResponse, jsonResponse, mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { useSession } from '@/lib/session/session-store';
import { verifyWithSlider } from '../verification/slider-store';
import { FLAGS, MEMBER, RULES } from '@/test/fixtures';
import { ForgotForm } from './forgot-form';
import { ForgotModalSlot } from './forgot-modal-slot';
import { openForgotModal, useForgotModal } from './forgot-modal-store';
import { ForgotPage } from './forgot-page';
import { getDefaultForgotTab, getForgotTabs } from './forgot-rules';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));
vi.mock('../verification/slider-store', () => ({ verifyWithSlider: vi.fn() }));
/** The enc calls (reset by phone, the login after it) as the server gets them: the path and the payload in clear. */
const encMock = vi.fn<(path: string, payload: unknown) => unknown>();
const sendEnc = (url: URL, init?: RequestInit) => encMock(url.pathname, (JSON.parse(String(init?.body)) as { clear: unknown }).clear);
const sliderMock = vi.mocked(verifyWithSlider);

beforeAll(() => setTestLanguage('en'));

const LOGIN: TLoginResult = {
  token: 'tok-reset',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  twoFactorRequired: false,
  twoFactorTicket: null,
  userInfo: null,
};

function setup({ flags = {} }: { flags?: Partial<TWhitelabel> } = {}) {
  const calls: { path: string; body: string | null; type: string | null }[] = [];
  const record = (path: string) => (_url: URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ path, body: init?.body instanceof URLSearchParams ? init.body.toString() : (init?.body as string | null) ?? null, type: headers.get('content-type') });
    return { done: true };
  };
  mockApi({
    '/wps/system/whitelabel': () => ({ ...FLAGS, ...flags }),
    '/wps/system/setting/register': () => RULES,
    '/wps/member/password/email': record('/wps/member/password/email'),
    '/wps/member/password/reset': (url, init) => {
      const body = JSON.parse(String(init?.body)) as { token: string };
      if (body.token === 'used') return errorResponse('reset_link_invalid');
      return record('/wps/member/password/reset')(url, init);
    },
    '/wps/verification/sms/noLogin': (url, init) => {
      record('/wps/verification/sms/noLogin')(url, init);
      return { expiredMinutes: 5 };
    },
    '/wps/member/info': () => MEMBER,
    '/wps/member/password/verification': sendEnc,
    '/wps/session/login': sendEnc,
  });
  return calls;
}

const input = (field: string) => screen.getByTestId(`forgot-input-${field}`) as HTMLInputElement;
const type = (field: string, value: string) => fireEvent.change(input(field), { target: { value } });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
};

beforeEach(() => {
  encMock.mockReset();
  sliderMock.mockReset();
  sliderMock.mockResolvedValue('slider-ok');
  useSession.getState().clear();
});
afterEach(() => {
  act(() => closeAllDialogs());
  act(() => useForgotModal.setState({ open: false }));
});

describe('forgot-password tabs (2.FGT)', () => {
  it('2.FGT.01/02 the mobile tab only with CHNGPASSVERIF3, and then the default', () => {
    expect(getForgotTabs({ CHNGPASSVERIF3: true })).toEqual(['email', 'mobile']);
    expect(getDefaultForgotTab({ CHNGPASSVERIF3: true })).toBe('mobile');
    expect(getForgotTabs({ CHNGPASSVERIF3: false })).toEqual(['email']);
    expect(getDefaultForgotTab({ CHNGPASSVERIF3: false })).toBe('email');
  });

  it('2.FGT.02 with CHNGPASSVERIF3 on: email and mobile tabs, mobile selected', async () => {
    setup();
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-phone-form');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Email', 'Mobile number']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Mobile number');
  });

  it('2.FGT.02 with CHNGPASSVERIF3 off: only the email form, no tabs', async () => {
    setup({ flags: { CHNGPASSVERIF3: false } });
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-email-form');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('2.FGT.03 the contact list handed in by the app shows below the forms', async () => {
    setup();
    renderWithProviders(<ForgotPage contactList={<ul data-testid="contact-list" />} />);
    await screen.findByTestId('forgot-phone-form');
    expect(screen.getByTestId('contact-list')).toBeTruthy();
  });
});

describe('forgot by email (3.LOG.07, 4.PWR.03, decision 5.FGP.04)', () => {
  it('5.FGP.04 the username and a valid email are required', async () => {
    const calls = setup({ flags: { CHNGPASSVERIF3: false } });
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-email-form');
    await click('forgot-email-submit');
    expect(screen.getByTestId('forgot-field-username-error').textContent).toBe('Please enter Username');
    expect(screen.getByTestId('forgot-field-email-error').textContent).toBe('Please enter Email');
    type('username', 'alice01');
    type('email', 'alice@example');
    await click('forgot-email-submit');
    expect(screen.getByTestId('forgot-field-email-error').textContent).toMatch(/^A valid email address/);
    expect(calls).toEqual([]);
  });

  it('3.LOG.07 4.PWR.03 posts username + email form-encoded, shows the sent message and closes the modal', async () => {
    const calls = setup();
    act(() => openForgotModal());
    renderWithProviders(<ForgotModalSlot />);
    await screen.findByTestId('forgot-modal');
    fireEvent.click(await screen.findByRole('tab', { name: 'Email' }));
    type('username', ' alice01 ');
    type('email', 'alice@example.com');
    await click('forgot-email-submit');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ path: '/wps/member/password/email', body: 'username=alice01&email=alice%40example.com' });
    await waitFor(() => expect(useForgotModal.getState().open).toBe(false));
  });

  it('4.PWR.03 on the page one message says the link to set a new password was sent', async () => {
    setup({ flags: { CHNGPASSVERIF3: false } });
    renderWithProviders(<ForgotPage />);
    await screen.findByTestId('forgot-email-form');
    type('username', 'alice01');
    type('email', 'alice@example.com');
    await click('forgot-email-submit');
    expect((await screen.findByTestId('forgot-email-sent')).textContent).toBe('We have sent you a link to set a new password. Please check your email.');
    // Once: no toast repeats it beside the form.
    expect(screen.getAllByText(/sent you a link/)).toHaveLength(1);
  });
});

describe('forgot by phone (3.LOG.08, 4.PWR.01/02, 5.FGP.01-03)', () => {
  it('5.FGP.01-03 the number, the code and a new password meeting the rule are required', async () => {
    setup();
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-phone-form');
    await click('forgot-phone-submit');
    expect(screen.getByTestId('forgot-field-mobileNum-error').textContent).toBe('Please enter Mobile number');
    expect(screen.getByTestId('forgot-field-verificationCode-error').textContent).toBe('Please enter Verification code');
    expect(screen.getByTestId('forgot-field-newPassword-error').textContent).toBe('Please enter New password');
    type('mobileNum', '12');
    type('verificationCode', '12');
    type('newPassword', 'abcdef');
    type('confirmPassword', 'abcdeg');
    await click('forgot-phone-submit');
    expect(screen.getByTestId('forgot-field-mobileNum-error').textContent).toBe('8-15 characters, numbers only; a leading 0 is dropped');
    expect(screen.getByTestId('forgot-field-verificationCode-error').textContent).toBe('4-10 characters, numbers only');
    expect(screen.getByTestId('forgot-field-newPassword-error').textContent).toBe('The password must have at least 8 characters');
    expect(screen.getByTestId('forgot-field-confirmPassword-error').textContent).toBe('Incorrect confirmation input');
    expect(sliderMock).not.toHaveBeenCalled();
  });

  it('4.SMS.07 security #5 the get-code button checks the number, has the slider solved, then uses /wps/verification/sms/noLogin', async () => {
    const calls = setup();
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-phone-form');
    await click('forgot-sms-button');
    expect(screen.getByTestId('forgot-field-mobileNum-error')).toBeTruthy();
    expect(calls).toEqual([]);
    // An invalid number sends nothing, so it does not start the 4.SMS.03 one-request-per-second wait.
    type('mobileNum', '812345678');
    await click('forgot-sms-button');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.path).toBe('/wps/verification/sms/noLogin');
    expect(sliderMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'slider-ok' });
  });

  it('4.PWR.01/02 3.LOG.09 resets (enc, with the dialling code), logs in with the new password, closes and goes home', async () => {
    setup();
    encMock.mockImplementation((path) => (path === '/wps/member/password/verification' ? { username: 'alice01' } : LOGIN));
    act(() => openForgotModal());
    renderWithProviders(<ForgotModalSlot />, { route: '/forget' });
    await screen.findByTestId('forgot-phone-form');
    type('mobileNum', '812345678');
    type('verificationCode', '123456');
    type('newPassword', 'lotus1234');
    type('confirmPassword', 'lotus1234');
    await click('forgot-phone-submit');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(encMock.mock.calls[0]).toEqual([
      '/wps/member/password/verification',
      { mobileNum: '812345678', countryDialingCode: '66', verificationCode: '123456', newPassword: 'lotus1234' },
    ]);
    expect(encMock.mock.calls[1]).toEqual([
      '/wps/session/login',
      { username: 'alice01', password: 'lotus1234', type: 'username', sliderToken: 'slider-ok' },
    ]);
    expect(useSession.getState().token).toBe('tok-reset');
    expect(useForgotModal.getState().open).toBe(false);
  });

  it('a wrong code shows beside its label and logs nobody in', async () => {
    setup();
    encMock.mockImplementationOnce(() =>
      jsonResponse({ success: false, message: 'invalid_verification_code', value: null, fields: { verificationCode: 'invalid_verification_code' } }, 400),
    );
    renderWithProviders(<ForgotForm />);
    await screen.findByTestId('forgot-phone-form');
    type('mobileNum', '812345678');
    type('verificationCode', '123456');
    type('newPassword', 'lotus1234');
    type('confirmPassword', 'lotus1234');
    await click('forgot-phone-submit');
    await waitFor(() =>
      expect(screen.getByTestId('forgot-field-verificationCode-error').textContent).toBe('Please enter a valid verification code'),
    );
    expect(encMock).toHaveBeenCalledTimes(1);
    expect(useSession.getState().token).toBeNull();
  });
});

describe('the mailed link (/forget#token=...)', () => {
  it('sets a new password meeting the rule, then goes to /login', async () => {
    const calls = setup();
    renderWithProviders(
      <>
        <ForgotPage />
        <DialogHost />
      </>,
      { route: '/forget#token=tok123456789abcdef' },
    );
    await screen.findByTestId('reset-password-form');
    // Security #18: the token leaves the address bar at once; the form keeps it.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forget'));
    fireEvent.change(screen.getByTestId('reset-input-newPassword'), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByTestId('reset-input-confirmPassword'), { target: { value: 'abcdef' } });
    await click('reset-submit');
    expect(screen.getByTestId('reset-field-newPassword-error').textContent).toBe('The password must have at least 8 characters');
    fireEvent.change(screen.getByTestId('reset-input-newPassword'), { target: { value: 'lotus1234' } });
    fireEvent.change(screen.getByTestId('reset-input-confirmPassword'), { target: { value: 'lotus1234' } });
    await click('reset-submit');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(JSON.parse(calls[0]!.body!)).toEqual({ token: 'tok123456789abcdef', newPassword: 'lotus1234', confirmNewPassword: 'lotus1234' });
  });

  it('a used or expired link says so and offers a new request', async () => {
    setup();
    renderWithProviders(<ForgotPage />, { route: '/forget#token=used' });
    await screen.findByTestId('reset-password-form');
    fireEvent.change(screen.getByTestId('reset-input-newPassword'), { target: { value: 'lotus1234' } });
    fireEvent.change(screen.getByTestId('reset-input-confirmPassword'), { target: { value: 'lotus1234' } });
    await click('reset-submit');
    expect((await screen.findByTestId('reset-link-invalid')).textContent).toContain('This reset link is invalid or has expired');
    fireEvent.click(screen.getByRole('button', { name: 'Request a new link' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forget'));
    expect(await screen.findByTestId('forgot-phone-form')).toBeTruthy();
  });
});
