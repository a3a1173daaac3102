import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setTestLanguage } from '@/test/render';
import { FLAGS, RULES, rule } from '@/test/fixtures';
import {
  fieldErrorText,
  fromServerFields,
  getDefaultTab,
  getEffectiveRules,
  getTabs,
  getVisibleFields,
  hintText,
  lengthText,
  needsSmsCode,
  patternText,
  showTabs,
  toBirthdayValue,
  validateRegisterForm,
  type FormValues,
  type RegisterTab,
} from './register-rules';

beforeAll(() => setTestLanguage('en'));
const t = i18n.t.bind(i18n);

const ctx = (tab: RegisterTab, rules = RULES, flags = FLAGS, affiliateFromUrl = false) => ({
  tab,
  rules: getEffectiveRules(rules, tab, flags),
  flags,
  affiliateFromUrl,
  now: new Date('2026-06-15T12:00:00Z'),
});

const good: FormValues = { username: 'alice01', password: 'lotus1234', confirmPassword: 'lotus1234' };

describe('registration tabs (2.RGP.08, 4.REG.10/11)', () => {
  it('2.RGP.08 tabs show only when both USERNAMEREG3 and MOBILENUMREG3 are on', () => {
    expect(getTabs(FLAGS)).toEqual(['username', 'mobile']);
    expect(showTabs(FLAGS)).toBe(true);
    expect(showTabs({ ...FLAGS, MOBILENUMREG3: false })).toBe(false);
    expect(getTabs({ ...FLAGS, MOBILENUMREG3: false })).toEqual(['username']);
    expect(getTabs({ ...FLAGS, USERNAMEREG3: false })).toEqual(['mobile']);
  });

  it('4.REG.10 the default tab is mobile when MOBILENUMREG3 is on, otherwise username', () => {
    expect(getDefaultTab(FLAGS)).toBe('mobile');
    expect(getDefaultTab({ ...FLAGS, USERNAMEREG3: false })).toBe('mobile');
    expect(getDefaultTab({ ...FLAGS, MOBILENUMREG3: false })).toBe('username');
  });

  it('4.REG.11 no method enabled: registration is closed (no tab)', () => {
    expect(getDefaultTab({ ...FLAGS, USERNAMEREG3: false, MOBILENUMREG3: false })).toBeNull();
  });
});

