import { describe, expect, it, vi } from 'vitest';
import type { TLoginResult } from '@lotus/contracts/auth';
import { ApiError } from '@/lib/api-client';
import { loginResult } from '@/test/fixtures';
import { completeLogin, getLandingPath, isCaptchaRequired, submitLogin, type TCompleteDeps } from './login-flow';
import { EMPTY_LOGIN_VALUES, type TLoginValues } from './validate-login';

const result = (over: Partial<TLoginResult> = {}): TLoginResult => loginResult({ userInfo: null, ...over });

const values = (over: Partial<TLoginValues> = {}): TLoginValues => ({ ...EMPTY_LOGIN_VALUES, username: 'demo', password: 'Demo1234', ...over });
const ctx = { captchaShown: false, captchaId: null, portal: 'member' as const };

function recordingDeps(login: () => Promise<TLoginResult> = async () => result(), slider: string | null = 'slider-token') {
  const calls: string[] = [];
  return {
    calls,
    deps: {
      verifyWithSlider: vi.fn(async () => {
        calls.push('slider');
        return slider;
      }),
      login: vi.fn(async (input: unknown) => {
        calls.push('login');
        void input;
        return login();
      }),
    },
  };
}

describe('submitLogin (4.LOGIN.01/02)', () => {
  it('4.LOGIN.01 runs validate -> slider -> login call, in that order, with the slider token', async () => {
    const { calls, deps } = recordingDeps();
    const outcome = await submitLogin(values(), ctx, deps);
    expect(outcome.kind).toBe('success');
    expect(calls).toEqual(['slider', 'login']);
    expect(deps.login).toHaveBeenCalledWith(expect.objectContaining({ username: 'demo', password: 'Demo1234', type: 'username', sliderToken: 'slider-token', portal: 'member' }));
  });

  it('5.LOGIN.01 an invalid form stops before the slider and the call', async () => {
    const { calls, deps } = recordingDeps();
    const outcome = await submitLogin(values({ username: '   ', password: '' }), ctx, deps);
    expect(outcome).toEqual({ kind: 'invalid', errors: { username: 'validation.username_required', password: 'validation.password_required' } });
    expect(calls).toEqual([]);
  });

  it('5.LOGIN.04 inputs are trimmed before they are sent', async () => {
    const { deps } = recordingDeps();
    await submitLogin(values({ username: '  demo ', password: ' Demo1234 ' }), ctx, deps);
    expect(deps.login).toHaveBeenCalledWith(expect.objectContaining({ username: 'demo', password: 'Demo1234' }));
  });

  it('4.LOGIN.01 a closed slider cancels the login without a call', async () => {
    const { calls, deps } = recordingDeps(undefined, null);
    expect((await submitLogin(values(), ctx, deps)).kind).toBe('cancelled');
    expect(calls).toEqual(['slider']);
  });

  it('4.LOGIN.02 3.LOG.02 SMS login skips the slider and sends the mobile number as username and the code as password', async () => {
    const { calls, deps } = recordingDeps();
    const sms = values({ mode: 'sms', username: '', password: '', mobileNum: ' 0812345678 ', countryDialingCode: '+66', smsCode: ' 123456 ' });
    expect((await submitLogin(sms, ctx, deps)).kind).toBe('success');
    expect(calls).toEqual(['login']);
    expect(deps.login).toHaveBeenCalledWith({ type: 'sms', username: '812345678', password: '123456', countryDialingCode: '66', portal: 'member' });
  });

  it('4.CAP.02/03 a failure whose answer says captchaRequired asks for the captcha', async () => {
    const failure = new ApiError('incorrect_username_password', 401, { hints: { captchaRequired: true } });
    const { deps } = recordingDeps(async () => {
      throw failure;
    });
    const outcome = await submitLogin(values(), ctx, deps);
    expect(outcome).toEqual({ kind: 'failed', error: failure, captchaRequired: true });
  });

  it('4.CAP.03 a failure without the hint does not ask for a captcha', async () => {
    const { deps } = recordingDeps(async () => {
      throw new ApiError('member_no_enter', 403);
    });
    expect(await submitLogin(values(), ctx, deps)).toMatchObject({ kind: 'failed', captchaRequired: false });
    expect(isCaptchaRequired(new ApiError('captcha_invalid', 400))).toBe(true);
    expect(isCaptchaRequired(new Error('x'))).toBe(false);
  });

  it('5.LOGIN.02 with the captcha shown it is required, and sent with its id', async () => {
    const { calls, deps } = recordingDeps();
    const shown = { ...ctx, captchaShown: true, captchaId: 'cap-1' };
    expect(await submitLogin(values(), shown, deps)).toEqual({ kind: 'invalid', errors: { captcha: 'validation.captcha_required' } });
    expect(calls).toEqual([]);
    await submitLogin(values({ captcha: ' AB12 ' }), shown, deps);
    expect(deps.login).toHaveBeenCalledWith(expect.objectContaining({ captcha: 'AB12', captchaId: 'cap-1' }));
  });

  it('2.OTH.07 a two-factor answer moves to the code step with its ticket', async () => {
    const { deps } = recordingDeps(async () => result({ token: null, twoFactorRequired: true, twoFactorTicket: 'ticket-1' }));
    expect(await submitLogin(values(), ctx, deps)).toMatchObject({ kind: 'two-factor', ticket: 'ticket-1' });
  });
});

