import { ZMobileNum, type TLoginRequest } from '@lotus/contracts/auth';
import type { TLoginInput } from '../api/post-login';

/** The two login methods of the form (3.LOG.01); the tabs show only with MOBILEVERCODELOGIN3 (2.LGN.06). */
export type TLoginMode = 'username' | 'sms';

export type TLoginValues = {
  mode: TLoginMode;
  username: string;
  password: string;
  countryDialingCode: string;
  mobileNum: string;
  smsCode: string;
  captcha: string;
};

export type TLoginField = 'username' | 'password' | 'mobileNum' | 'smsCode' | 'captcha';
/** Field -> i18n key of its message (auth-login namespace). */
export type TLoginErrors = Partial<Record<TLoginField, string>>;

export const EMPTY_LOGIN_VALUES: TLoginValues = {
  mode: 'username',
  username: '',
  password: '',
  countryDialingCode: '66',
  mobileNum: '',
  smsCode: '',
  captcha: '',
};

/** 5.LOGIN.04: every login input is trimmed before it is validated and sent. */
export function trimLoginValues(values: TLoginValues): TLoginValues {
  return {
    mode: values.mode,
    username: values.username.trim(),
    password: values.password.trim(),
    countryDialingCode: values.countryDialingCode.trim().replace(/^\+/, ''),
    mobileNum: values.mobileNum.trim().replace(/[\s-]/g, ''),
    smsCode: values.smsCode.trim(),
    captcha: values.captcha.trim(),
  };
}

/**
 * Decision 5.LOGIN.05: a valid mobile number is 6 to 15 digits (a leading 0 as typed in Thailand is
 * allowed; the server drops it), the same rule as the contracts' ZMobileNum.
 */
export const isValidMobileNum = (value: string) => ZMobileNum.safeParse(value).success;

/**
 * Login validation (5.LOGIN.01-03) on trimmed values: username and password required; the captcha
 * when it is shown; in SMS mode a valid mobile number and the code.
 */
export function validateLogin(values: TLoginValues, options: { captchaShown: boolean }): TLoginErrors {
  const errors: TLoginErrors = {};
  if (values.mode === 'sms') {
    if (values.mobileNum === '') errors.mobileNum = 'validation.mobile_required';
    else if (!isValidMobileNum(values.mobileNum)) errors.mobileNum = 'validation.mobile_invalid';
    if (values.smsCode === '') errors.smsCode = 'validation.code_required';
  } else {
    if (values.username === '') errors.username = 'validation.username_required';
    if (values.password === '') errors.password = 'validation.password_required';
  }
  if (options.captchaShown && values.captcha === '') errors.captcha = 'validation.captcha_required';
  return errors;
}

export const hasErrors = (errors: TLoginErrors) => Object.keys(errors).length > 0;

/**
 * The login call's payload (3.LOG.01/02): in SMS mode the username carries the mobile number and
 * the password the SMS code, with type 'sms' and the dialling code.
 */
export function toLoginInput(
  values: TLoginValues,
  extra: { sliderToken?: string | null; captchaId?: string | null; captchaShown: boolean; portal: TLoginRequest['portal'] },
): TLoginInput {
  const captcha = extra.captchaShown && values.captcha !== '' ? { captcha: values.captcha, captchaId: extra.captchaId ?? undefined } : {};
  if (values.mode === 'sms') {
    return {
      type: 'sms',
      username: values.mobileNum,
      password: values.smsCode,
      countryDialingCode: values.countryDialingCode,
      portal: extra.portal,
      ...captcha,
    };
  }
  return {
    type: 'username',
    username: values.username,
    password: values.password,
    sliderToken: extra.sliderToken ?? undefined,
    portal: extra.portal,
    ...captcha,
  };
}