describe('fields shown and required (5.VAL.01, 5.REQ)', () => {
  it('5.VAL.01 enabled fields show in order, disabled ones neither show nor validate', () => {
    expect(getVisibleFields(ctx('username'))).toEqual([
      'username',
      'mobileNum',
      'verificationCode',
      'password',
      'confirmPassword',
      'payeeName',
      'email',
      'line',
      'referralCode',
      'affiliateCode',
    ]);
    const noEmail = { ...RULES, email: rule(false, true, 17, 5, 100) };
    expect(getVisibleFields(ctx('username', noEmail))).not.toContain('email');
    expect(validateRegisterForm({ ...good }, ctx('username', noEmail)).email).toBeUndefined();
  });

  it('5.REQ.01 on the username tab username, password and confirmation are required even if configured optional', () => {
    const loose = { ...RULES, username: rule(false, false, 2, 2, 15), password: rule(true, false, 12, 6, 20) };
    const errors = validateRegisterForm({}, ctx('username', loose));
    expect(errors.username?.reason).toBe('required');
    expect(errors.password?.reason).toBe('required');
    expect(errors.confirmPassword?.reason).toBe('required');
  });

  it('5.REQ.02 the confirmation must equal the password', () => {
    const errors = validateRegisterForm({ ...good, confirmPassword: 'abc124' }, ctx('username'));
    expect(errors.confirmPassword?.reason).toBe('incorrect_confirmation');
    expect(fieldErrorText(t, errors.confirmPassword!, 'Confirm password')).toBe('Incorrect confirmation input');
  });

  it('5.REQ.03 the mobile number is required on the mobile tab, optional on the username tab when so configured', () => {
    expect(validateRegisterForm({}, ctx('mobile')).mobileNum?.reason).toBe('required');
    expect(validateRegisterForm({ ...good }, ctx('username')).mobileNum).toBeUndefined();
    const required = { ...RULES, mobileNum: rule(true, true, 18, 8, 15) };
    expect(validateRegisterForm({ ...good, countryDialingCode: '66' }, ctx('username', required)).mobileNum?.reason).toBe('required');
  });

  it('5.REQ.04 the mobile tab shows the password only with MOBILENUMPASSREG3, then required', () => {
    expect(getVisibleFields(ctx('mobile'))).toEqual(expect.arrayContaining(['password', 'confirmPassword']));
    expect(validateRegisterForm({ mobileNum: '812345678', countryDialingCode: '66', verificationCode: '123456' }, ctx('mobile')).password?.reason).toBe(
      'required',
    );
    const off = { ...FLAGS, MOBILENUMPASSREG3: false };
    const fields = getVisibleFields(ctx('mobile', RULES, off));
    expect(fields).not.toContain('password');
    // Issue 25: the username is offered on the mobile tab, optional (the server makes one when empty).
    expect(fields).toContain('username');
    expect(ctx('mobile', RULES, off).rules.username.required).toBe(false);
    expect(fields[0]).toBe('mobileNum');
    expect(validateRegisterForm({ mobileNum: '812345678', countryDialingCode: '66', verificationCode: '123456' }, ctx('mobile', RULES, off))).toEqual({});
  });

  it('5.REQ.05 the SMS code is required with REGMOBVERF3 (always on the mobile tab, when a number is given elsewhere)', () => {
    const c = ctx('mobile');
    expect(needsSmsCode('mobile', {}, FLAGS, c.rules)).toBe(true);
    expect(validateRegisterForm({ mobileNum: '812345678', countryDialingCode: '66', password: 'lotus1234', confirmPassword: 'lotus1234' }, c).verificationCode?.reason).toBe(
      'required',
    );
    const u = ctx('username');
    expect(needsSmsCode('username', {}, FLAGS, u.rules)).toBe(false);
    expect(needsSmsCode('username', { mobileNum: '812345678' }, FLAGS, u.rules)).toBe(true);
    const off = { ...FLAGS, REGMOBVERF3: false };
    expect(needsSmsCode('mobile', {}, off, ctx('mobile', RULES, off).rules)).toBe(false);
    expect(getVisibleFields(ctx('mobile', RULES, off))).not.toContain('verificationCode');
  });

  it('5.REQ.06 the payment password is required whenever it is enabled', () => {
    const withPay = { ...RULES, paymentPassword: rule(true, false, 3, 6, 6) };
    const errors = validateRegisterForm({ ...good }, ctx('username', withPay));
    expect(errors.paymentPassword?.reason).toBe('required');
    expect(validateRegisterForm({ ...good, paymentPassword: '123456' }, ctx('username', withPay)).paymentPassword).toBeUndefined();
  });

  it('5.REQ.07 other fields are required only when configured so', () => {
    expect(validateRegisterForm({ ...good }, ctx('username'))).toEqual({});
    const lineRequired = { ...RULES, line: rule(true, true, 23, 3, 30) };
    expect(validateRegisterForm({ ...good }, ctx('username', lineRequired)).line?.reason).toBe('required');
  });

  it('5.REQ.09 an email, when given, must be a valid address', () => {
    expect(validateRegisterForm({ ...good, email: 'alice@example' }, ctx('username')).email?.reason).toBe('pattern');
    // even when its pattern id would accept anything
    const loose = { ...RULES, email: rule(true, false, 0, 0, 100) };
    expect(validateRegisterForm({ ...good, email: 'not an email' }, ctx('username', loose)).email?.reason).toBe('pattern');
    expect(validateRegisterForm({ ...good, email: 'alice@example.com' }, ctx('username')).email).toBeUndefined();
  });

  it('4.AFF.02 a valid URL affiliate code hides the affiliate field', () => {
    expect(getVisibleFields(ctx('username', RULES, FLAGS, true))).not.toContain('affiliateCode');
    expect(getVisibleFields(ctx('username', RULES, FLAGS, false))).toContain('affiliateCode');
  });
});

describe('field rules and their texts (5.VAL.02-06, 5.PAT)', () => {
  it('5.VAL.02-04 required, length and pattern come from the rule (checkField of the contracts)', () => {
    expect(validateRegisterForm({ ...good, username: '' }, ctx('username')).username?.reason).toBe('required');
    expect(validateRegisterForm({ ...good, username: 'a' }, ctx('username')).username?.reason).toBe('minLength');
    expect(validateRegisterForm({ ...good, username: 'a'.repeat(16) }, ctx('username')).username?.reason).toBe('maxLength');
    expect(validateRegisterForm({ ...good, username: '1abc' }, ctx('username')).username?.reason).toBe('pattern');
    expect(validateRegisterForm({ ...good, password: 'abcdefgh', confirmPassword: 'abcdefgh' }, ctx('username')).password?.reason).toBe('pattern');
    expect(validateRegisterForm({ ...good, payeeName: 'John Smith' }, ctx('username')).payeeName?.reason).toBe('pattern');
    expect(validateRegisterForm({ ...good, payeeName: 'JOHN SMITH' }, ctx('username')).payeeName).toBeUndefined();
  });

  it("5.VAL.07 acceptedPattern '*' accepts any value within the length", () => {
    const star = { ...RULES, line: rule(true, false, 3, 3, 30, '*') };
    expect(validateRegisterForm({ ...good, line: 'any thing!' }, ctx('username', star)).line).toBeUndefined();
  });

  it('5.VAL.05 the error text is chosen by patternId with min and max filled in', () => {
    const errors = validateRegisterForm({ ...good, username: '1abc' }, ctx('username'));
    expect(fieldErrorText(t, errors.username!, 'Username')).toBe(
      '2-15 characters, letters and numbers starting with a letter, no spaces or special characters',
    );
    expect(patternText(t, rule(true, true, 3, 5, 12))).toBe('5-12 characters, numbers only');
    expect(patternText(t, rule(true, true, 11, 8, 32))).toMatch(/^8-32 characters, with a capital letter/);
  });

  it('5.VAL.06 when min equals max a single number is shown', () => {
    expect(lengthText(t, { minLength: 6, maxLength: 6 })).toBe('6 characters');
    expect(patternText(t, rule(true, true, 3, 13, 13))).toBe('13 characters, numbers only');
  });

  it('5.PAT.01 every one of the 24 patterns has its text in EN and TH', async () => {
    for (let id = 0; id < 24; id++) {
      const text = patternText(t, rule(true, true, id, 2, 9));
      expect(text, `pattern ${id}`).not.toContain('patterns.');
    }
    await setTestLanguage('th');
    for (let id = 0; id < 24; id++) expect(patternText(t, rule(true, true, id, 2, 9))).not.toContain('patterns.');
    expect(patternText(t, rule(true, true, 3, 6, 6))).toBe('6 ตัวอักษร ตัวเลขเท่านั้น');
    await setTestLanguage('en');
  });

  it('a required error names the field', () => {
    expect(fieldErrorText(t, { reason: 'required' }, 'Username')).toBe('Please enter Username');
  });
});

