import { describe, expect, it } from 'vitest';
import type { TRegisterSettings } from '@lotus/contracts/system';
import { FALLBACK_PASSWORD_RULE, getPasswordRule, validatePasswordChange } from './password-rule';

const rule = { enabled: true, required: true, acceptedPattern: '', patternId: 12, minLength: 8, maxLength: 20 };
const settings = { password: rule } as unknown as TRegisterSettings;

describe('change password validation (5.CPW)', () => {
  it('security #4 5.CPW.02 the rule is the password floor AND the registration rule: never under 8, 64 always fit', () => {
    expect(getPasswordRule(settings)).toMatchObject({ minLength: 8, maxLength: 64, patternId: 12, required: true });
    expect(getPasswordRule(undefined)).toEqual(FALLBACK_PASSWORD_RULE);
    expect(FALLBACK_PASSWORD_RULE).toMatchObject({ minLength: 8, maxLength: 128, acceptedPattern: '*' });
    expect(getPasswordRule({ password: { ...rule, minLength: 2, required: false, enabled: false } } as unknown as TRegisterSettings)).toMatchObject({
      minLength: 8,
      required: true,
      enabled: true,
    });
  });

  it('5.CPW.01 the new password is required and must meet the rule', () => {
    const r = getPasswordRule(settings);
    const base = { oldPassword: 'old', confirmNewPassword: '' };
    expect(validatePasswordChange({ ...base, newPassword: '' }, { askOldPassword: true, rule: r }).newPassword?.key).toBe('password.new_required');
    expect(validatePasswordChange({ ...base, newPassword: 'abc123' }, { askOldPassword: true, rule: r }).newPassword).toEqual({
      key: 'password.length',
      values: { min: 8, max: 64 },
    });
    expect(validatePasswordChange({ ...base, newPassword: 'lettersonly' }, { askOldPassword: true, rule: r }).newPassword?.key).toBe('password.pattern');
    expect(validatePasswordChange({ ...base, newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2026' }, { askOldPassword: true, rule: r })).toEqual({});
  });

  it('security #4 spaces and any printable characters are allowed; control characters are refused', () => {
    const r = FALLBACK_PASSWORD_RULE;
    const pass = 'ดอกบัว บาน under the moon';
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: pass, confirmNewPassword: pass }, { askOldPassword: true, rule: r })).toEqual({});
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'tab\there ok', confirmNewPassword: 'tab\there ok' }, { askOldPassword: true, rule: r }).newPassword).toEqual({
      key: 'errors:password_control_characters',
    });
  });

  it('5.CPW.03 the confirmation is required and must equal the new password', () => {
    const r = getPasswordRule(settings);
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'Lotus2026', confirmNewPassword: '' }, { askOldPassword: true, rule: r }).confirmNewPassword?.key).toBe(
      'password.confirm_required',
    );
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2027' }, { askOldPassword: true, rule: r }).confirmNewPassword?.key).toBe(
      'password.confirm_mismatch',
    );
  });

  it('5.CPW.04 the old password is asked only when the app does not know it', () => {
    const values = { oldPassword: '', newPassword: 'Lotus2026', confirmNewPassword: 'Lotus2026' };
    expect(validatePasswordChange(values, { askOldPassword: true, rule: FALLBACK_PASSWORD_RULE }).oldPassword?.key).toBe('password.old_required');
    expect(validatePasswordChange(values, { askOldPassword: false, rule: FALLBACK_PASSWORD_RULE })).toEqual({});
  });

  it('5.CPW.02 when min equals max a single number is shown', () => {
    const exact = { ...rule, minLength: 64, maxLength: 64 };
    expect(validatePasswordChange({ oldPassword: 'x', newPassword: 'abc12', confirmNewPassword: 'abc12' }, { askOldPassword: false, rule: exact }).newPassword).toEqual({
      key: 'password.length_exact',
      values: { count: 64 },
    });
  });
});
