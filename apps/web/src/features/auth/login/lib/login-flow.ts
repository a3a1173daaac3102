import type { TLoginRequest, TLoginResult } from '@lotus/contracts/auth';
import { isApiError } from '@/lib/api-client';
import type { TLoginInput } from '../api/post-login';
import { hasErrors, toLoginInput, trimLoginValues, validateLogin, type TLoginErrors, type TLoginValues } from './validate-login';

/**
 * The login sequence (4.LOGIN), as plain functions over injected effects so its order is tested
 * without a browser:
 *
 *   submitLogin:   trim -> validate -> slider (not for SMS, not with the captcha) -> login call
 *   completeLogin: store token + user info -> [forced change -> log in again] -> [first-login
 *                  welcome] -> member info -> after-login flag -> route (/ or /agentHome)
 */
export type TPortal = TLoginRequest['portal'];

export type TSubmitOutcome =
  | { kind: 'invalid'; errors: TLoginErrors }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown; captchaRequired: boolean }
  | { kind: 'two-factor'; ticket: string; values: TLoginValues }
  | { kind: 'success'; result: TLoginResult; values: TLoginValues };

export type TSubmitDeps = {
  verifyWithSlider: () => Promise<string | null>;
  login: (input: TLoginInput) => Promise<TLoginResult>;
};

/** Error keys after which the captcha must be shown even when the answer carries no hint. */
const CAPTCHA_ERRORS = new Set(['captcha_required', 'captcha_invalid']);

/** Whether a failed login asks for the captcha (decision 4.CAP.03: details.captchaRequired). */
export function isCaptchaRequired(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.details.hints?.captchaRequired === true || CAPTCHA_ERRORS.has(error.code);
}

export async function submitLogin(
  raw: TLoginValues,
  context: { captchaShown: boolean; captchaId: string | null; portal: TPortal },
  deps: TSubmitDeps,
): Promise<TSubmitOutcome> {
  const values = trimLoginValues(raw);
  const errors = validateLogin(values, { captchaShown: context.captchaShown });
  if (hasErrors(errors)) return { kind: 'invalid', errors };

  // 4.LOGIN.01: the slider after validation and before the call; 4.LOGIN.02: not for SMS login.
  // Docs/adr/0031: one challenge per attempt: with the captcha on the form, the captcha is the
  // attempt's challenge and the slider is skipped.
  const withSlider = async (): Promise<TSubmitOutcome | { sliderToken: string }> => {
    const sliderToken = await deps.verifyWithSlider();
    return sliderToken ? { sliderToken } : { kind: 'cancelled' };
  };
  let sliderToken: string | null = null;
  if (values.mode === 'username' && !context.captchaShown) {
    const slider = await withSlider();
    if (!('sliderToken' in slider)) return slider;
    sliderToken = slider.sliderToken;
  }

  const call = async (token: string | null, captchaShown: boolean): Promise<TSubmitOutcome> => {
    const result = await deps.login(toLoginInput(values, { sliderToken: token, captchaId: context.captchaId, captchaShown, portal: context.portal }));
    if (result.twoFactorRequired && result.twoFactorTicket) return { kind: 'two-factor', ticket: result.twoFactorTicket, values };
    if (!result.token) return { kind: 'failed', error: new Error('login answered without a token'), captchaRequired: false };
    return { kind: 'success', result, values };
  };
  try {
    return await call(sliderToken, context.captchaShown);
  } catch (error) {
    // The captcha the form showed was no longer due (the failures it followed have expired): the
    // server asks for the slider instead; it becomes this attempt's one challenge.
    if (values.mode === 'username' && !sliderToken && isApiError(error) && error.code === 'slider_required') {
      const slider = await withSlider();
      if (!('sliderToken' in slider)) return slider;
      try {
        return await call(slider.sliderToken, false);
      } catch (again) {
        return { kind: 'failed', error: again, captchaRequired: isCaptchaRequired(again) };
      }
    }
    return { kind: 'failed', error, captchaRequired: isCaptchaRequired(error) };
  }
}

export type TCompleteDeps = {
  setLogin: (result: TLoginResult, options: { agentPortal: boolean }) => void;
  /** Opens the forced change-password modal; resolves the new password once changed. */
  changePassword: (options: { oldPassword: string | null }) => Promise<string | null>;
  /** Logs in again with the new password (4.LOGIN.18); null when that did not work. */
  loginAgain: (newPassword: string) => Promise<TLoginResult | null>;
  /** Decision 4.LOGIN.05: the first-login action is a welcome dialog. */
  showFirstLoginWelcome: () => Promise<void>;
  loadMemberInfo: () => Promise<void>;
  /** 4.LOGIN.13: flags the after-login notice (decision 4.LOGIN.14: a welcome-back toast on home). */
  markAfterLogin: () => void;
  navigate: (to: string) => void;
};

export const HOME_PATH = '/';
export const AGENT_HOME_PATH = '/agentHome';

/** Where a finished login lands: home, or /agentHome from the agent page (4.LOGIN.15/16). */
export const getLandingPath = (portal: TPortal) => (portal === 'agent' ? AGENT_HOME_PATH : HOME_PATH);

export async function completeLogin(
  result: TLoginResult,
  context: { portal: TPortal; password: string | null },
  deps: TCompleteDeps,
): Promise<void> {
  const agentPortal = context.portal === 'agent';
  // 4.LOGIN.03: the token goes to sessionStorage and the user info to the store.
  deps.setLogin(result, { agentPortal });

  if (result.forceChangePassword) {
    // 4.LOGIN.11/12: the modal opens and cannot be dismissed; the app knows the old password.
    const newPassword = await deps.changePassword({ oldPassword: context.password });
    if (newPassword) {
      // 4.LOGIN.18: logged in again with the new password (the current session stays valid if not).
      const again = await deps.loginAgain(newPassword);
      if (again?.token) deps.setLogin(again, { agentPortal });
    }
    // Decision 4.LOGIN.05: the first-login welcome comes after the forced change.
    if (result.firstTimeLogin) await deps.showFirstLoginWelcome();
    await deps.loadMemberInfo();
    deps.navigate(getLandingPath(context.portal));
    return;
  }

  if (result.firstTimeLogin) await deps.showFirstLoginWelcome();
  await deps.loadMemberInfo();
  deps.markAfterLogin();
  deps.navigate(getLandingPath(context.portal));
}