describe('hints (5.HINT)', () => {
  const eff = getEffectiveRules(RULES, 'username', FLAGS);
  it('5.HINT.01 the username hint: 2-15 characters starting with a letter, no spaces or special characters', () => {
    expect(hintText(t, 'username', eff)).toBe('2-15 characters, letters and numbers starting with a letter, no spaces or special characters');
  });
  it('5.HINT.02/03 security #4 the password hint: the floor (8, 64 always fit) AND the operator rule (letters and numbers)', () => {
    expect(hintText(t, 'password', eff)).toBe('8-64 characters, with both letters and numbers');
    expect(validateRegisterForm({ ...good, password: 'lotus12', confirmPassword: 'lotus12' }, ctx('username')).password?.reason).toBe('password_too_short');
    expect(validateRegisterForm({ ...good, password: 'lotus1234', confirmPassword: 'lotus1234' }, ctx('username')).password).toBeUndefined();
  });
  it('5.HINT.04 the birthday hint and check: 18 or older', () => {
    const withBirthday = { ...RULES, birthday: rule(true, true, 6, 10, 10) };
    const c = ctx('username', withBirthday);
    expect(hintText(t, 'birthday', c.rules)).toBe('You must be 18 or older.');
    expect(validateRegisterForm({ ...good, birthday: '2008-06-16' }, c).birthday?.reason).toBe('age_restricted');
    expect(validateRegisterForm({ ...good, birthday: '2008-06-15' }, c).birthday).toBeUndefined();
    expect(fieldErrorText(t, { reason: 'age_restricted' }, 'Date of birth')).toBe('You must be at least 18 years old to register');
    // pattern 7: the date input's yyyy-MM-dd is sent as MM-dd-yyyy
    expect(toBirthdayValue('2000-01-31', 7)).toBe('01-31-2000');
    expect(toBirthdayValue('2000-01-31', 6)).toBe('2000-01-31');
    const mdy = ctx('username', { ...RULES, birthday: rule(true, true, 7, 10, 10) });
    expect(validateRegisterForm({ ...good, birthday: '01-31-2000' }, mdy).birthday).toBeUndefined();
  });
  it('5.HINT.05 the real-name hint: match the bank account name, in capitals', () => {
    expect(hintText(t, 'payeeName', eff)).toMatch(/^Must match the name on your bank account, in capital letters\. 2-50 characters, capital letters/);
  });
  it('5.HINT.06 hints follow the configured limits', () => {
    const custom = getEffectiveRules({ ...RULES, username: rule(true, true, 2, 4, 12) }, 'username', FLAGS);
    expect(hintText(t, 'username', custom)).toMatch(/^4-12 characters/);
  });
});

describe('server field errors (8.ERR.03)', () => {
  it('8.ERR.03 the server `fields` map to per-field errors with their rule texts', () => {
    const eff = getEffectiveRules(RULES, 'username', FLAGS);
    const errors = fromServerFields({ username: 'username_taken', password: 'pattern', verificationCode: 'invalid_verification_code' }, eff);
    expect(fieldErrorText(t, errors.username!, 'Username')).toBe('This username is already registered');
    expect(fieldErrorText(t, errors.password!, 'Password')).toBe('8-64 characters, with both letters and numbers');
    // security #4: the common-password refusal is the server's, shown with its catalogue text
    const common = fromServerFields({ password: 'password_common' }, eff);
    expect(fieldErrorText(t, common.password!, 'Password')).toBe('This password is too common or has appeared in a data breach, please choose another');
    expect(fieldErrorText(t, errors.verificationCode!, 'Code')).toBe('Please enter a valid verification code');
  });
});
