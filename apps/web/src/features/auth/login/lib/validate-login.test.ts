import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIN_VALUES, isValidMobileNum, toLoginInput, trimLoginValues, validateLogin } from './validate-login';

describe('login validation (5.LOGIN)', () => {
  it('5.LOGIN.01 username and password are required', () => {
    expect(validateLogin(EMPTY_LOGIN_VALUES, { captchaShown: false })).toEqual({
      username: 'validation.username_required',
      password: 'validation.password_required',
    });
  });

  it('5.LOGIN.02 the captcha is required only when shown', () => {
    const v = { ...EMPTY_LOGIN_VALUES, username: 'a', password: 'b' };
    expect(validateLogin(v, { captchaShown: false })).toEqual({});
    expect(validateLogin(v, { captchaShown: true })).toEqual({ captcha: 'validation.captcha_required' });
  });

  it('5.LOGIN.03/05 SMS mode needs a valid mobile number (6 to 15 digits) and the code', () => {
    const sms = { ...EMPTY_LOGIN_VALUES, mode: 'sms' as const };
    expect(validateLogin(sms, { captchaShown: false })).toEqual({ mobileNum: 'validation.mobile_required', smsCode: 'validation.code_required' });
    expect(validateLogin({ ...sms, mobileNum: '12ab', smsCode: '1' }, { captchaShown: false })).toEqual({ mobileNum: 'validation.mobile_invalid' });
    expect(isValidMobileNum('0812345678')).toBe(true);
    expect(isValidMobileNum('12345')).toBe(false);
    expect(isValidMobileNum('1234567890123456')).toBe(false);
  });

  it('5.LOGIN.04 issue 25 every input is trimmed (spaces and dashes inside a mobile number too, and its leading 0)', () => {
    expect(trimLoginValues({ ...EMPTY_LOGIN_VALUES, username: ' a ', password: ' b ', mobileNum: ' 081-234 5678 ', countryDialingCode: '+66', captcha: ' x ' })).toMatchObject({
      username: 'a',
      password: 'b',
      mobileNum: '812345678',
      countryDialingCode: '66',
      captcha: 'x',
    });
  });

  it('3.LOG.01 the payload carries the captcha and its id only when the captcha is shown', () => {
    const v = { ...EMPTY_LOGIN_VALUES, username: 'a', password: 'b', captcha: 'C' };
    expect(toLoginInput(v, { captchaShown: false, captchaId: 'id', portal: 'member' })).not.toHaveProperty('captcha');
    expect(toLoginInput(v, { captchaShown: true, captchaId: 'id', portal: 'agent' })).toMatchObject({ captcha: 'C', captchaId: 'id', portal: 'agent' });
  });
});
