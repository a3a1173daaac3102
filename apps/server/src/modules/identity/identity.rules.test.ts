import { isTrialAccount } from '@lotus/contracts/accounts';
import type { TRegisterRequest } from '@lotus/contracts/auth';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTER, DEFAULT_SITE_CONFIG } from '../../db/seed-data/site-config';
import {
  ageInYears,
  checkRegistration,
  e164FromPhoneClaim,
  isAgentLevel,
  isFirstTimeLogin,
  isPasswordChangeForced,
  isPasswordExpired,
  normalizeMobile,
  parseBirthday,
} from './identity.rules';

const flags = DEFAULT_SITE_CONFIG.whitelabel;
const base = (over: Partial<TRegisterRequest> = {}): TRegisterRequest => ({
  registerMethod: 'WEB',
  login: true,
  acceptTerms: true,
  username: 'alice01',
  password: 'lotus-garden-42',
  confirmPassword: 'lotus-garden-42',
  ...over,
});

describe('identity rules', () => {
  it('5.LOGIN.05 mobile numbers are normalised to dialling code + national number without leading zero', () => {
    expect(normalizeMobile('+66', '0812345678')).toEqual({
      dial: '66',
      national: '812345678',
      e164: '66812345678',
    });
    expect(normalizeMobile('66', '812345678')?.e164).toBe('66812345678');
    expect(normalizeMobile('66', '12')).toBeNull();
    expect(normalizeMobile('0', '812345678')).toBeNull();
    expect(e164FromPhoneClaim('+66812345678')).toBe('66812345678');
    expect(e164FromPhoneClaim('0812345678')).toBeNull();
  });

  it('5.HINT.04 birthdays parse in the pattern format and age is counted in full years', () => {
    expect(parseBirthday('2000-02-29', 6)).toBe('2000-02-29');
    expect(parseBirthday('02-29-2000', 7)).toBe('2000-02-29');
    expect(parseBirthday('2001-02-29', 6)).toBeNull();
    expect(parseBirthday('02-29-2000', 6)).toBeNull();
    const now = Date.UTC(2024, 5, 15);
    expect(ageInYears('2006-06-15', now)).toBe(18);
    expect(ageInYears('2006-06-16', now)).toBe(17);
  });

  it('5.REQ.01 5.REQ.02 username tab: username, password and a matching confirmation are required', () => {
    const r = checkRegistration(
      base({ username: '', password: '', confirmPassword: '' }),
      DEFAULT_REGISTER,
      'username',
      flags,
    );
    expect(r.fields).toMatchObject({ username: 'required', password: 'required' });
    const mismatch = checkRegistration(
      base({ confirmPassword: 'abc124' }),
      DEFAULT_REGISTER,
      'username',
      flags,
    );
    expect(mismatch.fields).toEqual({ confirmPassword: 'incorrect_confirmation' });
  });

  it('5.REQ.03 5.REQ.04 mobile tab: the number is required, the password only with MOBILENUMPASSREG3', () => {
    const req = base({
      username: undefined,
      password: undefined,
      confirmPassword: undefined,
      verificationCode: '123456',
    });
    const off = checkRegistration(
      { ...req, mobileNum: '812345678', countryDialingCode: '66' },
      DEFAULT_REGISTER,
      'mobile',
      { ...flags, MOBILENUMPASSREG3: false },
    );
    expect(off.fields).toEqual({});
    expect(off.generatePassword).toBe(true);
    expect(off.generateUsername).toBe(true);
    const on = checkRegistration(
      { ...req, mobileNum: '812345678', countryDialingCode: '66' },
      DEFAULT_REGISTER,
      'mobile',
      flags,
    );
    expect(on.fields).toMatchObject({ password: 'required' });
    const noNumber = checkRegistration(req, DEFAULT_REGISTER, 'mobile', {
      ...flags,
      MOBILENUMPASSREG3: false,
    });
    expect(noNumber.fields).toMatchObject({ mobileNum: 'required' });
  });

  it('5.REQ.05 the SMS code is required with REGMOBVERF3 when a number is registered, not with a phone-auth token', () => {
    const req = base({ mobileNum: '812345678', countryDialingCode: '66' });
    expect(checkRegistration(req, DEFAULT_REGISTER, 'username', flags).fields).toEqual({
      verificationCode: 'required',
    });
    expect(
      checkRegistration(req, DEFAULT_REGISTER, 'username', { ...flags, REGMOBVERF3: false }).fields,
    ).toEqual({});
    expect(
      checkRegistration({ ...req, firebaseIdToken: 'x' }, DEFAULT_REGISTER, 'username', flags).needsSmsCode,
    ).toBe(false);
  });

  it('5.REQ.06 the payment password is required when its field is enabled', () => {
    const rules = {
      ...DEFAULT_REGISTER,
      paymentPassword: { ...DEFAULT_REGISTER.paymentPassword, enabled: true, required: false },
    };
    expect(checkRegistration(base(), rules, 'username', flags).fields).toEqual({
      paymentPassword: 'required',
    });
    expect(checkRegistration(base({ paymentPassword: '123456' }), rules, 'username', flags).fields).toEqual(
      {},
    );
  });

  it('5.VAL.01 5.REQ.07 a disabled field is not validated; others only when configured required', () => {
    const r = checkRegistration(base({ qqNum: 'not digits' }), DEFAULT_REGISTER, 'username', flags);
    expect(r.fields).toEqual({});
    const rules = { ...DEFAULT_REGISTER, line: { ...DEFAULT_REGISTER.line, required: true } };
    expect(checkRegistration(base(), rules, 'username', flags).fields).toEqual({ line: 'required' });
  });

  it('5.REQ.09 an email, when given, must be valid', () => {
    const rules = { ...DEFAULT_REGISTER, email: { ...DEFAULT_REGISTER.email, acceptedPattern: '*' } };
    expect(checkRegistration(base({ email: 'not-an-email' }), rules, 'username', flags).fields).toEqual({
      email: 'pattern',
    });
  });

  it('security #4 the registration password is the floor (8+ characters, no controls) AND the operator rule', () => {
    const pw = (password: string, rules = DEFAULT_REGISTER) =>
      checkRegistration(base({ password, confirmPassword: password }), rules, 'username', flags).fields.password;
    expect(pw('abc123')).toBe('password_too_short');
    expect(pw('tab\tinside-it')).toBe('password_control_characters');
    expect(pw('a'.repeat(129))).toBe('password_too_long');
    expect(pw('my quiet garden by the river')).toBeUndefined();
    // an operator's composition rule (pattern 11) tightens; a maximum of 20 cannot cut 64 characters
    const strict = { ...DEFAULT_REGISTER, password: { ...DEFAULT_REGISTER.password, acceptedPattern: '', patternId: 11, maxLength: 20 } };
    expect(pw('my quiet garden by the river', strict)).toBe('pattern');
    expect(pw('My quiet garden, by the river 2', strict)).toBeUndefined();
  });

  it('4.LOGIN.06-09 the forced change: first login, 123456, expired with the flag; never for sms or firebase', () => {
    const none = {
      loginType: 'username' as const,
      firstTimeLogin: false,
      usedWeakPassword: false,
      passwordExpired: false,
      expiryEnforced: true,
    };
    expect(isPasswordChangeForced(none)).toBe(false);
    expect(isPasswordChangeForced({ ...none, firstTimeLogin: true })).toBe(true);
    expect(isPasswordChangeForced({ ...none, usedWeakPassword: true })).toBe(true);
    expect(isPasswordChangeForced({ ...none, passwordExpired: true })).toBe(true);
    expect(isPasswordChangeForced({ ...none, passwordExpired: true, expiryEnforced: false })).toBe(false);
    expect(
      isPasswordChangeForced({ ...none, loginType: 'sms', usedWeakPassword: true, firstTimeLogin: true }),
    ).toBe(false);
    expect(isPasswordChangeForced({ ...none, loginType: 'firebase', passwordExpired: true })).toBe(false);
    const now = Date.UTC(2024, 0, 1);
    expect(isPasswordExpired(new Date(now - 91 * 86_400_000), 90, now)).toBe(true);
    expect(isPasswordExpired(new Date(now - 89 * 86_400_000), 90, now)).toBe(false);
  });

  it('4.LOGIN.05 first-time login is the first login of an account created by an operator or agent', () => {
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const fresh = { createdAt, passwordChangedAt: createdAt };
    expect(isFirstTimeLogin({ createdBy: 'operator', lastLoginAt: null, ...fresh })).toBe(true);
    expect(isFirstTimeLogin({ createdBy: 'agent', lastLoginAt: null, ...fresh })).toBe(true);
    expect(isFirstTimeLogin({ createdBy: 'operator', lastLoginAt: new Date(), ...fresh })).toBe(false);
    expect(isFirstTimeLogin({ createdBy: 'self', lastLoginAt: null, ...fresh })).toBe(false);
    // a reset by email or phone before the first login: the member chose this password
    const reset = { createdAt, passwordChangedAt: new Date(createdAt.getTime() + 3_600_000) };
    expect(isFirstTimeLogin({ createdBy: 'operator', lastLoginAt: null, ...reset })).toBe(false);
  });

  it('6.ROLE.05-09 agent levels 1, 2, 41, 42; 4 is a trial account', () => {
    for (const level of [1, 2, 41, 42]) expect(isAgentLevel(level)).toBe(true);
    for (const level of [0, 3, 4, 40]) expect(isAgentLevel(level)).toBe(false);
    expect(isTrialAccount({ type: 4, isAgent: 0 })).toBe(true);
    expect(isTrialAccount({ type: 1, isAgent: 4 })).toBe(true);
    expect(isTrialAccount({ type: 1, isAgent: 0 })).toBe(false);
  });
});
