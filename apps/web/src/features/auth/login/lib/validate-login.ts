import { z } from 'zod';
import { ZMobileNum, type TLoginRequest } from '@lotus/contracts/auth';
import { nationalNumber } from '@lotus/contracts/phone';
import type { TLoginInput } from '../api/post-login';

/** The two login methods of the form (3.LOG.01); the tabs show only with MOBILEVERCODELOGIN3 (2.LGN.06). */
export type TLoginMode = 'username' | 'sms';

export type TLoginValues = {
  mode: TLoginMode;
} & TLoginFields;

/** What the form's inputs hold (the method is its tabs). */
export type TLoginFields = {
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

/** 5.LOGIN.04: every login input is trimmed before it is validated and sent; the number is the national one. */
export function trimLoginValues<T extends TLoginFields>(values: T): T {
  return {
    ...values,
    username: values.username.trim(),
    password: values.password.trim(),
    countryDialingCode: values.countryDialingCode.trim().replace(/^\+/, ''),
    // Issue 25: separators and the trunk 0 go (0812345678 with +66 is 812345678).
    mobileNum: nationalNumber(values.mobileNum),
    smsCode: values.smsCode.trim(),
    captcha: values.captcha.trim(),
  };
}

/**
 * Decision 5.LOGIN.05: a valid mobile number is 6 to 15 digits (a leading 0 as typed in Thailand is
 * allowed; the server drops it), the same rule as the contracts' ZMobileNum.
 */
export const isValidMobileNum = (value: string) => ZMobileNum.safeParse(value).success;

const filled = (key: string) => z.string().min(1, { error: key, abort: true });

/**
 * The login form's schema (5.LOGIN.01-03), on trimmed values: username and password, or in SMS mode
 * a valid mobile number and the code; the captcha when it is shown. Each issue's message is the
 * i18n key of its text (auth-login namespace).
 */
export function loginSchema({ mode, captchaShown }: { mode: TLoginMode; captchaShown: boolean }) {
  const method =
    mode === 'sms'
      ? {
          mobileNum: filled('validation.mobile_required').refine(
            isValidMobileNum,
            'validation.mobile_invalid',
          ),
          smsCode: filled('validation.code_required'),
        }
      : {
          username: filled('validation.username_required'),
          password: filled('validation.password_required'),
        };
  return z.preprocess(
    (values: TLoginFields) => trimLoginValues(values),
    z.object({ ...method, captcha: captchaShown ? filled('validation.captcha_required') : z.string() }),
  );
}

/** Login validation with the form's schema: field -> i18n key of its message. */
export function validateLogin(values: TLoginValues, options: { captchaShown: boolean }): TLoginErrors {
  const errors: TLoginErrors = {};
  for (const issue of loginSchema({ mode: values.mode, ...options }).safeParse(values).error?.issues ?? []) {
    errors[issue.path[0] as TLoginField] ??= issue.message;
  }
  return errors;
}

export const hasErrors = (errors: TLoginErrors) => Object.keys(errors).length > 0;

/**
 * The login call's payload (3.LOG.01/02): in SMS mode the username carries the mobile number and
 * the password the SMS code, with type 'sms' and the dialling code.
 */
export function toLoginInput(
  values: TLoginValues,
  extra: {
    sliderToken?: string | null;
    captchaId?: string | null;
    captchaShown: boolean;
    portal: TLoginRequest['portal'];
  },
): TLoginInput {
  const captcha =
    extra.captchaShown && values.captcha !== ''
      ? { captcha: values.captcha, captchaId: extra.captchaId ?? undefined }
      : {};
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