function completeDeps(over: Partial<TCompleteDeps> = {}) {
  const calls: string[] = [];
  const deps: TCompleteDeps = {
    setLogin: vi.fn((r: TLoginResult) => void calls.push(`setLogin:${r.token}`)),
    changePassword: vi.fn(async () => {
      calls.push('changePassword');
      return 'NewPass2026';
    }),
    loginAgain: vi.fn(async (p: string) => {
      calls.push(`loginAgain:${p}`);
      return result({ token: 'tok-2' });
    }),
    showFirstLoginWelcome: vi.fn(async () => void calls.push('welcome')),
    loadMemberInfo: vi.fn(async () => void calls.push('memberInfo')),
    markAfterLogin: vi.fn(() => void calls.push('afterLogin')),
    navigate: vi.fn((to: string) => void calls.push(`navigate:${to}`)),
    ...over,
  };
  return { calls, deps };
}

describe('completeLogin (4.LOGIN.03-18)', () => {
  it('4.LOGIN.03/13/15 stores the login, loads member info, flags the after-login notice, then goes home', async () => {
    const { calls, deps } = completeDeps();
    await completeLogin(result(), { portal: 'member', password: 'Demo1234' }, deps);
    expect(calls).toEqual(['setLogin:tok-1', 'memberInfo', 'afterLogin', 'navigate:/']);
    expect(deps.setLogin).toHaveBeenCalledWith(expect.anything(), { agentPortal: false });
  });

  it('4.LOGIN.16 a login from the agent page lands on /agentHome', async () => {
    const { calls, deps } = completeDeps();
    await completeLogin(result(), { portal: 'agent', password: 'x' }, deps);
    expect(calls.at(-1)).toBe('navigate:/agentHome');
    expect(deps.setLogin).toHaveBeenCalledWith(expect.anything(), { agentPortal: true });
    expect(getLandingPath('member')).toBe('/');
  });

  it('4.LOGIN.11/18 5.CPW.04 a forced change opens the modal with the known password, logs in again with the new one, then goes home', async () => {
    const { calls, deps } = completeDeps();
    await completeLogin(result({ forceChangePassword: true }), { portal: 'member', password: '123456' }, deps);
    expect(deps.changePassword).toHaveBeenCalledWith({ oldPassword: '123456' });
    expect(calls).toEqual(['setLogin:tok-1', 'changePassword', 'loginAgain:NewPass2026', 'setLogin:tok-2', 'memberInfo', 'navigate:/']);
  });

  it('4.LOGIN.04/05 first login: the forced change comes first, then the welcome dialog', async () => {
    const { calls, deps } = completeDeps();
    await completeLogin(result({ forceChangePassword: true, firstTimeLogin: true }), { portal: 'member', password: 'Init1234' }, deps);
    expect(calls.indexOf('changePassword')).toBeLessThan(calls.indexOf('welcome'));
    expect(calls.at(-1)).toBe('navigate:/');
  });

  it('4.LOGIN.04 first login without a forced change (SMS) shows the welcome before going home', async () => {
    const { calls, deps } = completeDeps();
    await completeLogin(result({ firstTimeLogin: true }), { portal: 'member', password: null }, deps);
    expect(calls).toEqual(['setLogin:tok-1', 'welcome', 'memberInfo', 'afterLogin', 'navigate:/']);
  });

  it('4.LOGIN.18 when logging in again fails, the current session is kept and the user still goes home', async () => {
    const { calls, deps } = completeDeps({ loginAgain: vi.fn(async () => null) });
    await completeLogin(result({ forceChangePassword: true }), { portal: 'member', password: '123456' }, deps);
    expect(calls).toEqual(['setLogin:tok-1', 'changePassword', 'memberInfo', 'navigate:/']);
    expect(deps.setLogin).toHaveBeenCalledTimes(1);
  });
});
